// An entry with a JSON Schema in every bundler: a value a deep layer breaks fails the build at that
// layer's line (with the include chain and the code frame), strict: false builds with a warning;
// in watch mode an edit of the schema rebuilds, a violation is reported, and a fix recovers.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, BUNDLERS, bunUnavailable, evaluateBundle, REPO, removeDir } from './bundlers.ts'
import type { BundlerName } from './bundlers.ts'
import { createOutcomes, WATCH_BUNDLERS, WATCHERS } from './watchers.ts'
import type { Outcome } from './watchers.ts'
import { scaled } from '../helpers/time-scale.ts'

const FIXTURE = join(REPO, 'test/fixtures/plugin/schema')
const SKIPPED: Partial<Record<BundlerName, string | undefined>> = { bun: bunUnavailable() }
const STEP_TIMEOUT = scaled(60_000)

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
    expect(evaluateBundle(code)).toMatchObject({ server: { port: 'eighty' } })
  })
})

function valueOf(outcome: Outcome): unknown {
  if ('error' in outcome) throw new Error(`build failed: ${outcome.error}`)
  return evaluateBundle(outcome.code)
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300))

describe.each(WATCH_BUNDLERS)('%s watch mode', (bundler) => {
  it(
    'an edit of the schema rebuilds: a violation is reported, a fix recovers',
    { timeout: 6 * STEP_TIMEOUT },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), `my-plugin-schema-watch-${bundler}-`))
      cpSync(FIXTURE, dir, { recursive: true })
      const { report, until } = createOutcomes(STEP_TIMEOUT)
      const watching = await WATCHERS[bundler]({ root: dir, entry: 'main.js', options: { dts: false } }, report)
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
