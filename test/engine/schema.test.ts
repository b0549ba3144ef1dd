// Validation against a JSON Schema, one fixture per source of the schema (test/fixtures/schema): the
// entry's yaml-language-server modeline, the `schema` option (a path, a map from entry globs), and a
// Deckhand set's own DataSchemas. Each violation is an error at the layer line that set the value
// (or last touched the mapping missing a key), every one of them in one run, warnings when not strict.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatDiagnostic, isMergedYamlError, prepareEntry, render } from '@merged-yaml/core'
import type { Diagnostic, RenderOptions } from '@merged-yaml/core'
import { lines, writeTree } from '../helpers/tree.ts'

const FIXTURES = resolve(import.meta.dirname, '../fixtures/schema')
const production = { vars: { mode: 'production' } }

/** A copy of a fixture folder, to edit. */
function copyFixture(name: string): string {
  const root = mkdtempSync(join(tmpdir(), `my-schema-${name}-`))
  cpSync(join(FIXTURES, name), root, { recursive: true })
  return root
}

async function failure(entry: string, options: RenderOptions): Promise<Diagnostic[]> {
  const error = await render(entry, options).catch((e: unknown) => e)
  if (!isMergedYamlError(error)) throw new Error(`expected a MergedYamlError, got ${String(error)}`)
  return error.diagnostics
}

/** `file:line code message`, relative to `root`, for comparing diagnostics at a glance. */
const brief = (root: string) => (d: Diagnostic) =>
  `${d.file.slice(root.length + 1)}:${d.line}:${d.column} ${d.code} ${d.message}`

