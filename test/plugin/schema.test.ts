// An entry with a JSON Schema in every bundler: a value a deep layer breaks fails the build at that
// layer's line (with the include chain and the code frame), strict: false builds with a warning;
// in watch mode an edit of the schema rebuilds, a violation is reported, and a fix recovers.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { build, bunUnavailable, REPO, removeDir } from './bundlers.ts'
import type { BundlerName } from './bundlers.ts'
import { WATCHERS } from './watchers.ts'
import type { Outcome, WatchBundler } from './watchers.ts'

const FIXTURE = join(REPO, 'test/fixtures/plugin/schema')
const BUNDLERS: BundlerName[] = ['vite', 'rollup', 'rolldown', 'webpack', 'rspack', 'esbuild', 'farm', 'bun']
const SKIPPED: Partial<Record<BundlerName, string | undefined>> = { bun: bunUnavailable() }
const WATCH_BUNDLERS: WatchBundler[] = ['vite', 'rollup', 'rolldown', 'webpack', 'rspack', 'esbuild']
const STEP_TIMEOUT = 60_000

function evaluate(code: string): unknown {
  const sandbox: Record<string, unknown> = {}
  // A browser-like global; Farm's runtime also probes `require`/`__filename` when there is no document.
  sandbox.window = sandbox
  sandbox.require = createRequire(import.meta.url)
  sandbox['__filename'] = 'main.js'
  runInNewContext(code, sandbox)
  return sandbox['__mergedYamlResult']
}

let root: string
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'my-plugin-schema-'))
  cpSync(FIXTURE, root, { recursive: true })
})
afterAll(() => removeDir(root))

describe.each(BUNDLERS)('%s build', (bundler) => {
  const skip = SKIPPED[bundler]
  const title = (text: string) => (skip ? `${text} (skipped: ${skip})` : text)

  it.skipIf(skip)(title('fails at the line of the deep layer that set the bad value'), async () => {
    const error = await build(bundler, { root, entry: 'broken.js', options: { dts: false } }).then(
      () => undefined,
      (e: unknown) => e as Error,
    )
    expect(error, 'the build must fail').toBeInstanceOf(Error)
    const message = error!.message
    expect(message).toContain('teams/shop/override.yaml:3:3: error MY_SCHEMA_VIOLATION: /server/port: must be integer')
    expect(message).toContain('included from teams/all.yaml:2')
    expect(message).toContain('included from broken.merged.yaml:4')
    expect(message).toContain('> 3 |   port: eighty')
  })

  it.skipIf(skip)(title('builds it with strict: false, the violation a warning'), async () => {
    const code = await build(bundler, { root, entry: 'broken.js', options: { dts: false, strict: false } })
    expect(evaluate(code)).toMatchObject({ server: { port: 'eighty' } })
  })
})

function valueOf(outcome: Outcome): unknown {
  if ('error' in outcome) throw new Error(`build failed: ${outcome.error}`)
  const sandbox: Record<string, unknown> = {}
  runInNewContext(outcome.code, sandbox)
  return sandbox['__mergedYamlResult']
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300))

describe.each(WATCH_BUNDLERS)('%s watch mode', (bundler) => {
  it(
    'an edit of the schema rebuilds: a violation is reported, a fix recovers',
    { timeout: 6 * STEP_TIMEOUT },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), `my-plugin-schema-watch-${bundler}-`))
      cpSync(FIXTURE, dir, { recursive: true })
      const seen: Outcome[] = []
      let from = 0
      const until = <T>(check: (outcome: Outcome) => T): Promise<T> =>
        vi.waitFor(
          () => {
            for (let i = from; i < seen.length; i++) {
              try {
                const result = check(seen[i]!)
                from = i + 1
                return result
              } catch {
                // not this build
              }
            }
            throw new Error(`no matching build among ${JSON.stringify(seen.slice(from)).slice(0, 1500)}`)
          },
          { timeout: STEP_TIMEOUT, interval: 100 },
        )
      const watching = await WATCHERS[bundler]({ root: dir, entry: 'main.js', options: { dts: false } }, (o) => {
        seen.push(o)
      })
      try {
        await until((o) => expect(valueOf(o)).toMatchObject({ name: 'shop' }))
        const schemaFile = join(dir, 'app.schema.json')
        const schema = readFileSync(schemaFile, 'utf8')
        await settle()
        writeFileSync(schemaFile, schema.replace('"maximum": 65535', '"maximum": 80'))
        await until((o) => {
          expect(o).toHaveProperty('error')
          expect((o as { error: string }).error).toMatch(
            /(base|env\/\w+)\.yaml:\d:3: error MY_SCHEMA_VIOLATION: \/server\/port: must be <= 80/,
          )
        })
        await settle()
        writeFileSync(schemaFile, schema)
        await until((o) => expect(valueOf(o)).toMatchObject({ name: 'shop', server: { host: expect.any(String) } }))
      } finally {
        await watching.close()
        removeDir(dir)
      }
    },
  )
})
