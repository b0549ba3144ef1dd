// Each resource limit: a hostile input that exceeds it fails fast with its own code at a file, line
// and column; the option moves the bound; the default admits ordinary input.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { DEFAULT_LIMITS, render } from '@merged-yaml/core'
import type { Diagnostic, RenderOptions } from '@merged-yaml/core'
import { lines, writeTree } from '../helpers/tree.ts'
import { firstDiagnostic } from './helpers.ts'

const entry = 'app.merged.yaml'

async function failure(files: Record<string, string | Uint8Array>, options: RenderOptions = {}): Promise<Diagnostic> {
  const root = writeTree(files, 'limits')
  // A limit is there to stop work early, not after it: the test's timeout (60 s, vitest.config.ts) is the
  // bound, far above the work a limit allows and far below what the unbounded input would cost. No time is
  // asserted: the machines are shared and noisy.
  const d = await firstDiagnostic(entry, { root, ...options })
  expect(d.file.startsWith(root)).toBe(true)
  return d
}

async function value(files: Record<string, string | Uint8Array>, options: RenderOptions = {}): Promise<unknown> {
  const root = writeTree(files, 'limits')
  return (await render(join(root, entry), { root, ...options })).value
}

const laughs = (levels: number): string =>
  lines(
    'l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]',
    ...Array.from({ length: levels }, (_, i) => `l${i + 1}: &l${i + 1} [${Array(9).fill(`*l${i}`).join(', ')}]`),
  )

describe('documented defaults', () => {
  it('has a default for every limit', () => {
    expect(DEFAULT_LIMITS).toEqual({
      maxAliasCount: 10_000,
      maxFileSize: 16 * 1024 * 1024,
      maxIncludeDepth: 32,
      maxIncludeCount: 2000,
      maxIncludes: 10_000,
      maxEntrySize: 256 * 1024 * 1024,
      maxMimeParts: 1000,
      maxDecodedSize: 64 * 1024 * 1024,
      maxGlobMatches: 500,
      maxGlobEntries: 100_000,
      maxDepth: 100,
      maxValueSize: 64 * 1024 * 1024,
      maxErrors: 50,
      maxWarnings: 100,
    })
  })

  it('refuses an unknown limit and a limit that is not a number', async () => {
    const root = writeTree({ [entry]: 'a: 1\n' })
    await expect(render(join(root, entry), { root, limits: { maxDeph: 3 } as never })).rejects.toMatchObject({
      code: 'MY_INVALID_OPTION',
    })
    await expect(render(join(root, entry), { root, limits: { maxDepth: Number.NaN } })).rejects.toMatchObject({
      code: 'MY_INVALID_OPTION',
    })
    await expect(render(join(root, entry), { root, limits: { maxFileSize: '1' as never } })).rejects.toMatchObject({
      code: 'MY_INVALID_OPTION',
    })
  })
})

