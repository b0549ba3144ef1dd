// Global setup of the `frameworks` project (test/frameworks): the one install of the frameworks the
// example apps build with, started here and left running while the other projects' tests run; each
// framework test file waits for its end (test/frameworks/install.ts). Runs only when a test of the
// project is queued, so `vitest run test/engine` installs nothing.
import { installFrameworks } from '../frameworks/install.ts'

export default function setup(): () => Promise<void> {
  const abort = new AbortController()
  const installing = installFrameworks(abort.signal)
  // A run that ends (or is stopped) before the install does stops npm and releases the lock.
  return async () => {
    abort.abort()
    await installing
  }
}
