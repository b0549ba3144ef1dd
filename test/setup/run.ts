// A child process run to its end without blocking this one (the global setups run in vitest's main
// process, which serves the test workers meanwhile), with its output as a terminal shows it.
import { spawn } from 'node:child_process'

export interface Run {
  code: number | null
  /** stdout and stderr together. */
  output: string
}

/** Runs `command`; after `timeoutMs`, or when `signal` aborts, it is killed (and its code is null). */
export function run(
  command: string,
  args: readonly string[],
  cwd: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs, signal })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', (error) => resolve({ code: null, output: `${output}${error.message}` }))
    child.on('close', (code, signal) => resolve({ code, output: signal ? `${output}\n(killed: ${signal})` : output }))
  })
}
