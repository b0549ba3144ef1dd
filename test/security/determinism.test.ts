// The same inputs give the same value, with the same key order, on every run and whatever the line
// endings, byte-order marks, file-creation order or working directory; keys keep their Unicode form.
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { render } from '@merged-yaml/core'
import type { RenderOptions } from '@merged-yaml/core'
import { lines, writeTree } from '../helpers/tree.ts'

const entry = 'app.merged.yaml'

/** The exact JSON text, so that key order counts too. */
async function json(files: Record<string, string | Uint8Array>, options: RenderOptions = {}): Promise<string> {
  const root = writeTree(files, 'det')
  const { value } = await render(join(root, entry), { root, ...options })
  return JSON.stringify(value)
}

const crlf = (text: string): string => text.replace(/\n/g, '\r\n')
const BOM = '\uFEFF'

const LAYERS: Record<string, Record<string, string>> = {
  'cloud-init': {
    [entry]: lines('#include', 'base.yaml', 'conf.d/*.yaml', 'over.yaml'),
    'base.yaml': lines(
      '#cloud-config',
      'merge_how: dict(recurse_array,no_replace)+list(append)',
      'z: 1',
      'a: [1]',
      'm: {y: 1, b: 2}',
      'text: |',
      '  line one',
      '  line two',
      'folded: >',
      '  a',
      '  b',
    ),
    'conf.d/10-a.yaml': lines('a: [2]', 'm: {c: 3}'),
    'conf.d/20-b.yaml': lines('a: [3]', 'new: true'),
    'over.yaml': lines('m: {a: 0}', 'q: "quoted\\nescape"'),
  },
  datum: {
    [entry]: lines('#include', 'datum.yml', 'base.yml', 'node.yml'),
    'datum.yml': lines(
      'default_lookup_options: MostSpecific',
      'lookup_options:',
      '  App: deep',
      '  List: {merge_baseType_array: Unique}',
    ),
    'base.yml': lines('App: {b: 1, a: {x: 1}}', 'List: [1, 2]'),
    'node.yml': lines('App: {a: {y: 2}, c: 3}', 'List: [2, 3]'),
  },
  heat: {
    [entry]: lines('#include', 'env1.yaml', 'env2.yaml'),
    'env1.yaml': lines('parameter_merge_strategies: {default: deep_merge}', 'parameter_defaults: {B: {x: 1}, A: [1]}'),
    'env2.yaml': lines('parameter_defaults: {B: {y: 2}, A: [2]}'),
  },
  deckhand: {
    [entry]: lines(
      '---',
      'schema: deckhand/LayeringPolicy/v1',
      'metadata: {schema: metadata/Control/v1, name: policy}',
      'data: {layerOrder: [global, site]}',
      '---',
      'schema: example/Doc/v1',
      'metadata: {schema: metadata/Document/v1, name: parent, labels: {k: v}, layeringDefinition: {abstract: false, layer: global}}',
      'data: {b: 1, a: {x: 1}}',
      '---',
      'schema: example/Doc/v1',
      'metadata: {schema: metadata/Document/v1, name: child, layeringDefinition: {abstract: false, layer: site, parentSelector: {k: v}, actions: [{method: merge, path: .}]}}',
      'data: {a: {y: 2}, c: 3}',
    ),
  },
}

describe('the same value on every run', () => {
  for (const [dialect, files] of Object.entries(LAYERS)) {
    it(`${dialect}: byte-identical JSON over repeated runs and from another working directory`, async () => {
      const root = writeTree(files, 'det')
      const runs = new Set<string>()
      for (let i = 0; i < 5; i++) runs.add(JSON.stringify((await render(join(root, entry), { root })).value))
      const cwd = process.cwd()
      try {
        process.chdir('/')
        runs.add(JSON.stringify((await render(join(root, entry), { root })).value))
      } finally {
        process.chdir(cwd)
      }
      expect(runs.size).toBe(1)
    })
  }
})

