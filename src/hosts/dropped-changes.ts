// Vite's file watcher (chokidar, bundled in Vite 6 to 8) drops a file's `change` that comes within 50 ms
// of the one before, and sends nothing when that window ends (paulmillr/chokidar#1455). A layer written
// twice in quick succession (a branch switch, a generator, a formatter after the save, a test) would be
// served as the first write left it until its next edit. So, for the files entries read, each change
// seen takes the file's stat, and the stat is taken again once the window has passed: a difference is a
// change the watcher dropped, told again as the watcher would have told it.
import { statSync } from 'node:fs'

/** chokidar's window for one file's `change` events, and a margin for the write's own event to arrive. */
const RECHECK_AFTER_MS = 50 + 30

/** The part of Vite's watcher this needs: its `change` event, which it listens to and may be sent. */
interface ChangeWatcher {
  on(event: 'change', listener: (file: string) => void): unknown
  emit(event: 'change', file: string): unknown
  /** chokidar's: set once the watcher is closed (a closed server gets no late event). */
  readonly closed?: boolean
}

const MISSING = 'missing'

/**
 * A file's size, times and inode, or `missing`: a write changes at least its mtime and ctime (to the
 * nanosecond since Linux 6.13 once a stat has read them; before, a write of the same size within one
 * clock tick, a few ms, keeps them).
 */
function stampOf(file: string): string {
  const stat = statSync(file, { bigint: true, throwIfNoEntry: false })
  return stat ? `${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}:${stat.ino}` : MISSING
}

/**
 * Tells `watcher` again of a change to a file `concerns` accepts that it dropped. Each `change` (the
 * ones told again included) starts one check of that file; the last one of a burst is the one made.
 */
export function recoverDroppedChanges(
  watcher: ChangeWatcher,
  concerns: (file: string) => boolean,
  delay = RECHECK_AFTER_MS,
): void {
  const checks = new Map<string, NodeJS.Timeout>()
  watcher.on('change', (file) => {
    if (!concerns(file)) return
    clearTimeout(checks.get(file))
    // Taken as the change is told: a write after it, inside the window, is what the check looks for.
    const stamp = stampOf(file)
    const check = setTimeout(() => {
      checks.delete(file)
      const now = stampOf(file)
      // A deletion is the watcher's to tell (`unlink`, never dropped so).
      if (!watcher.closed && now !== stamp && now !== MISSING) watcher.emit('change', file)
    }, delay)
    // A server closing does not wait for a check.
    check.unref()
    checks.set(file, check)
  })
}