describe('YAML aliases (maxAliasCount, maxValueSize)', () => {
  it('stops a billion laughs', async () => {
    const d = await failure({ [entry]: laughs(9) })
    expect(d.code).toBe('MY_YAML_ALIAS_LIMIT')
    expect(d.message).toContain('billion laughs')
  })

  it('admits ordinary anchors and merge keys', async () => {
    expect(await value({ [entry]: laughs(2) })).toMatchObject({ l2: expect.any(Array) })
    expect(await value({ [entry]: lines('base: &b {a: 1}', 'x: {<<: *b, b: 2}') }, { yamlVersion: '1.1' })).toEqual({
      base: { a: 1 },
      x: { a: 1, b: 2 },
    })
  })

  it('moves with the option', async () => {
    expect((await failure({ [entry]: laughs(2) }, { limits: { maxAliasCount: 50 } })).code).toBe('MY_YAML_ALIAS_LIMIT')
  })

  it('stops one wide anchor repeated many times', async () => {
    const items = Array.from({ length: 5000 }, (_, i) => i).join(', ')
    const d = await failure({ [entry]: lines(`a: &a [${items}]`, `b: [${Array(9000).fill('*a').join(', ')}]`) })
    expect(d).toMatchObject({ code: 'MY_VALUE_TOO_LARGE', line: 2, column: 4, path: ['b'] })
  })

  it('stops a long string repeated through an alias', async () => {
    const d = await failure({
      [entry]: lines(`s: &s "${'x'.repeat(1_000_000)}"`, `many: [${Array(5000).fill('*s').join(', ')}]`),
    })
    expect(d).toMatchObject({ code: 'MY_VALUE_TOO_LARGE', line: 2, path: ['many'] })
  })

  it('moves maxValueSize with the option', async () => {
    expect(
      await failure({ [entry]: lines('a: 1', `b: ${'x'.repeat(200)}`) }, { limits: { maxValueSize: 100 } }),
    ).toMatchObject({ code: 'MY_VALUE_TOO_LARGE' })
  })

  for (const [name, text, line] of [
    ['a list that contains itself', 'a: &a [1, *a]\n', 1],
    ['a mapping that contains itself', 'x: 1\nb: &b\n  c: {d: *b}\n', 3],
  ] as const) {
    it(`refuses ${name}`, async () => {
      expect(await failure({ [entry]: text })).toMatchObject({ code: 'MY_VALUE_CYCLE', line })
      expect(await failure({ [entry]: text }, { strict: false })).toMatchObject({ code: 'MY_VALUE_CYCLE' })
    })
  }

  it('refuses a cycle in a dialect entry', async () => {
    const heat = lines('parameter_defaults: &p', '  self: *p')
    expect(await failure({ [entry]: heat })).toMatchObject({ code: 'MY_VALUE_CYCLE', line: 2 })
  })
})

describe('nesting (maxDepth)', () => {
  const flowMaps = (n: number) => `${'{a: '.repeat(n)}1${'}'.repeat(n)}\n`

  it('refuses nesting deeper than the limit that the parsers could still read', async () => {
    const d = await failure({ [entry]: `root: ${flowMaps(150)}` })
    expect(d).toMatchObject({ code: expect.stringMatching(/^MY_(YAML|VALUE)_TOO_DEEP$/), line: 1 })
  })

  it('admits nesting up to the limit', async () => {
    expect(await value({ [entry]: flowMaps(99) })).toBeTypeOf('object')
    expect(await value({ [entry]: flowMaps(9) }, { limits: { maxDepth: 10 } })).toBeTypeOf('object')
    expect((await failure({ [entry]: flowMaps(11) }, { limits: { maxDepth: 10 } })).message).toContain(
      'limits.maxDepth',
    )
  })

  it('refuses depth built by an alias chain', async () => {
    const chain = lines('a0: &a0 {x: 1}', ...Array.from({ length: 12 }, (_, i) => `a${i + 1}: &a${i + 1} {x: *a${i}}`))
    expect(await failure({ [entry]: chain }, { limits: { maxDepth: 10 } })).toMatchObject({ code: 'MY_VALUE_TOO_DEEP' })
  })

  it('refuses a merged value a JSON patch made too deep or too large', async () => {
    const patch = (ops: object[]) => `#cloud-config-jsonp\n${JSON.stringify(ops)}\n`
    const copies = Array.from({ length: 40 }, (_, i) => ({ op: 'copy', from: '', path: `/k${i}` }))
    const large = await failure({
      [entry]: lines('#include', 'a.yaml', 'p.json'),
      'a.yaml': 'x: [1, 2, 3, 4, 5, 6, 7, 8]\n',
      'p.json': patch(copies),
    })
    expect(large.code).toBe('MY_VALUE_TOO_LARGE')
    expect(large.message).toContain('merged value')
    const nests = Array.from({ length: 12 }, () => ({ op: 'copy', from: '', path: '/k' }))
    const deep = await failure(
      { [entry]: lines('#include', 'a.yaml', 'p.json'), 'a.yaml': 'x: 1\n', 'p.json': patch(nests) },
      { limits: { maxDepth: 10 } },
    )
    expect(deep).toMatchObject({ code: 'MY_VALUE_TOO_DEEP', path: expect.arrayContaining(['k']) })
  })
})

