// Inputs of a few KB that used to run for minutes or take gigabytes (issue 28): each now answers with a
// value or a located diagnostic that names its limit. Through render(), the public API; no timings
// are asserted (docs/performance.md has the numbers).
import { readFileSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { DEFAULT_LIMITS, render } from '@merged-yaml/core'
import type { RenderOptions } from '@merged-yaml/core'
import { lines, writeTree } from '../helpers/tree.ts'
import { build, evaluateBundle } from '../plugin/bundlers.ts'
import { firstDiagnostic } from './helpers.ts'

const entry = 'app.merged.yaml'
const includeList = (names: string[]) => lines('#include', ...names)

/** Levels of files, each file of a level including every file of the next. */
function lattice(levels: number, width: number): Record<string, string> {
  const files: Record<string, string> = {}
  const level = (l: number) => Array.from({ length: width }, (_, f) => `l${l}f${f}.yaml`)
  files[entry] = includeList(level(0))
  for (let l = 0; l < levels; l++)
    for (const [f, name] of level(l).entries())
      files[name] = l < levels - 1 ? includeList(level(l + 1)) : `k${f}: ${f}\n`
  return files
}

describe('include fan-out (maxIncludes)', () => {
  it('stops a lattice of includes, 9 levels of 10 files, at an include line', async () => {
    const root = writeTree(lattice(9, 10), 'fanout')
    const d = await firstDiagnostic(entry, { root })
    expect(d).toMatchObject({ code: 'MY_INCLUDE_EXPANSION', file: expect.stringMatching(/l\df\d\.yaml$/) })
    expect(d.line).toBeGreaterThanOrEqual(2)
    expect(d.message).toContain('limits.maxIncludes')
    expect(d.chain.length).toBeGreaterThan(0)
  })

  it('reads each file of a lattice once, however often it is included', async () => {
    const root = writeTree(lattice(3, 3), 'fanout')
    const reads = new Map<string, number>()
    const readFile = (path: string) => {
      reads.set(path, (reads.get(path) ?? 0) + 1)
      return readFileSync(path)
    }
    expect((await render(join(root, entry), { root }, { readFile })).value).toEqual({ k0: 0, k1: 1, k2: 2 })
    expect(reads.size).toBe(10)
    expect([...reads.values()].every((count) => count === 1)).toBe(true)
  })

  it('admits a small lattice, and moves with the option', async () => {
    const root = writeTree(lattice(3, 3), 'fanout')
    expect((await render(join(root, entry), { root })).value).toEqual({ k0: 0, k1: 1, k2: 2 })
    // 3 + 9 + 27 includes.
    expect(await firstDiagnostic(entry, { root, limits: { maxIncludes: 30 } })).toMatchObject({
      code: 'MY_INCLUDE_EXPANSION',
    })
    expect((await render(join(root, entry), { root, limits: { maxIncludes: 39 } })).value).toMatchObject({ k2: 2 })
  })
})

describe('the text of an entry together (maxEntrySize), gzip decoded once', () => {
  it('stops one 60 KB gzip part included 40 times', async () => {
    const part = gzipSync(Buffer.from(`a: ${'x'.repeat(60 * 1024 * 1024)}\n`))
    expect(part.byteLength).toBeLessThan(100 * 1024)
    const root = writeTree({ [entry]: includeList(Array(40).fill('part.yaml.gz')), 'part.yaml.gz': part }, 'gz')
    const d = await firstDiagnostic(entry, { root })
    expect(d).toMatchObject({ code: 'MY_ENTRY_TOO_LARGE', file: join(root, 'part.yaml.gz'), line: 1, column: 1 })
    expect(d.chain).toEqual([expect.objectContaining({ file: join(root, entry) })])
    expect(d.message).toContain('limits.maxEntrySize')
  })

  it('counts what distinct gzip parts decode to, also when no part comes of them', async () => {
    const script = (n: number) => gzipSync(Buffer.from(`#!/bin/sh\necho ${n}\n${' '.repeat(100_000)}`))
    const files: Record<string, string | Uint8Array> = { [entry]: includeList(['a.gz', 'b.gz', 'c.gz']) }
    for (const [n, name] of ['a.gz', 'b.gz', 'c.gz'].entries()) files[name] = script(n)
    const root = writeTree(files, 'gz')
    const d = await firstDiagnostic(entry, { root, limits: { maxEntrySize: 250_000 } })
    expect(d).toMatchObject({ code: 'MY_ENTRY_TOO_LARGE', file: join(root, 'c.gz') })
    expect(d.message).toContain('decodes')
  })

  it('counts a file each time it is included, and admits what fits', async () => {
    const files = { [entry]: includeList(['a.yaml', 'a.yaml', 'a.yaml']), 'a.yaml': `a: ${'x'.repeat(100)}\n` }
    const root = writeTree(files, 'gz')
    expect((await render(join(root, entry), { root, limits: { maxEntrySize: 400 } })).value).toMatchObject({})
    expect(await firstDiagnostic(entry, { root, limits: { maxEntrySize: 250 } })).toMatchObject({
      code: 'MY_ENTRY_TOO_LARGE',
      file: join(root, 'a.yaml'),
    })
  })
})

describe('glob walks (maxGlobEntries, links out of the root)', () => {
  it('refuses a glob through a link to / before walking, without naming the real path', async () => {
    const root = writeTree({ [entry]: includeList(['toroot/**/*.yaml']) }, 'glob')
    symlinkSync('/', join(root, 'toroot'))
    const d = await firstDiagnostic(entry, { root })
    expect(d).toMatchObject({ code: 'MY_INCLUDE_OUTSIDE_ROOT', file: join(root, entry), line: 2, column: 1 })
    expect(d.message).not.toMatch(/'\/'|to \/[^\s]/)
  })

  it('does not follow a link out of the root met while walking, and names it as it is inside', async () => {
    const root = writeTree({ [entry]: includeList(['conf/**/*.yaml']), 'conf/a.yaml': 'a: 1\n' }, 'glob')
    symlinkSync('/', join(root, 'conf', 'up'))
    const d = await firstDiagnostic(entry, { root })
    expect(d).toMatchObject({ code: 'MY_INCLUDE_OUTSIDE_ROOT', line: 2, column: 1 })
    expect(d.message).toContain("'up'")
  })

  it('ends at a link loop inside the root, and bounds the entries a walk visits', async () => {
    const files: Record<string, string> = { [entry]: includeList(['conf/**/*.yaml']) }
    for (let i = 0; i < 30; i++) files[`conf/d${i}/x.yaml`] = `k${i}: ${i}\n`
    const root = writeTree(files, 'glob')
    symlinkSync('..', join(root, 'conf', 'd0', 'loop'))
    const value = (await render(join(root, entry), { root })).value as Record<string, number>
    expect(value).toMatchObject({ k0: 0, k29: 29 })
    expect(await firstDiagnostic(entry, { root, limits: { maxGlobEntries: 20 } })).toMatchObject({
      code: 'MY_GLOB_WALK_LIMIT',
      line: 2,
      column: 1,
    })
  })
})

describe('include-line variables are names, never patterns', () => {
  const files = { [entry]: includeList(['env/${mode}.yaml']), 'env/a.yaml': 'v: a\n', 'env/b.yaml': 'v: b\n' }
  for (const mode of ['*', '{a,b}', '[ab]', '?']) {
    it(`reads mode ${JSON.stringify(mode)} as a file name`, async () => {
      const root = writeTree(files, 'vars')
      const d = await firstDiagnostic(entry, { root, vars: { mode } })
      expect(d).toMatchObject({ code: 'MY_INCLUDE_NOT_FOUND', line: 2, column: 1 })
    })
  }

  it('still finds a file whose name holds a wildcard character, also inside a glob line', async () => {
    const root = writeTree(
      { [entry]: includeList(['env/${mode}/*.yaml']), 'env/[draft]/a.yaml': 'v: 1\n', 'env/d/a.yaml': 'v: 2\n' },
      'vars',
    )
    expect((await render(join(root, entry), { root, vars: { mode: '[draft]' } })).value).toEqual({ v: 1 })
  })
})

describe('a modeline naming a file URL with a host', () => {
  it('is an error at the URL', async () => {
    const root = writeTree({ [entry]: lines('# yaml-language-server: $schema=file://evil.host/x.json', 'a: 1') })
    const d = await firstDiagnostic(entry, { root })
    expect(d).toMatchObject({ code: 'MY_SCHEMA_INVALID', file: join(root, entry), line: 1, column: 33 })
    expect(d.message).toContain('evil.host')
  })
})

describe('regular expressions from data run in linear time', () => {
  const evil = `${'a'.repeat(40)}b`

  it('a JSON Schema pattern and patternProperties', async () => {
    const schema = {
      type: 'object',
      properties: { name: { type: 'string', pattern: '^(a+)+$' } },
      patternProperties: { '^(b+)+$': { type: 'number' } },
    }
    const root = writeTree({
      [entry]: lines('# yaml-language-server: $schema=./s.json', `name: ${evil}`, `${'b'.repeat(40)}c: x`),
      's.json': JSON.stringify(schema),
    })
    const d = await firstDiagnostic(entry, { root })
    expect(d).toMatchObject({ code: 'MY_SCHEMA_VIOLATION', line: 2 })
  })

  it('refuses a JSON Schema pattern with a lookahead at the pattern', async () => {
    const schema = lines('type: object', 'properties:', '  name:', "    pattern: '^(?=a)'")
    const root = writeTree({ [entry]: lines('# yaml-language-server: $schema=./s.yaml', 'name: a'), 's.yaml': schema })
    const d = await firstDiagnostic(entry, { root })
    expect(d).toMatchObject({ code: 'MY_SCHEMA_INVALID', file: join(root, 's.yaml'), line: 4 })
    expect(d.message).toContain('lookaround')
  })

  it('a Datum lookup_options regex key', async () => {
    const root = writeTree({ [entry]: lines('lookup_options:', '  ^(a+)+$: deep', `${evil}: {x: 1}`) })
    expect((await render(join(root, entry), { root })).value).toEqual({ [evil]: { x: 1 } })
  })

  it('refuses a Datum lookup_options key with a backreference, at the key', async () => {
    const root = writeTree({ [entry]: lines('lookup_options:', '  ^(a)\\1: deep', 'aa: {x: 1}') })
    for (const strict of [true, false]) {
      const d = await firstDiagnostic(entry, { root, strict })
      expect(d).toMatchObject({ code: 'MY_REGEX_UNSUPPORTED', line: 2, column: 3 })
    }
  })

  it("a Deckhand DataSchema's pattern, read as Python's re.search", async () => {
    const set = (pattern: string) =>
      lines(
        '---',
        'schema: deckhand/LayeringPolicy/v1',
        'metadata: {schema: metadata/Control/v1, name: layering-policy}',
        'data: {layerOrder: [site]}',
        '---',
        'schema: deckhand/DataSchema/v1',
        'metadata: {schema: metadata/Control/v1, name: example/Thing/v1}',
        `data: {type: object, properties: {name: {type: string, pattern: '${pattern}'}}}`,
        '---',
        'schema: example/Thing/v1',
        'metadata: {schema: metadata/Document/v1, name: thing, layeringDefinition: {layer: site}}',
        `data: {name: ${evil}}`,
      )
    const slow = writeTree({ [entry]: set('^(a+)+$') })
    expect(await firstDiagnostic(entry, { root: slow })).toMatchObject({ code: 'MY_SCHEMA_VIOLATION', line: 12 })
    // `$` before a final newline, as Python's: a block scalar's value ends with one.
    const ok = writeTree({ [entry]: set('^(a+)+b$').replace(`{name: ${evil}}`, `{name: "${evil}\\n"}`) })
    expect((await render(join(ok, entry), { root: ok })).value).toHaveLength(3)
    const lookahead = writeTree({ [entry]: set('^(?=a)') })
    expect(await firstDiagnostic(entry, { root: lookahead })).toMatchObject({ code: 'MY_SCHEMA_INVALID' })
  })

  it('a Datum knockout prefix', async () => {
    const files = {
      [entry]: lines('#include', 'datum.yaml', 'base.yaml', 'node.yaml'),
      'datum.yaml': lines(
        'lookup_options:',
        '  Items:',
        '    merge_basetype_array: Unique',
        "    merge_options: {knockout_prefix: '(a+)+$'}",
      ),
      'base.yaml': lines(`Items: [x, ${evil}]`),
      'node.yaml': lines('Items: [y]'),
    }
    const root = writeTree(files)
    expect((await render(join(root, entry), { root })).value).toEqual({ Items: ['y', 'x', evil] })
  })

  const deckhand = (pattern: string) =>
    lines(
      '---',
      'schema: deckhand/LayeringPolicy/v1',
      'metadata: {schema: metadata/Control/v1, name: layering-policy}',
      'data: {layerOrder: [site]}',
      '---',
      'schema: example/Src/v1',
      'metadata: {schema: metadata/Document/v1, name: src, layeringDefinition: {layer: site}}',
      `data: "${evil}"`,
      '---',
      'schema: example/Dest/v1',
      'metadata:',
      '  schema: metadata/Document/v1',
      '  name: dest',
      '  layeringDefinition: {layer: site}',
      '  substitutions:',
      `    - src: {schema: example/Src/v1, name: src, path: ., pattern: '${pattern}'}`,
      '      dest: {path: .x}',
      'data: {x: 1}',
    )

  it('a Deckhand src.pattern', async () => {
    const root = writeTree({ [entry]: deckhand('^(?:a+)+$') })
    const d = await firstDiagnostic(entry, { root })
    expect(d).toMatchObject({ code: 'MY_DECKHAND_SOURCE_PATTERN_UNMATCHED', line: 16 })
    const lenient = await render(join(root, entry), { root, strict: false })
    expect(lenient.value).toEqual(expect.arrayContaining([expect.objectContaining({ data: { x: evil } })]))
  })

  it('refuses a Deckhand pattern with a lookahead, at the substitution', async () => {
    const root = writeTree({ [entry]: deckhand('(?=a)a') })
    const d = await firstDiagnostic(entry, { root })
    // At the destination the substitution could not be made for.
    expect(d).toMatchObject({ code: 'MY_DECKHAND_SUBSTITUTION_UNSUPPORTED', line: 17 })
    expect(d.message).toContain('lookaround')
  })
})

describe('defaults', () => {
  it('documents the new limits', () => {
    const limits: RenderOptions['limits'] = {
      maxIncludes: 10_000,
      maxEntrySize: 256 * 1024 * 1024,
      maxGlobEntries: 100_000,
    }
    expect(DEFAULT_LIMITS).toMatchObject(limits!)
  })
})

describe('a real build of a hostile entry', () => {
  it('vite build fails at the include line of a lattice, and builds a value a catastrophic pattern checks', async () => {
    const files = lattice(9, 10)
    files['main.js'] = "import config from './app.merged.yaml'\nexport default config\n"
    const root = writeTree(files, 'build')
    const error = await build('vite', { root, entry: 'main.js', options: { dts: false, cache: false } }).then(
      () => undefined,
      (e: unknown) => e as Error,
    )
    expect(error?.message).toMatch(/l\df\d\.yaml:\d+:1: error MY_INCLUDE_EXPANSION/)

    const evil = `${'a'.repeat(40)}b`
    const ok = writeTree(
      {
        'main.js': "import config from './app.merged.yaml'\nwindow.__mergedYamlResult = config\n",
        [entry]: lines('# yaml-language-server: $schema=./s.json', `name: ${evil}`),
        's.json': JSON.stringify({ properties: { name: { pattern: '^(a+)+b$' } } }),
      },
      'build',
    )
    const code = await build('vite', { root: ok, entry: 'main.js', options: { dts: false, cache: false } })
    expect(evaluateBundle(code)).toEqual({ name: evil })
  })
})
