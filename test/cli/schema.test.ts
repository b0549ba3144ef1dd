// The CLI and schemas: `check` reports each violation at the layer line that set the value,
// `--schema` and `--no-validate` set the option, `types` prints the plugin's declaration (from
// the schema when there is one), and `schema` infers a draft 2020-12 schema from the merged values.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { render } from '@merged-yaml/core'
import { run } from './helpers.ts'

const FIXTURES = resolve(import.meta.dirname, '../fixtures/schema')
const MODELINE = join(FIXTURES, 'modeline')
const OPTION = join(FIXTURES, 'option')

describe('check', () => {
  it('reports every violation at the line of the layer that set the value', async () => {
    const result = await run(['check', 'app.merged.yaml', '--mode', 'production'], { cwd: MODELINE })
    expect(result.code).toBe(1)
    expect(result.stdout).toContain('env/production.yaml:3:3: error MY_SCHEMA_VIOLATION: /server/port: must be integer')
    expect(result.stdout).toContain('env/production.yaml:4:21: error MY_SCHEMA_VIOLATION: /features/1')
    expect(result.stdout).toContain('included from app.merged.yaml:4')
    expect(result.stdout).toContain('1 of 1 entry failed (3 errors, 0 warnings)')
  })

  it('--no-strict: warnings; --format json: the diagnostics', async () => {
    const lenient = await run(['check', 'app.merged.yaml', '--mode', 'production', '--no-strict'], { cwd: MODELINE })
    expect(lenient.code).toBe(0)
    expect(lenient.stdout).toContain('warning MY_SCHEMA_VIOLATION')
    const json = await run(['check', 'app.merged.yaml', '--mode', 'production', '--format', 'json'], { cwd: MODELINE })
    const report = JSON.parse(json.stdout) as { entries: { diagnostics: { code: string; line: number }[] }[] }
    expect(report.entries[0]!.diagnostics.map((d) => [d.code, d.line])).toEqual([
      ['MY_SCHEMA_VIOLATION', 2],
      ['MY_SCHEMA_VIOLATION', 3],
      ['MY_SCHEMA_VIOLATION', 4],
    ])
  })

  it('--schema names the schema (relative to the working directory); --no-validate checks none', async () => {
    const args = ['check', 'app.merged.yaml', '--mode', 'production']
    const named = await run([...args, '--schema', 'schemas/app.schema.yaml'], { cwd: OPTION })
    expect(named.code).toBe(1)
    expect(named.stdout).toContain('env/production.yaml:3:3: error MY_SCHEMA_VIOLATION: /api/timeout: must be >= 0')
    expect((await run([...args, '--no-validate'], { cwd: MODELINE })).code).toBe(0)
    const both = await run([...args, '--no-validate', '--schema', 'x.json'], { cwd: MODELINE })
    expect(both.code).toBe(2)
  })
})

describe('types', () => {
  it("prints the declaration from the entry's schema", async () => {
    const result = await run(['types', 'app.merged.yaml', '--mode', 'development'], { cwd: MODELINE })
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('/** Shop configuration */\ntype Value = {')
    expect(result.stdout).toContain('  mode: "production" | "development"')
    expect(result.stdout).toContain('  features?: string[]')
    expect(result.stdout).toContain('export declare const server: Value["server"]')
  })

  it('without a schema, from the value; --as-const; a failing entry prints its diagnostics', async () => {
    const args = ['types', 'app.merged.yaml', '--mode', 'development', '--no-validate', '--as-const']
    const inferred = await run(args, { cwd: MODELINE })
    expect(inferred.stdout).toContain('readonly mode: "development"')
    const failed = await run(['types', 'app.merged.yaml', '--mode', 'production'], { cwd: MODELINE })
    expect(failed.code).toBe(1)
    expect(failed.stderr).toContain('MY_SCHEMA_VIOLATION')
    expect((await run(['types'], { cwd: MODELINE })).code).toBe(2)
  })
})

describe('schema', () => {
  it('infers a draft 2020-12 schema from the values of each mode, which the entry then meets', async () => {
    const args = ['schema', 'app.merged.yaml', '--mode', 'development', '--mode', 'production']
    const result = await run(args, { cwd: OPTION })
    expect(result.code).toBe(0)
    const schema = JSON.parse(result.stdout) as Record<string, unknown>
    expect(schema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $comment: expect.stringMatching(/^inferred by merged-yaml schema from .*app\.merged\.yaml/),
      type: 'object',
      properties: {
        api: {
          type: 'object',
          properties: { url: { type: 'string' }, timeout: { type: 'integer' } },
          required: ['url', 'timeout'],
          additionalProperties: false,
        },
        retries: { type: 'integer' },
      },
      required: ['api', 'retries'],
      additionalProperties: false,
    })
    const dir = mkdtempSync(join(tmpdir(), 'my-cli-schema-'))
    writeFileSync(join(dir, 'inferred.json'), result.stdout)
    for (const mode of ['development', 'production']) {
      const rendered = await render(join(OPTION, 'app.merged.yaml'), {
        root: '/',
        schema: join(dir, 'inferred.json'),
        vars: { mode },
      })
      expect(rendered.schema?.file).toBe(join(dir, 'inferred.json'))
    }
  })

  it('one schema for several entries: a key only some set is optional', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'my-cli-schema-'))
    writeFileSync(join(dir, 'a.merged.yaml'), 'x: 1\ny: 2\n')
    writeFileSync(join(dir, 'b.merged.yaml'), 'x: one\n')
    const result = await run(['schema', '*.merged.yaml'], { cwd: dir })
    expect(JSON.parse(result.stdout)).toMatchObject({
      properties: { x: { type: ['integer', 'string'] }, y: { type: 'integer' } },
      required: ['x'],
    })
  })

  it('lists, mixed types and bytes; YAML output', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'my-cli-schema-'))
    writeFileSync(
      join(dir, 'app.merged.yaml'),
      // cloud-config: a values entry reads !!binary as Helm does, as text.
      '#cloud-config\nservers:\n  - { name: a, port: 1 }\n  - { name: b, port: 1.5, tls: true }\nid: [1, x, null]\n' +
        'key: !!binary aGk=\n',
    )
    const result = await run(['schema', 'app.merged.yaml', '--format', 'yaml', '--yaml-version', '1.1'], { cwd: dir })
    expect(result.stdout).toContain('required:\n        - name\n        - port\n')
    expect(result.stdout).toContain(
      'id:\n    type: array\n    items:\n      type:\n        - integer\n        - string\n',
    )
    expect(result.stdout).toContain('contentEncoding: base64')
  })
})

describe('help', () => {
  it('lists the commands', async () => {
    const result = await run(['--help'])
    expect(result.stdout).toContain('types     the TypeScript declaration')
    expect((await run(['help', 'schema'])).stdout).toContain('Usage: merged-yaml schema <entries or globs…>')
    expect((await run(['types', '--help'])).stdout).toContain('Usage: merged-yaml types <entry>')
  })
})
