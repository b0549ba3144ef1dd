// Validation against a Standard Schema module (Zod 4, Valibot 1, ArkType 2, and hand-written ones):
// each issue an error at the layer line that set the value at its path, with the library's message,
// every issue in one run; the module's value is the schema's output; a module that does not load, a
// schema that throws and an output that is no data are located errors.
import { writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatDiagnostic, isMergedYamlError, prepareEntry, render, renderSync } from '@merged-yaml/core'
import type { Diagnostic, RenderOptions } from '@merged-yaml/core'
import { lines, writeTree } from '../helpers/tree.ts'

const root = resolve(import.meta.dirname, '../fixtures/standard-schema')
const entry = join(root, 'app.merged.yaml')
const production = { vars: { mode: 'production' } }
const development = { vars: { mode: 'development' } }

async function failure(file: string, options: RenderOptions): Promise<Diagnostic[]> {
  const error = await render(file, options).catch((e: unknown) => e)
  if (!isMergedYamlError(error)) throw new Error(`expected a MergedYamlError, got ${String(error)}`)
  return error.diagnostics
}

const brief = (base: string) => (d: Diagnostic) =>
  `${d.file.slice(base.length + 1)}:${d.line}:${d.column} ${d.code} ${d.message}`

describe.each([
  {
    library: 'zod',
    issues: [
      'env/production.yaml:2:3 MY_SCHEMA_VIOLATION /server/port: Invalid input: expected number, received string ' +
        '(zod.schema.ts#appSchema, zod)',
      'env/production.yaml:4:3 MY_SCHEMA_VIOLATION /log/level: Invalid option: expected one of ' +
        '"debug"|"info"|"warn" (zod.schema.ts#appSchema, zod)',
      'env/production.yaml:5:20 MY_SCHEMA_VIOLATION /features/1: Invalid input: expected string, received number ' +
        '(zod.schema.ts#appSchema, zod)',
    ],
  },
  {
    library: 'valibot',
    issues: [
      'env/production.yaml:2:3 MY_SCHEMA_VIOLATION /server/port: Invalid type: Expected number but received "eighty" ' +
        '(valibot.schema.ts#appSchema, valibot)',
      'env/production.yaml:4:3 MY_SCHEMA_VIOLATION /log/level: Invalid type: Expected ("debug" | "info" | "warn") ' +
        'but received "verbose" (valibot.schema.ts#appSchema, valibot)',
      'env/production.yaml:5:20 MY_SCHEMA_VIOLATION /features/1: Invalid type: Expected string but received 42 ' +
        '(valibot.schema.ts#appSchema, valibot)',
    ],
  },
  {
    library: 'arktype',
    issues: [
      // ArkType's own order: the issues as the library lists them.
      'env/production.yaml:5:20 MY_SCHEMA_VIOLATION /features/1: features[1] must be a string (was a number) ' +
        '(arktype.schema.ts#appSchema, arktype)',
      'env/production.yaml:4:3 MY_SCHEMA_VIOLATION /log/level: log.level must be "debug", "info" or "warn" ' +
        '(was "verbose") (arktype.schema.ts#appSchema, arktype)',
      'env/production.yaml:2:3 MY_SCHEMA_VIOLATION /server/port: server.port must be a number (was a string) ' +
        '(arktype.schema.ts#appSchema, arktype)',
    ],
  },
])('$library', ({ library, issues }) => {
  const schema = `${library}.schema.ts#appSchema`

  it('fails at the layer line that set each bad value, every issue in one run, with the include chain', async () => {
    const diagnostics = await failure(entry, { root, schema, ...production })
    expect(diagnostics.map(brief(root))).toEqual(issues)
    const text = formatDiagnostic(
      diagnostics.find((d) => d.message.startsWith('/server/port'))!,
      root,
    )
    expect(text).toContain('included from app.merged.yaml:3')
    expect(text).toContain('port: eighty')
  })

  it("exports the schema's output (a default filled in), and depends on the schema's own modules", async () => {
    const result = await render(entry, { root, schema, ...development })
    expect(result.value).toEqual({
      name: 'shop',
      server: { host: 'localhost', port: 5173 },
      log: { level: 'debug' },
      features: ['search'],
      retries: 3,
    })
    expect(result.schema).toMatchObject({ kind: 'standard', file: join(root, schema.split('#')[0]!), vendor: library })
    expect(result.files).toContain(join(root, `${library}.schema.ts`))
    if (library !== 'arktype') expect(result.files).toContain(join(root, 'levels.ts'))
  })
})

