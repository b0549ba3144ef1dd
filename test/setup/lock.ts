// A lock between test runs of one checkout (two `vitest` processes building dist/ or installing the
// frameworks at once): a file created exclusively, holding its owner's pid. A lock whose owner has
// died is taken over, so no run ever waits on a lock nobody holds; a live owner is waited for at
// most as long as the work it does may take.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}

function ownerAlive(file: string): boolean {
  const text = readText(file)
  if (text === undefined) return false
  // Created but not written yet: its owner is between two calls.
  if (text === '') return true
  const pid = Number(text)
  if (!Number.isInteger(pid) || pid <= 0) return false
  if (pid === process.pid) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists, owned by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Runs `work` holding the lock `file` (its folder created if missing). Waits for a live owner up to
 * `maxWaitMs` (then throws), takes over the lock of a dead one.
 */
export async function withLock<T>(file: string, maxWaitMs: number, work: () => Promise<T>): Promise<T> {
  mkdirSync(dirname(file), { recursive: true })
  const deadline = Date.now() + maxWaitMs
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' })
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    if (!ownerAlive(file)) {
      // Its owner died: only the pid we read is removed, never a newer owner's lock.
      const text = readText(file)
      await sleep(100)
      if (text !== undefined && readText(file) === text) rmSync(file, { force: true })
      continue
    }
    if (Date.now() > deadline) throw new Error(`${file} is held by pid ${readText(file)} for too long`)
    await sleep(500)
  }
  try {
    return await work()
  } finally {
    rmSync(file, { force: true })
  }
}
