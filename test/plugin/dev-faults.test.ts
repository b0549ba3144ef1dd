// The Vite dev server under faults: a declaration that cannot be written is a warning and the server
// goes on answering; a layer read in the middle of an editor's save (truncated, then written) is not
// served; a layer's warnings are printed when they change, not on every render of every entry that
// includes it. File-system faults are injected into node:fs as the plugin's modules see it (Vite's
// own modules are not affected); tests run as root, for whom no folder is read-only.
import { writeFileSync as writeFileNow } from 'node:fs'
import type * as NodeFs from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ViteDevServer } from 'vite'
import MergedYaml from '../../src/vite.ts'
import { lines, writeTree } from '../helpers/tree.ts'
import { removeDir } from './bundlers.ts'
import { scaled } from '../helpers/time-scale.ts'

const faults = vi.hoisted(() => ({
  /** Thrown by writes of the plugin's temporary files (`*.tmp`). */
  write: undefined as Error | undefined,
  /** Run before a file is read (the plugin's reads). */
  beforeRead: undefined as ((path: string) => void) | undefined,
}))

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>()
  const writeFileSync: typeof fs.writeFileSync = (path, ...rest) => {
    if (faults.write && String(path).endsWith('.tmp')) throw faults.write
    fs.writeFileSync(path, ...rest)
  }
  const readFileSync = ((path: NodeFs.PathOrFileDescriptor, ...rest: unknown[]) => {
    faults.beforeRead?.(String(path))
    return (fs.readFileSync as (...args: unknown[]) => unknown)(path, ...rest)
  }) as typeof fs.readFileSync
  return { ...fs, default: { ...fs, writeFileSync, readFileSync }, writeFileSync, readFileSync }
})

// Generous: the machine is shared and file watching is batched.
const WAIT = { timeout: scaled(30_000), interval: 50 }

// cloud-init keeps base.yaml's values: production.yaml's key is a MY_MERGE_DISCARDED warning.
const files = {
  'base.yaml': lines('#cloud-config', 'merge_how: dict(recurse_list)+list(append)+str()', 'api:', '  timeoutMs: 5000'),
  'production.yaml': lines('api:', '  timeoutMs: 2500'),
  'app.merged.yaml': lines('#include', 'base.yaml', 'production.yaml'),
  'admin.merged.yaml': lines('#include', 'base.yaml', 'production.yaml'),
  'a.yaml': lines('a: 1', 'whole: true'),
  'b.yaml': lines('b: 2'),
  'saved.merged.yaml': lines('#include', 'a.yaml', 'b.yaml'),
}

let root: string
let server: ViteDevServer
let origin: string
const logged: string[] = []
const printed: string[] = []

beforeAll(async () => {
  root = writeTree(files, 'dev-faults')
  const { createLogger, createServer } = await import('vite')
  const logger = createLogger('silent')
  logger.warn = (message) => void logged.push(message)
  vi.spyOn(console, 'warn').mockImplementation((...args) => void printed.push(args.join(' ')))
  server = await createServer({
    root,
    configFile: false,
    customLogger: logger,
    clearScreen: false,
    server: { port: 0, host: '127.0.0.1', watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
    plugins: [MergedYaml({ dts: true, cache: false })],
  })
  await server.listen()
  const address = server.httpServer!.address()
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
})

afterAll(async () => {
  vi.restoreAllMocks()
  await server?.close()
  if (root) removeDir(root)
})

async function get(path: string): Promise<{ status: number; text: string }> {
  // Loaded again: what an edit's hot update does.
  server.environments.client.moduleGraph.invalidateAll()
  // As the browser imports it (`?import`): else Vite serves the file as it is.
  const response = await fetch(`${origin}${path}?import`)
  return { status: response.status, text: await response.text() }
}

const discarded = () => logged.filter((line) => line.includes('MY_MERGE_DISCARDED')).length

describe('the dev server', () => {
  it("prints a layer's warnings when they change, not at every render", async () => {
    for (const entry of ['/app.merged.yaml', '/admin.merged.yaml', '/app.merged.yaml', '/admin.merged.yaml'])
      expect((await get(entry)).status).toBe(200)
    expect(discarded()).toBe(1)
    // An edit of the layer that keeps the warning shows it again, once.
    writeFileNow(join(root, 'production.yaml'), lines('api:', '  timeoutMs: 2600'))
    for (const entry of ['/app.merged.yaml', '/admin.merged.yaml']) expect((await get(entry)).status).toBe(200)
    expect(discarded()).toBe(2)
  })

  it('does not serve a layer read in the middle of a save: renders again', async () => {
    // The editor truncated a.yaml; it writes it while the render reads b.yaml.
    writeFileNow(join(root, 'a.yaml'), '')
    faults.beforeRead = (path) => {
      if (!path.endsWith('b.yaml')) return
      faults.beforeRead = undefined
      writeFileNow(join(root, 'a.yaml'), lines('a: 1', 'whole: true'))
    }
    const { status, text } = await get('/saved.merged.yaml')
    expect(status).toBe(200)
    expect(faults.beforeRead).toBeUndefined()
    expect(text).toContain('whole')
  })

  it('answers a layer that changes at every read after a bounded number of renders', async () => {
    // Each read of one layer rewrites the other: every render ends with a layer changed since its read.
    let reads = 0
    writeFileNow(join(root, 'a.yaml'), lines('a: 0'))
    faults.beforeRead = (path) => {
      if (path.endsWith('/a.yaml')) writeFileNow(join(root, 'b.yaml'), lines(`b: ${reads}`))
      if (!path.endsWith('/b.yaml')) return
      reads++
      writeFileNow(join(root, 'a.yaml'), lines('a: 1', 'whole: true', `edit: ${reads}`))
    }
    try {
      expect((await get('/saved.merged.yaml')).status).toBe(200)
    } finally {
      faults.beforeRead = undefined
    }
    // The first render and three more (MAX_RENDERS_AGAIN); the check after a render may read b.yaml too.
    expect(reads).toBeGreaterThanOrEqual(4)
    expect(reads).toBeLessThanOrEqual(8)
  })

  it('warns once about a declaration it cannot write, and goes on answering', async () => {
    faults.write = Object.assign(new Error("EROFS: read-only file system, open 'x.tmp'"), { code: 'EROFS' })
    try {
      // A new type: the declaration must be written again.
      writeFileNow(join(root, 'b.yaml'), lines('b: three'))
      expect((await get('/saved.merged.yaml')).status).toBe(200)
      await vi.waitFor(() => expect(printed.join('\n')).toContain('MY_DTS_UNWRITABLE'), WAIT)
      expect(printed.filter((line) => line.includes('MY_DTS_UNWRITABLE'))).toHaveLength(1)
      // The one warning names the first declaration of the round that failed (another entry's may be pending too).
      expect(printed.join('\n')).toMatch(/\w+\.merged\.d\.yaml\.ts/)
      expect((await get('/app.merged.yaml')).status).toBe(200)
    } finally {
      faults.write = undefined
    }
  })
})