describe('the modeline (# yaml-language-server: $schema=…)', () => {
  const root = join(FIXTURES, 'modeline')
  const entry = join(root, 'app.merged.yaml')

  it('fails at the line of the layer that set each bad value, every violation in one run', async () => {
    const diagnostics = await failure(entry, { root, ...production })
    expect(diagnostics.map(brief(root))).toEqual([
      'env/production.yaml:2:1 MY_SCHEMA_VIOLATION /server: must have the property "host" ' +
        '(app.schema.json#/properties/server/required)',
      'env/production.yaml:3:3 MY_SCHEMA_VIOLATION /server/port: must be integer, not the string "eighty" ' +
        '(app.schema.json#/properties/server/properties/port/type)',
      'env/production.yaml:4:21 MY_SCHEMA_VIOLATION /features/1: must be string, not the number 42 ' +
        '(app.schema.json#/properties/features/items/type)',
    ])
    const text = formatDiagnostic(diagnostics[1]!, root)
    expect(text).toContain('included from app.merged.yaml:4')
    expect(text).toContain('> 3 |   port: eighty')
  })

  it('passes the mode whose layers are right, and the result names the schema', async () => {
    const result = await render(entry, { root, vars: { mode: 'development' } })
    expect(result.value).toMatchObject({ server: { host: 'localhost', port: 3000 } })
    expect(result.schema).toMatchObject({ file: join(root, 'app.schema.json'), source: 'modeline' })
    expect(result.schema).toMatchObject({ kind: 'json', schema: { title: 'Shop configuration' } })
    expect(result.files).toContain(join(root, 'app.schema.json'))
  })

  it('strict: false gives the value with the violations as warnings', async () => {
    const result = await render(entry, { root, ...production, strict: false })
    expect(result.value).toMatchObject({ server: { port: 'eighty' } })
    expect(result.warnings.map((w) => [w.code, w.severity, w.line])).toEqual([
      ['MY_SCHEMA_VIOLATION', 'warning', 2],
      ['MY_SCHEMA_VIOLATION', 'warning', 3],
      ['MY_SCHEMA_VIOLATION', 'warning', 4],
    ])
  })

  it('a missing top-level key points at the entry; a misspelt key at its line, with a did-you-mean', async () => {
    const dir = writeTree({
      'app.merged.yaml': lines('# yaml-language-server: $schema=app.schema.json', 'mdoe: production'),
      'app.schema.json': JSON.stringify({
        type: 'object',
        properties: { mode: { enum: ['production', 'development'] } },
        required: ['mode'],
        additionalProperties: false,
      }),
    })
    const [missing, extra] = await failure(join(dir, 'app.merged.yaml'), { root: dir })
    expect(missing).toMatchObject({ line: 1, column: 1, message: expect.stringContaining('(root): must have') })
    expect(missing!.frame).toContain('yaml-language-server')
    expect(extra).toMatchObject({ line: 2, message: expect.stringMatching(/^\/mdoe: is not a property/) })
    expect(extra!.suggestion).toBe('mode')
  })

  it('a wrong enum value gets a did-you-mean', async () => {
    const dir = writeTree({
      'app.merged.yaml': lines('# yaml-language-server: $schema=app.schema.json', 'mode: prodution'),
      'app.schema.json': JSON.stringify({ properties: { mode: { enum: ['production', 'development'] } } }),
    })
    const [d] = await failure(join(dir, 'app.merged.yaml'), { root: dir })
    expect(d!.message).toContain('must be one of "production", "development", not the string "prodution"')
    expect(d!.suggestion).toBe('production')
  })

  it('a key a later layer deleted is located at the deletion', async () => {
    const dir = writeTree({
      'app.merged.yaml': lines('#include', '# yaml-language-server: $schema=s.json', 'a.yaml', 'b.yaml'),
      'a.yaml': lines('token: abc', 'other: 1'),
      'b.yaml': lines('merge_how: dict(allow_delete,replace)+list()+str()', 'other: 2', 'token: null'),
      's.json': JSON.stringify({ required: ['token'] }),
    })
    const [d] = await failure(join(dir, 'app.merged.yaml'), { root: dir })
    expect(d).toMatchObject({ file: join(dir, 'b.yaml'), line: 3 })
  })

  it('is looked for only among the comment lines that start the entry', async () => {
    const dir = writeTree({
      'app.merged.yaml': lines('a: 1', '# yaml-language-server: $schema=s.json'),
      's.json': JSON.stringify({ properties: { a: { type: 'string' } } }),
    })
    const result = await render(join(dir, 'app.merged.yaml'), { root: dir })
    expect(result.schema).toBeUndefined()
  })

  it('a remote schema is a warning (a build does not fetch), and the option applies instead', async () => {
    const dir = writeTree({
      'app.merged.yaml': lines('# yaml-language-server: $schema=https://json.schemastore.org/x.json', 'a: 1'),
      'local.json': JSON.stringify({ properties: { a: { type: 'string' } } }),
    })
    const result = await render(join(dir, 'app.merged.yaml'), { root: dir, strict: false })
    expect(result.warnings).toMatchObject([{ code: 'MY_SCHEMA_REMOTE', line: 1, column: 33 }])
    const diagnostics = await failure(join(dir, 'app.merged.yaml'), { root: dir, schema: 'local.json' })
    expect(diagnostics.map((d) => d.code)).toEqual(['MY_SCHEMA_VIOLATION'])
  })

  it('a missing schema fails at the modeline and is watched for', async () => {
    const dir = writeTree({ 'app.merged.yaml': lines('# yaml-language-server: $schema=./gone.json', 'a: 1') })
    const error = await render(join(dir, 'app.merged.yaml'), { root: dir }).catch((e: unknown) => e)
    if (!isMergedYamlError(error)) throw new Error('expected a MergedYamlError')
    expect(error.diagnostics[0]).toMatchObject({ code: 'MY_FILE_NOT_FOUND', line: 1 })
    expect(error.dependencies?.missing).toContain(join(dir, 'gone.json'))
  })

  it('a schema outside the root is refused, like an include', async () => {
    const outside = writeTree({ 's.json': '{}' })
    const dir = writeTree({ 'app.merged.yaml': lines(`# yaml-language-server: $schema=${outside}/s.json`, 'a: 1') })
    const [d] = await failure(join(dir, 'app.merged.yaml'), { root: dir })
    expect(d).toMatchObject({ code: 'MY_INCLUDE_OUTSIDE_ROOT', line: 1 })
  })
})