describe('the module and its export', () => {
  it('takes the default export without #', async () => {
    const result = await render(entry, { root, schema: 'zod.schema.ts', ...development })
    expect(result.schema).toMatchObject({ kind: 'standard', exportName: 'default' })
  })

  it('a schema map from entry globs names modules too', async () => {
    const result = await render(entry, {
      root,
      schema: { '*.merged.yaml': 'valibot.schema.ts#appSchema' },
      ...development,
    })
    expect(result.schema).toMatchObject({ kind: 'standard', vendor: 'valibot' })
  })

  const tree = (schema: string) =>
    writeTree({ 'app.merged.yaml': lines('port: 80'), 'app.schema.mjs': schema }, 'standard-schema')

  it('an export that is missing, or no Standard Schema, is MY_SCHEMA_MODULE at the schema file', async () => {
    const dir = tree(lines('export const a = 1', 'export const other = { "~standard": { version: 1, validate() {} } }'))
    const [missing] = await failure(join(dir, 'app.merged.yaml'), { root: dir, schema: 'app.schema.mjs#nope' })
    expect(missing).toMatchObject({ code: 'MY_SCHEMA_MODULE', file: join(dir, 'app.schema.mjs'), line: 1 })
    expect(missing!.message).toBe(
      "app.schema.mjs#nope: the schema module has no export 'nope'; its Standard Schema exports: #other",
    )
    const [notSchema] = await failure(join(dir, 'app.merged.yaml'), { root: dir, schema: 'app.schema.mjs#a' })
    expect(notSchema!.message).toContain("its export 'a' is not a Standard Schema: the number 1")
  })

  it('a module that does not run is MY_SCHEMA_MODULE with its error', async () => {
    const dir = tree(lines('throw new Error("no config for you")'))
    const [d] = await failure(join(dir, 'app.merged.yaml'), { root: dir, schema: 'app.schema.mjs' })
    expect(d).toMatchObject({ code: 'MY_SCHEMA_MODULE', file: join(dir, 'app.schema.mjs') })
    expect(d!.message).toContain('the schema module does not load (Error: no config for you)')
  })

  it('a schema that throws is MY_SCHEMA_THREW at its export, the message bounded', async () => {
    const dir = tree(
      lines(
        '// a schema',
        'export default {',
        '  "~standard": { version: 1, vendor: "hand", validate() { throw new Error("boom " + "x".repeat(5000)) } },',
        '}',
      ),
    )
    const [d] = await failure(join(dir, 'app.merged.yaml'), { root: dir, schema: 'app.schema.mjs' })
    expect(d).toMatchObject({ code: 'MY_SCHEMA_THREW', file: join(dir, 'app.schema.mjs'), line: 2, column: 1 })
    expect(d!.message).toMatch(/^app\.schema\.mjs: the schema threw while validating the value \(Error: boom x+…\)$/)
    expect(d!.message.length).toBeLessThan(600)
  })

  it('an async schema is awaited; its issues are located like any', async () => {
    const dir = tree(
      lines(
        'export default { "~standard": { version: 1, vendor: "hand", async validate(value) {',
        '  await new Promise((resolve) => setTimeout(resolve, 5))',
        '  return value.port === 80 ? { issues: [{ message: "y".repeat(2000), path: [{ key: "port" }] }] } : { value }',
        '} } }',
      ),
    )
    const [d] = await failure(join(dir, 'app.merged.yaml'), { root: dir, schema: 'app.schema.mjs' })
    expect(d).toMatchObject({ code: 'MY_SCHEMA_VIOLATION', file: join(dir, 'app.merged.yaml'), line: 1, column: 1 })
    // A library's message is cut: diagnostics stay readable whatever the schema says.
    expect(d!.message.length).toBeLessThan(600)
    writeFileSync(join(dir, 'app.merged.yaml'), lines('port: 81'))
    expect((await render(join(dir, 'app.merged.yaml'), { root: dir, schema: 'app.schema.mjs' })).value).toEqual({
      port: 81,
    })
  })

  it('an output that is no data is MY_SCHEMA_OUTPUT at the layer that set the value', async () => {
    const dir = tree(
      lines(
        'export default { "~standard": { version: 1, vendor: "hand",',
        '  validate: (value) => ({ value: { ...value, port: new Date(value.port) } }) } }',
      ),
    )
    const [d] = await failure(join(dir, 'app.merged.yaml'), { root: dir, schema: 'app.schema.mjs' })
    expect(d).toMatchObject({ code: 'MY_SCHEMA_OUTPUT', file: join(dir, 'app.merged.yaml'), line: 1 })
    expect(d!.message).toContain("/port: the schema's output is a Date")
  })

  it('strict: false makes issues warnings and keeps the merged value', async () => {
    const result = await render(entry, { root, schema: 'zod.schema.ts#appSchema', strict: false, ...production })
    expect(result.warnings.map((w) => w.code)).toEqual(Array(3).fill('MY_SCHEMA_VIOLATION'))
    expect(result.value).toMatchObject({ server: { port: 'eighty' } })
  })

  it('renderSync cannot await it: MY_SCHEMA_ASYNC; prepareEntry says so beforehand', () => {
    const options = { root, schema: 'zod.schema.ts', ...development }
    expect(prepareEntry(entry, options).standardSchema).toBe(true)
    expect(prepareEntry(entry, { root, ...development }).standardSchema).toBe(false)
    const error = (() => {
      try {
        renderSync(entry, options)
      } catch (e) {
        return e
      }
    })()
    expect(isMergedYamlError(error) && error.code).toBe('MY_SCHEMA_ASYNC')
  })

  it('an export name that is no JavaScript name is an invalid option', async () => {
    const [d] = await failure(entry, { root, schema: 'zod.schema.ts#not-a-name' })
    expect(d).toMatchObject({ code: 'MY_INVALID_OPTION' })
  })
})
