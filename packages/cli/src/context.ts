// What a command runs against: its output streams (with their colours), the working directory and
// the environment. The bin passes the process's; tests pass buffers.
import { createStyle } from './format.ts'
import type { Style, Writer } from './format.ts'

export interface CliIo {
  stdout: Writer
  stderr: Writer
  /** Relative entries, --root and displayed paths are relative to this. @default process.cwd() */
  cwd?: string
  /** Read for NO_COLOR. @default process.env */
  env?: Readonly<Record<string, string | undefined>>
}

export interface Context {
  stdout: Writer
  stderr: Writer
  cwd: string
  /** The environment (NODE_ENV gives the default mode). */
  env: Readonly<Record<string, string | undefined>>
  /** Colours for stdout and for stderr, each on only when that stream is a terminal. */
  out: Style
  err: Style
}

export const EXIT_OK = 0
export const EXIT_DIAGNOSTICS = 1
export const EXIT_USAGE = 2

export function createContext(io: CliIo): Context {
  const env = io.env ?? process.env
  return {
    stdout: io.stdout,
    stderr: io.stderr,
    cwd: io.cwd ?? process.cwd(),
    env,
    out: createStyle(io.stdout, env),
    err: createStyle(io.stderr, env),
  }
}