describe('the schema option', () => {
  it('a path relative to root, a YAML schema, formats checked', async () => {
    const root = join(FIXTURES, 'option')
    const options = { root, schema: 'schemas/app.schema.yaml' }
    const diagnostics = await failure(join(root, 'app.merged.yaml'), { ...options, ...production })
    expect(diagnostics.map(brief(root))).toEqual([
      'env/production.yaml:2:3 MY_SCHEMA_VIOLATION /api/url: must match format "uri", not the string "not a url" ' +
        '(schemas/app.schema.yaml#/properties/api/properties/url/format)',
      'env/production.yaml:3:3 MY_SCHEMA_VIOLATION /api/timeout: must be >= 0, not the number -1 ' +
        '(schemas/app.schema.yaml#/properties/api/properties/timeout/minimum)',
    ])
    const result = await render(join(root, 'app.merged.yaml'), { ...options, vars: { mode: 'development' } })
    expect(result.schema).toMatchObject({ source: 'option', file: join(root, 'schemas/app.schema.yaml') })
  })

  it('a map from entry globs: the first glob that matches the entry picks its schema', async () => {
    const root = join(FIXTURES, 'option-map')
    const schema = { 'web/*.merged.yaml': 'web.schema.json', 'heat/**': 'heat.schema.json' }
    const web = await render(join(root, 'web/app.merged.yaml'), { root, schema })
    expect(web.schema?.file).toBe(join(root, 'web.schema.json'))
    // A Heat entry: its provenance names the layers of each top-level key; the path is followed inside them.
    const [d] = await failure(join(root, 'heat/env.merged.yaml'), { root, schema })
    expect(d).toMatchObject({ file: join(root, 'heat/prod-env.yaml'), line: 2, column: 3 })
    const none = await render(join(root, 'heat/env.merged.yaml'), { root, schema: { 'web/**': 'web.schema.json' } })
    expect(none.schema).toBeUndefined()
  })

  it('the modeline takes precedence, as in editors; false turns every check off', async () => {
    const root = join(FIXTURES, 'modeline')
    const entry = join(root, 'app.merged.yaml')
    const result = await render(entry, { root, vars: { mode: 'development' }, schema: 'nowhere.json' })
    expect(result.schema?.source).toBe('modeline')
    const off = await render(entry, { root, ...production, schema: false })
    expect(off.schema).toBeUndefined()
    expect(off.files).not.toContain(join(root, 'app.schema.json'))
  })

  it('is checked with the other options', async () => {
    for (const schema of [42, '', { 'a/**': 7 }, ['x']]) {
      const [d] = await failure(join(FIXTURES, 'modeline/app.merged.yaml'), { schema } as unknown as RenderOptions)
      expect(d).toMatchObject({ code: 'MY_INVALID_OPTION', message: expect.stringContaining("option 'schema") })
    }
  })
})

describe('schemas that cannot be used (every mode)', () => {
  const entry = lines('# yaml-language-server: $schema=s.yaml', 'a: 1')
  const cases: [string, string, number][] = [
    ['not YAML', 'type: [object', 1],
    ['not a JSON Schema of its draft', lines('properties:', '  a:', '    type: integr'), 3],
    ['an unresolvable $ref', lines('properties:', '  a:', "    $ref: '#/definitions/missing'"), 1],
    ['two documents', lines('type: object', '---', 'type: string'), 3],
  ]
  it.each(cases)('%s', async (_name, schema, line) => {
    const dir = writeTree({ 'app.merged.yaml': entry, 's.yaml': schema })
    for (const strict of [true, false]) {
      const [d] = await failure(join(dir, 'app.merged.yaml'), { root: dir, strict })
      expect(d).toMatchObject({ code: 'MY_SCHEMA_INVALID', file: join(dir, 's.yaml'), line })
    }
  })
})