describe('files and includes', () => {
  it('refuses an included file over maxFileSize at the include line', async () => {
    const d = await failure(
      { [entry]: lines('#include', 'big.yaml'), 'big.yaml': `a: ${'x'.repeat(2000)}\n` },
      { limits: { maxFileSize: 1024 } },
    )
    expect(d).toMatchObject({ code: 'MY_FILE_TOO_LARGE', line: 2, column: 1 })
    expect(d.message).toContain('limits.maxFileSize')
  })

  it('refuses an entry over maxFileSize', async () => {
    expect(await failure({ [entry]: `a: ${'x'.repeat(2000)}\n` }, { limits: { maxFileSize: 1024 } })).toMatchObject({
      code: 'MY_FILE_TOO_LARGE',
      line: 1,
    })
  })

  it('refuses includes nested deeper than maxIncludeDepth', async () => {
    const files: Record<string, string> = { [entry]: lines('#include', 'l1.yaml') }
    for (let i = 1; i <= 40; i++) files[`l${i}.yaml`] = i === 40 ? 'end: 1\n' : lines('#include', `l${i + 1}.yaml`)
    const d = await failure(files)
    expect(d).toMatchObject({ code: 'MY_INCLUDE_DEPTH', file: expect.stringMatching(/l32\.yaml$/), line: 2 })
    expect(d.chain).toHaveLength(32)
    expect((await failure(files, { limits: { maxIncludeDepth: 3 } })).file).toMatch(/l3\.yaml$/)
    expect(await value(files, { limits: { maxIncludeDepth: 40 } })).toEqual({ end: 1 })
  })

  it('refuses more files than maxIncludeCount', async () => {
    const files: Record<string, string> = {
      [entry]: lines('#include', ...Array.from({ length: 10 }, (_, i) => `f${i}.yaml`)),
    }
    for (let i = 0; i < 10; i++) files[`f${i}.yaml`] = `k${i}: ${i}\n`
    const d = await failure(files, { limits: { maxIncludeCount: 5 } })
    expect(d).toMatchObject({ code: 'MY_INCLUDE_COUNT', line: 6 })
    expect(await value(files)).toMatchObject({ k9: 9 })
  })

  it('counts every file, also those reached through globs and repeated includes', async () => {
    const root = writeTree({ [entry]: lines('#include', 'conf.d/*.yaml') })
    mkdirSync(join(root, 'conf.d'), { recursive: true })
    for (let i = 0; i < 30; i++) writeFileSync(join(root, 'conf.d', `${String(i).padStart(2, '0')}.yaml`), `k${i}: 1\n`)
    expect(await firstDiagnostic(entry, { root, limits: { maxIncludeCount: 10 } })).toMatchObject({
      code: 'MY_INCLUDE_COUNT',
      line: 2,
    })
  })

  it('refuses a glob that matches more than maxGlobMatches files', async () => {
    const files: Record<string, string> = { [entry]: lines('#include', 'conf.d/*.yaml') }
    for (let i = 0; i < 8; i++) files[`conf.d/${i}.yaml`] = `k${i}: 1\n`
    const d = await failure(files, { limits: { maxGlobMatches: 5 } })
    expect(d).toMatchObject({ code: 'MY_GLOB_TOO_MANY', line: 2, column: 1 })
    expect(d.message).toContain('limits.maxGlobMatches')
  })
})

