import { fileURLToPath } from 'node:url'
import { main } from '../../packages/cli/src/main.ts'

export const FIXTURES = fileURLToPath(new URL('../fixtures/cli/', import.meta.url))

export interface Run {
  code: number
  stdout: string
  stderr: string
}

/** Runs the CLI in-process from `cwd` (the fixtures folder by default), capturing its output. */
export async function run(
  argv: string[],
  options: { cwd?: string; tty?: boolean; env?: Record<string, string> } = {},
): Promise<Run> {
  let stdout = ''
  let stderr = ''
  const code = await main(argv, {
    stdout: { write: (chunk: string) => (stdout += chunk), isTTY: options.tty ?? false },
    stderr: { write: (chunk: string) => (stderr += chunk), isTTY: options.tty ?? false },
    cwd: options.cwd ?? FIXTURES,
    env: options.env ?? {},
  })
  return { code, stdout, stderr }
}