describe('drafts', () => {
  const cases: [string, object, unknown][] = [
    [
      'draft-04 (boolean exclusiveMinimum)',
      { $schema: 'http://json-schema.org/draft-04/schema#', properties: { a: { minimum: 1, exclusiveMinimum: true } } },
      1,
    ],
    ['draft-06', { $schema: 'http://json-schema.org/draft-06/schema#', properties: { a: { const: 2 } } }, 1],
    [
      'draft-07 (if/then)',
      // `then` as a key of a literal would make the object look like a promise (oxlint): parsed from JSON.
      JSON.parse(
        '{"$schema": "http://json-schema.org/draft-07/schema#", "if": {"required": ["a"]}, ' +
          '"then": {"properties": {"a": {"type": "string"}}}}',
      ) as object,
      1,
    ],
    [
      '2019-09 (dependentRequired)',
      {
        $schema: 'https://json-schema.org/draft/2019-09/schema',
        properties: { a: { dependentRequired: { x: ['y'] } } },
      },
      { x: 1 },
    ],
    ['2020-12 (prefixItems, no $schema)', { properties: { a: { prefixItems: [{ type: 'string' }] } } }, [1]],
  ]
  it.each(cases)('%s', async (_name, schema, a) => {
    const dir = writeTree({
      'app.merged.yaml': lines('# yaml-language-server: $schema=s.json', `a: ${JSON.stringify(a)}`),
      's.json': JSON.stringify(schema),
    })
    const diagnostics = await failure(join(dir, 'app.merged.yaml'), { root: dir })
    expect(diagnostics.map((d) => [d.code, d.line])).toEqual([['MY_SCHEMA_VIOLATION', 2]])
  })

  it('a failed anyOf is one violation, not one per branch', async () => {
    const dir = writeTree({
      'app.merged.yaml': lines('# yaml-language-server: $schema=s.json', 'port: eighty'),
      's.json': JSON.stringify({
        definitions: { number: { type: 'integer' } },
        properties: { port: { anyOf: [{ $ref: '#/definitions/number' }, { type: 'string', pattern: '^\\d+$' }] } },
      }),
    })
    const diagnostics = await failure(join(dir, 'app.merged.yaml'), { root: dir })
    expect(diagnostics.map((d) => d.message)).toEqual([
      '/port: must match a schema in anyOf, not the string "eighty" (s.json#/properties/port/anyOf)',
    ])
  })
})

describe('a schema is an input of the entry', () => {
  it('in its files and its fingerprint: an edit of the schema is another render', async () => {
    const root = copyFixture('modeline')
    const entry = join(root, 'app.merged.yaml')
    const options = { root, vars: { mode: 'development' } }
    const before = prepareEntry(entry, options)
    expect(before.files).toContain(join(root, 'app.schema.json'))
    const schemaFile = join(root, 'app.schema.json')
    writeFileSync(schemaFile, readFileSync(schemaFile, 'utf8').replace('"maximum": 65535', '"maximum": 1024'))
    const after = prepareEntry(entry, options)
    expect(after.fingerprint).not.toBe(before.fingerprint)
    expect(() => after.render()).toThrow(/\/server\/port: must be <= 1024/)
  })
})

describe("a Deckhand set's own DataSchemas", () => {
  const root = join(FIXTURES, 'deckhand')
  const entry = join(root, 'site.merged.yaml')

  it('validate each concrete document, located in the layer (or the parent) that set the value', async () => {
    const diagnostics = await failure(entry, { root })
    expect(diagnostics.map(brief(root))).toEqual([
      'site.yaml:13:3 MY_SCHEMA_VIOLATION [example/Service/v1] web /data/replicas: must be >= 1, not the number 0 ' +
        '(DataSchema example/Service/v1 #/properties/replicas/minimum)',
      'global.yaml:15:5 MY_SCHEMA_VIOLATION [example/Service/v1] web /data/labels/owner: must be string, not the ' +
        'number 7 (DataSchema example/Service/v1 #/properties/labels/additionalProperties/type)',
      'site.yaml:15:5 MY_SCHEMA_VIOLATION [example/Service/v1] web /data/labels/version: must be string, not the ' +
        'number 2 (DataSchema example/Service/v1 #/properties/labels/additionalProperties/type)',
    ])
  })

  it('with the document option, the document chosen; schema: false is Deckhand without validation', async () => {
    const diagnostics = await failure(entry, { root, deckhand: { document: 'web' } })
    expect(diagnostics.map((d) => d.line)).toEqual([13, 15, 15])
    expect(diagnostics[0]!.message).toMatch(/^\[example\/Service\/v1\] web \/replicas:/)
    const result = await render(entry, { root, schema: false })
    expect(result.value).toHaveLength(3)
  })

  it('a DataSchema of a version Deckhand does not register fails, as Deckhand does', async () => {
    const dir = copyFixture('deckhand')
    const schemas = join(dir, 'schemas.yaml')
    writeFileSync(schemas, readFileSync(schemas, 'utf8').replace('example/Service/v1', 'example/Service/v3'))
    const [d] = await failure(join(dir, 'site.merged.yaml'), { root: dir, strict: false })
    expect(d).toMatchObject({ code: 'MY_SCHEMA_INVALID', file: schemas, line: 4 })
  })
})