describe('MIME and compression', () => {
  const multipart = (parts: string[], boundary = 'B') =>
    lines(
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      ...parts.flatMap((p) => [`--${boundary}`, p]),
      `--${boundary}--`,
    )
  const yamlPart = (body: string) => lines('Content-Type: text/cloud-config', '', body)

  it('refuses more than maxMimeParts parts', async () => {
    const parts = Array.from({ length: 1001 }, (_, i) => yamlPart(`k${i}: 1`))
    const d = await failure({ [entry]: multipart(parts) })
    expect(d).toMatchObject({ code: 'MY_MIME_TOO_MANY_PARTS' })
    expect(d.message).toContain('limits.maxMimeParts')
    expect((await failure({ [entry]: multipart(parts.slice(0, 5)) }, { limits: { maxMimeParts: 4 } })).code).toBe(
      'MY_MIME_TOO_MANY_PARTS',
    )
  })

  it('counts MIME parts across included messages', async () => {
    const message = multipart([yamlPart('a: 1'), yamlPart('b: 1'), yamlPart('c: 1')])
    const d = await failure(
      { [entry]: lines('#include', 'm1.txt', 'm2.txt'), 'm1.txt': message, 'm2.txt': message },
      { limits: { maxMimeParts: 5 } },
    )
    expect(d).toMatchObject({ code: 'MY_MIME_TOO_MANY_PARTS', file: expect.stringMatching(/m2\.txt$/) })
  })

  it('refuses multiparts nested deeper than maxIncludeDepth, without recursing into a stack overflow', async () => {
    const depth = 20_000
    const open = Array.from({ length: depth }, (_, i) =>
      lines(`Content-Type: multipart/mixed; boundary="b${i}"`, '', `--b${i}`),
    ).join('')
    const close = Array.from({ length: depth }, (_, i) => `--b${depth - 1 - i}--\n`).join('')
    const d = await failure({ [entry]: `MIME-Version: 1.0\n${open}${yamlPart('deep: 1')}${close}` })
    expect(d).toMatchObject({ code: 'MY_MIME_TOO_DEEP' })
    expect(d.message).toContain('limits.maxIncludeDepth')
  })

  it('stops a gzip bomb file at maxDecodedSize', async () => {
    const bomb = gzipSync(Buffer.alloc(80 * 1024 * 1024, 0x20))
    expect(bomb.byteLength).toBeLessThan(1024 * 1024)
    const d = await failure({ [entry]: lines('#include', 'bomb.yaml.gz'), 'bomb.yaml.gz': bomb })
    expect(d).toMatchObject({ code: 'MY_DECODED_TOO_LARGE' })
    expect(d.message).toContain('limits.maxDecodedSize')
    expect(
      await failure({ [entry]: gzipSync('a: 1\nb: 2\n'.repeat(100)) }, { limits: { maxDecodedSize: 100 } }),
    ).toMatchObject({ code: 'MY_DECODED_TOO_LARGE', line: 1 })
  })

  it('stops a gzip MIME part and a base64 part at maxDecodedSize', async () => {
    const gz = gzipSync(Buffer.alloc(5000, 0x20)).toString('base64')
    const gzPart = lines('Content-Type: application/x-gzip', 'Content-Transfer-Encoding: base64', '', gz)
    expect((await failure({ [entry]: multipart([gzPart]) }, { limits: { maxDecodedSize: 1000 } })).code).toBe(
      'MY_DECODED_TOO_LARGE',
    )
    const b64Part = lines(
      'Content-Type: text/cloud-config',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(`a: ${'x'.repeat(5000)}\n`).toString('base64'),
    )
    const d = await failure({ [entry]: multipart([b64Part]) }, { limits: { maxDecodedSize: 1000 } })
    // At the part's first header line (line 4 is the boundary).
    expect(d).toMatchObject({ code: 'MY_DECODED_TOO_LARGE', line: 5 })
  })
})

