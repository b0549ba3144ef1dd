// Declarations are a function of the entry, its files and the shared options only: Vite (mode
// production), esbuild (told `vars.mode: 'production'` inline, as users do), webpack and
// `merged-yaml sync` (NODE_ENV unset: development) write the same bytes — sidecar and map — in
// whichever order they run, each starting from nothing or from another's files.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { run } from '../cli/helpers.ts'
import { build, REPO } from './bundlers.ts'
import type { BundlerName } from './bundlers.ts'
import { scaled } from '../helpers/time-scale.ts'

type Writer = Extract<BundlerName, 'vite' | 'esbuild' | 'webpack'> | 'sync'

const ORDERS: Writer[][] = [
  ['vite', 'esbuild', 'webpack', 'sync'],
  ['sync', 'webpack', 'esbuild', 'vite'],
  ['esbuild', 'sync', 'vite', 'webpack'],
]

/** The shared options: in the config file for sync, given to each bundler as its config would. */
const VARIANTS: Record<string, Record<string, unknown>> = {
  'declarations with provenance (JSDoc and map)': { dts: { provenance: true } },
  'declarations as a one-off build writes them': { dts: true },
}

function project(options: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'my-agree-'))
  cpSync(join(REPO, 'playground/config'), join(dir, 'config'), { recursive: true })
  // An optional layer present while they write: it must not change what any of them writes.
  writeFileSync(join(dir, 'config/local.yaml'), 'api:\n  url: http://192.0.2.1:8080/api\n')
  writeFileSync(join(dir, 'main.js'), "import config from './config/app.merged.yaml'\nglobalThis.config = config\n")
  writeFileSync(join(dir, 'merged-yaml.config.json'), JSON.stringify(options))
  return dir
}

const SIDECAR = 'config/app.merged.d.yaml.ts'

function read(dir: string): { declaration: string; map: string | undefined } {
  const map = join(dir, `${SIDECAR}.map`)
  return {
    declaration: readFileSync(join(dir, SIDECAR), 'utf8'),
    map: existsSync(map) ? readFileSync(map, 'utf8') : undefined,
  }
}

async function write(writer: Writer, dir: string, options: Record<string, unknown>): Promise<void> {
  if (writer === 'sync') {
    const result = await run(['sync'], { cwd: dir })
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    return
  }
  // The bundlers find no config file from the test's working directory: they are given its options.
  await build(writer, { root: dir, entry: 'main.js', options })
}

describe('declarations agree whichever tool wrote them last', () => {
  for (const [variant, options] of Object.entries(VARIANTS))
    it(variant, { timeout: scaled(300_000) }, async () => {
      const dir = project(options)
      try {
        let reference: ReturnType<typeof read> | undefined
        for (const order of ORDERS) {
          rmSync(join(dir, SIDECAR), { force: true })
          rmSync(join(dir, `${SIDECAR}.map`), { force: true })
          for (const writer of order) {
            await write(writer, dir, options)
            const written = read(dir)
            reference ??= written
            expect(written, `${order.join(' → ')}: after ${writer}`).toEqual(reference)
          }
        }
        // Both modes are declared, whichever the build ran in: development's debug panel is optional.
        expect(reference!.declaration).toContain('"debug-panel"?: boolean')
        if (typeof options.dts === 'object') {
          expect(reference!.map).toContain('"version":3')
          // Where each value came from, in the first declared mode (development), whichever mode ran.
          expect(reference!.declaration).toContain('/** env/development.yaml:3 — values over base.yaml:9 */')
        } else expect(reference!.map).toBeUndefined()
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    })
})
