// The Vite host's answer to chokidar dropping a file's second `change` within 50 ms (paulmillr/chokidar#1455),
// on a stand-in watcher whose events the test tells: the window is the test's, whatever the machine's load.
// A real dev server's case is in vite-hmr.test.ts. An internal module: the host's quirk has no public API.
import { EventEmitter } from 'node:events'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { recoverDroppedChanges } from '../../src/hosts/dropped-changes.ts'

const DELAY = 40
const past = () => new Promise((resolve) => setTimeout(resolve, DELAY * 3))

let dir: string
let layer: string
let watcher: EventEmitter & { closed?: boolean }
let told: string[]

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'my-dropped-changes-'))
  layer = join(dir, 'layer.yaml')
  writeFileSync(layer, 'a: 1\n')
  watcher = new EventEmitter()
  told = []
  recoverDroppedChanges(watcher, (file) => file === layer, DELAY)
  // Registered after the recovery, as Vite's own listener is before it: what the server would see.
  watcher.on('change', (file: string) => told.push(file))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('a change the watcher dropped', () => {
  it('is told again once the window has passed', async () => {
    watcher.emit('change', layer)
    // The second write, whose own event the watcher dropped.
    writeFileSync(layer, 'a: 22\n')
    await past()
    expect(told).toEqual([layer, layer])
    // The change told again starts a check of its own, which finds the file as it left it: told once.
    await past()
    expect(told).toEqual([layer, layer])
  })

  it('is told again when the second write keeps the size', async () => {
    watcher.emit('change', layer)
    // A clock tick later (kernels before Linux 6.13 give a write within the same tick the same mtime).
    await new Promise((resolve) => setTimeout(resolve, DELAY / 2))
    writeFileSync(layer, 'a: 2\n')
    await past()
    expect(told).toEqual([layer, layer])
  })

  it('is not told when nothing was written after the change', async () => {
    watcher.emit('change', layer)
    await past()
    expect(told).toEqual([layer])
  })

  it('is not told twice when the watcher told the second write itself', async () => {
    watcher.emit('change', layer)
    writeFileSync(layer, 'a: 22\n')
    watcher.emit('change', layer)
    await past()
    expect(told).toEqual([layer, layer])
  })

  it('is not looked for in a file no entry read, nor told to a closed watcher', async () => {
    const other = join(dir, 'other.yaml')
    writeFileSync(other, 'b: 1\n')
    watcher.emit('change', other)
    writeFileSync(other, 'b: 22\n')
    watcher.emit('change', layer)
    writeFileSync(layer, 'a: 22\n')
    watcher.closed = true
    await past()
    expect(told).toEqual([other, layer])
  })

  it('is not told for a file deleted after the change: the watcher tells the deletion (`unlink`)', async () => {
    watcher.emit('change', layer)
    rmSync(layer)
    await past()
    expect(told).toEqual([layer])
  })
})