describe('line endings and byte-order marks', () => {
  for (const [dialect, files] of Object.entries(LAYERS)) {
    it(`${dialect}: CRLF, BOM and both give the value of LF files`, async () => {
      const expected = await json(files)
      const map = (f: (text: string) => string) =>
        Object.fromEntries(Object.entries(files).map(([name, text]) => [name, f(text)]))
      expect(await json(map(crlf))).toBe(expected)
      expect(await json(map((t) => BOM + t))).toBe(expected)
      expect(await json(map((t) => BOM + crlf(t)))).toBe(expected)
    })
  }

  it('reads block scalars with CRLF as LF on both YAML readers', async () => {
    const text = lines('a: |', '  one', '  two', 'b: >-', '  three', '  four')
    const expected = { a: 'one\ntwo\n', b: 'three four' }
    expect(JSON.parse(await json({ [entry]: crlf(text) }))).toEqual(expected)
    // An anchor sends the document to the precise reader.
    expect(JSON.parse(await json({ [entry]: crlf(`x: &x 1\n${text}`) }))).toEqual({ x: 1, ...expected })
  })

  it('reads CRLF MIME messages, gzip parts and include lists like LF ones', async () => {
    const message = lines(
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="B"',
      '',
      '--B',
      'Content-Type: text/cloud-config',
      '',
      'a: [1]',
      'b: x',
      '--B--',
    )
    expect(await json({ [entry]: crlf(message) })).toBe(await json({ [entry]: message }))
    const include = {
      [entry]: lines('#include', 'a.yaml', 'b.yaml.gz'),
      'a.yaml': 'a: 1\n',
      'b.yaml.gz': gzipSync(crlf(`${BOM}b: 2\n`)),
    }
    expect(await json({ ...include, [entry]: crlf(include[entry]) })).toBe('{"a":1,"b":2}')
  })
})

describe('file-system order', () => {
  it('includes glob matches in code-point order, whatever the order and times the files were created in', async () => {
    const names = ['b.yaml', 'a.yaml', 'B.yaml', '10.yaml', '9.yaml', 'ä.yaml', 'z/1.yaml']
    const results = new Set<string>()
    for (const order of [names, [...names].reverse(), [...names].sort()]) {
      const root = writeTree({ [entry]: lines('#include', 'layers/*.yaml', 'layers/z/*.yaml') }, 'det')
      mkdirSync(join(root, 'layers', 'z'), { recursive: true })
      order.forEach((name, i) => {
        writeFileSync(
          join(root, 'layers', name),
          lines('merge_how: dict(recurse_list)+list(append)', `order: [${JSON.stringify(name)}]`),
        )
        // Later-created files get older times in one round, newer in another.
        const time = 1_000_000 + (order === names ? i : -i) * 1000
        utimesSync(join(root, 'layers', name), time, time)
      })
      const { value } = await render(join(root, entry), { root })
      results.add(JSON.stringify((value as { order: string[] }).order))
    }
    expect([...results]).toEqual([
      JSON.stringify(['10.yaml', '9.yaml', 'B.yaml', 'a.yaml', 'b.yaml', 'ä.yaml', 'z/1.yaml']),
    ])
  })

  it('keeps the dependency list in reading order', async () => {
    const files = {
      [entry]: lines('#include', 'c.yaml', 'a/*.yaml'),
      'c.yaml': 'c: 1\n',
      'a/2.yaml': 'x: 2\n',
      'a/1.yaml': 'x: 1\n',
    }
    const root = writeTree(files, 'det')
    const { files: read } = await render(join(root, entry), { root })
    expect(read.map((f) => f.slice(root.length + 1))).toEqual([entry, 'c.yaml', 'a/1.yaml', 'a/2.yaml'])
  })
})

describe('keys as written', () => {
  it('keeps NFC and NFD spellings of a key apart and unnormalised', async () => {
    const nfc = 'caf\u00e9'
    const nfd = 'cafe\u0301'
    const value = JSON.parse(
      await json({
        [entry]: lines('#include', 'a.yaml', 'b.yaml'),
        'a.yaml': `${nfd}: 1\n${nfc}: 2\n`,
        'b.yaml': `${nfc}: 3\n`,
      }),
    ) as Record<string, number>
    expect(Object.keys(value)).toEqual([nfd, nfc])
    expect(value[nfd]).toBe(1)
    expect(value[nfc]).toBe(3)
  })

  it('keeps the key order of the base layer and appends new keys in the order written', async () => {
    const value = await json({
      [entry]: lines('#include', 'a.yaml', 'b.yaml'),
      'a.yaml': lines('z: 1', 'm: 1', 'a: 1'),
      'b.yaml': lines('b: 2', 'a: 2', 'y: 2'),
    })
    expect(value).toBe('{"z":1,"m":1,"a":2,"b":2,"y":2}')
  })

  it('keeps strings that look like dates, octals or booleans as the YAML version reads them, whatever the time zone', async () => {
    const text = lines('t: 2001-12-14 21:59:43.10 -5', 'd: 2002-12-14', 'o: 0777', 'y: yes')
    const zone = process.env.TZ
    try {
      const results = new Set<string>()
      for (const tz of ['UTC', 'America/New_York', 'Asia/Kolkata']) {
        process.env.TZ = tz
        results.add(await json({ [entry]: text }, { yamlVersion: '1.2' }))
        results.add(await json({ [entry]: text }, { yamlVersion: '1.1' }))
      }
      expect([...results]).toEqual([
        '{"t":"2001-12-14 21:59:43.10 -5","d":"2002-12-14","o":777,"y":"yes"}',
        '{"t":"2001-12-14 21:59:43.10 -5","d":"2002-12-14","o":511,"y":true}',
      ])
    } finally {
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    }
  })
})