describe('work that grows with the input stays near-linear', () => {
  // Linear work takes about a second here, quadratic work many minutes: the test's timeout (60 s) is the bound.
  it('merges a stream of 10 000 documents', async () => {
    const docs = Array.from({ length: 10_000 }, (_, i) => `k${i}: ${i}`).join('\n---\n')
    const root = writeTree({ [entry]: docs }, 'limits')
    const result = await render(join(root, entry), { root })
    expect(Object.keys(result.value as object)).toHaveLength(10_000)
  })

  it('merges 1000 parts that each add 200 keys', async () => {
    const parts = Array.from({ length: 1000 }, (_, p) =>
      Array.from({ length: 200 }, (_, k) => `p${p}k${k}: ${k}`).join('\n'),
    )
    const root = writeTree({ [entry]: parts.join('\n---\n') }, 'limits')
    const result = await render(join(root, entry), { root })
    expect(Object.keys(result.value as object)).toHaveLength(200_000)
  })
})

describe('odd include lines', () => {
  it('reports a glob pattern too long to compile at its line', async () => {
    const d = await failure({ [entry]: lines('#include', `conf.d/*${'.yaml/*'.repeat(20_000)}.yaml`) })
    expect(d).toMatchObject({ code: 'MY_INCLUDE_INVALID', line: 2, column: 1 })
  })
})

describe('warnings (maxWarnings)', () => {
  // 100 000 duplicate keys, each a lenient-mode warning with a code frame far down the file.
  const duplicates = (count: number): string => `a: 0\n${'a: 1\n'.repeat(count)}`

  it('keeps the first warnings and says how many more were dropped', async () => {
    const root = writeTree({ [entry]: duplicates(100_000) }, 'limits')
    const { value: merged, warnings } = await render(join(root, entry), { root, strict: false })
    expect(merged).toEqual({ a: 1 })
    expect(warnings).toHaveLength(DEFAULT_LIMITS.maxWarnings + 1)
    expect(warnings.slice(0, -1).every((w) => w.code === 'MY_YAML_DUPLICATE_KEY')).toBe(true)
    expect(warnings[99]).toMatchObject({ line: 101, column: 1 })
    expect(warnings[99]!.frame).toContain('> 101 | a: 1')
    expect(warnings.at(-1)).toMatchObject({
      code: 'MY_TOO_MANY_WARNINGS',
      severity: 'warning',
      file: join(root, entry),
      line: 1,
      column: 1,
    })
    expect(warnings.at(-1)!.message).toContain(`${100_000 - DEFAULT_LIMITS.maxWarnings} more warnings dropped`)
  })

  it('counts schema violations past the limit as dropped warnings too', async () => {
    const keys = Array.from({ length: 300 }, (_, i) => `k${i}: ${i}`)
    const root = writeTree(
      {
        [entry]: lines('# yaml-language-server: $schema=schema.json', ...keys),
        'schema.json': JSON.stringify({ type: 'object', additionalProperties: { type: 'string' } }),
      },
      'limits',
    )
    const { warnings } = await render(join(root, entry), { root, strict: false, limits: { maxWarnings: 10 } })
    expect(warnings.map((w) => w.code)).toEqual([...Array(10).fill('MY_SCHEMA_VIOLATION'), 'MY_TOO_MANY_WARNINGS'])
    expect(warnings[9]).toMatchObject({ line: 11, column: 1 })
    expect(warnings[10]!.message).toContain('290 more warnings dropped')
  })

  it('moves with the option, and adds nothing when none were dropped', async () => {
    const root = writeTree({ [entry]: duplicates(5) }, 'limits')
    const few = await render(join(root, entry), { root, strict: false, limits: { maxWarnings: 2 } })
    expect(few.warnings.map((w) => w.code)).toEqual([
      'MY_YAML_DUPLICATE_KEY',
      'MY_YAML_DUPLICATE_KEY',
      'MY_TOO_MANY_WARNINGS',
    ])
    expect(few.warnings[2]!.message).toContain('3 more warnings dropped')
    const all = await render(join(root, entry), { root, strict: false })
    expect(all.warnings.map((w) => w.code)).toEqual(Array(5).fill('MY_YAML_DUPLICATE_KEY'))
  })
})
