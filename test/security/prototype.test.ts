// Keys such as __proto__, constructor and prototype are ordinary data on every path: merges, JSON
// patch, archives, MIME headers, both YAML readers, every dialect, include variables. After each
// hostile build no prototype has changed, and the keys are own properties of plain objects.
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MergedYamlError, render } from '@merged-yaml/core'
import type { RenderOptions } from '@merged-yaml/core'
import { lines, writeTree } from '../helpers/tree.ts'

const entry = 'app.merged.yaml'

const PROTOTYPES: readonly object[] = [
  Object.prototype,
  Array.prototype,
  Function.prototype,
  String.prototype,
  Number.prototype,
  Boolean.prototype,
  Symbol.prototype,
  RegExp.prototype,
  Error.prototype,
  Map.prototype,
  Set.prototype,
  Promise.prototype,
  Uint8Array.prototype,
]

type Snapshot = Map<object, Map<PropertyKey, unknown>>

/** Every own property of every built-in prototype, with its value or accessors, and its prototype. */
function snapshotPrototypes(): Snapshot {
  const snapshot: Snapshot = new Map()
  for (const proto of PROTOTYPES) {
    const entries = new Map<PropertyKey, unknown>()
    for (const key of Reflect.ownKeys(proto)) {
      const d = Object.getOwnPropertyDescriptor(proto, key)!
      entries.set(key, 'value' in d ? d.value : [d.get, d.set])
    }
    entries.set('[[Prototype]]', Object.getPrototypeOf(proto))
    snapshot.set(proto, entries)
  }
  return snapshot
}

function expectUnchanged(before: Snapshot): void {
  const after = snapshotPrototypes()
  for (const [proto, entries] of before) {
    const now = after.get(proto)!
    expect([...now.keys()].map(String)).toEqual([...entries.keys()].map(String))
    for (const [key, value] of entries) {
      const current = now.get(key)
      if (Array.isArray(value)) expect(current).toEqual(value)
      else expect(current === value, `${String(key)} of a prototype changed`).toBe(true)
    }
  }
  const probe: Record<string, unknown> = {}
  for (const key of ['polluted', 'isAdmin', 'x']) expect(probe[key]).toBeUndefined()
}

/** Every object in the value is a plain object or an array with the standard prototype. */
function expectPlain(value: unknown, path = '$'): void {
  if (typeof value !== 'object' || value === null) return
  const proto = Object.getPrototypeOf(value)
  if (Array.isArray(value)) {
    expect(proto, path).toBe(Array.prototype)
    value.forEach((item, i) => expectPlain(item, `${path}[${i}]`))
    return
  }
  if (value instanceof Uint8Array) return
  expect(proto, `${path} has a foreign prototype`).toBe(Object.prototype)
  for (const key of Object.keys(value)) expectPlain((value as Record<string, unknown>)[key], `${path}.${key}`)
}

/** An own, enumerable data property: what `__proto__: …` in YAML must become. */
function own(value: unknown, key: string): unknown {
  expect(Object.hasOwn(value as object, key), `'${key}' is not an own property`).toBe(true)
  const d = Object.getOwnPropertyDescriptor(value, key)!
  expect(d.enumerable).toBe(true)
  return d.value
}

async function renderHostile(files: Record<string, string>, options: RenderOptions = {}): Promise<unknown> {
  const root = writeTree(files, 'proto')
  const { value } = await render(join(root, entry), { root, ...options })
  expectPlain(value)
  return value
}

/** For dialects whose strict checks may refuse a hostile document: either outcome is fine, a crash is not. */
async function renderEither(files: Record<string, string>, options: RenderOptions = {}): Promise<unknown> {
  const root = writeTree(files, 'proto')
  try {
    const { value } = await render(join(root, entry), { root, ...options })
    expectPlain(value)
    return value
  } catch (error) {
    expect(error).toBeInstanceOf(MergedYamlError)
    return undefined
  }
}

const HOSTILE = lines(
  '__proto__: {polluted: true, isAdmin: true}',
  'constructor: {prototype: {polluted: true}}',
  'prototype: {polluted: true}',
  'toString: not a function',
  'hasOwnProperty: 1',
  'valueOf: {}',
  'nested:',
  '  __proto__: {polluted: true}',
  '  list: [{__proto__: {polluted: true}}, {constructor: {prototype: {x: 1}}}]',
)

let before: Snapshot
beforeEach(() => {
  before = snapshotPrototypes()
})
afterEach(() => {
  expectUnchanged(before)
})

describe('YAML readers', () => {
  it('reads the keys as data on the fast path', async () => {
    const value = await renderHostile({ [entry]: HOSTILE })
    expect(own(value, '__proto__')).toEqual({ polluted: true, isAdmin: true })
    expect(own(own(value, 'constructor'), 'prototype')).toEqual({ polluted: true })
    expect(own(value, 'toString')).toBe('not a function')
    expect(own(own(value, 'nested'), '__proto__')).toEqual({ polluted: true })
  })

  it('reads the keys as data on the precise path (anchors, tags, 1.1 merge keys)', async () => {
    const value = await renderHostile(
      {
        [entry]: lines(
          'base: &b {__proto__: {polluted: true}, constructor: {prototype: {x: 1}}}',
          'copy: *b',
          'tagged: !!map {__proto__: {polluted: true}}',
          'merged: {<<: *b, own: 1}',
        ),
      },
      { yamlVersion: '1.1' },
    )
    expect(own(own(value, 'copy'), '__proto__')).toEqual({ polluted: true })
    expect(own(own(value, 'tagged'), '__proto__')).toEqual({ polluted: true })
    expect(own(own(value, 'merged'), '__proto__')).toEqual({ polluted: true })
  })

  it('treats a merge key whose source is __proto__ as data', async () => {
    const value = await renderHostile(
      { [entry]: lines('__proto__: &p {polluted: true}', 'a: {<<: *p}') },
      { yamlVersion: '1.1' },
    )
    expect(own(value, 'a')).toEqual({ polluted: true })
  })
})

describe('cloud-init merge paths', () => {
  const base = lines('__proto__: {a: 1, l: [1]}', 'constructor: {prototype: {a: 1}}', 'prototype: {s: x}')
  const over = (how: string) =>
    lines(
      `merge_how: ${how}`,
      '__proto__: {b: 2, polluted: true, l: [2]}',
      'constructor: {prototype: {polluted: true}}',
      'prototype: {s: y}',
    )

  const cases: [string, unknown][] = [
    ['dict(replace)+list()+str()', { b: 2, polluted: true, l: [2] }],
    ['dict(no_replace,recurse_list)+list(append)+str()', { a: 1, b: 2, polluted: true, l: [1, 2] }],
    ['dict(replace,recurse_list)+list(prepend)+str(append)', { b: 2, polluted: true, l: [2] }],
    ['dict(recurse_array)+list(append)+str(append)', { a: 1, b: 2, polluted: true, l: [1, 2] }],
    ['dict(allow_delete,no_replace)+list(replace,recurse_dict)+str()', { a: 1, b: 2, polluted: true, l: [1] }],
  ]
  for (const [how, expected] of cases) {
    it(`merges with ${how}`, async () => {
      const value = await renderHostile({
        [entry]: lines('#include', 'base.yaml', 'over.yaml'),
        'base.yaml': base,
        'over.yaml': over(how),
      })
      expect(own(value, '__proto__')).toEqual(expected)
      expect(own(value, 'constructor')).toHaveProperty('prototype')
    })
  }

  it('deletes a __proto__ key with allow_delete', async () => {
    const value = await renderHostile({
      [entry]: lines('#include', 'base.yaml', 'del.yaml'),
      'base.yaml': base,
      'del.yaml': lines('merge_how: dict(allow_delete,no_replace)', '__proto__: null'),
    })
    expect(Object.hasOwn(value as object, '__proto__')).toBe(false)
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
  })

  it('appends to a string under __proto__', async () => {
    const value = await renderHostile({
      [entry]: lines('#include', 'a.yaml', 'b.yaml'),
      'a.yaml': '__proto__: abc\n',
      'b.yaml': lines('merge_how: dict(no_replace,recurse_str)+str(append)', '__proto__: def'),
    })
    expect(own(value, '__proto__')).toBe('abcdef')
  })

  it('merges a hostile part in both stack modes and lenient mode', async () => {
    for (const options of [{ stack: 'per-part' as const }, { strict: false }, { yamlVersion: '1.1' as const }]) {
      const value = await renderHostile(
        { [entry]: lines('#include', 'a.yaml', 'b.yaml'), 'a.yaml': HOSTILE, 'b.yaml': HOSTILE },
        options,
      )
      expect(own(value, '__proto__')).toEqual({ polluted: true, isAdmin: true })
    }
  })

  it('refuses __proto__ as a merger name', async () => {
    const root = writeTree({ [entry]: lines('merge_how: __proto__()+dict()', 'a: 1') })
    await expect(render(join(root, entry), { root })).rejects.toMatchObject({ code: 'MY_UNKNOWN_MERGER' })
    await expect(render(join(root, entry), { root, mergeHow: 'constructor()+dict()' })).rejects.toMatchObject({
      code: 'MY_INVALID_OPTION',
    })
  })

  it('reads merger list entries with hostile keys as unknown keys', async () => {
    const root = writeTree({
      [entry]: lines('merge_how:', '  - {name: dict, settings: [replace], __proto__: {name: list}}', 'a: 1'),
    })
    await expect(render(join(root, entry), { root })).rejects.toBeInstanceOf(MergedYamlError)
    expect((await render(join(root, entry), { root, strict: false })).value).toEqual({ a: 1 })
  })
})

describe('JSON patch', () => {
  const patch = (ops: object[]) => `#cloud-config-jsonp\n${JSON.stringify(ops)}\n`

  it('adds, replaces and copies under /__proto__ as data', async () => {
    const value = await renderHostile({
      [entry]: lines('#include', 'base.yaml', 'p.json'),
      'base.yaml': 'a: 1\n',
      'p.json': patch([
        { op: 'add', path: '/__proto__', value: { polluted: true } },
        { op: 'add', path: '/__proto__/isAdmin', value: true },
        { op: 'add', path: '/constructor', value: {} },
        { op: 'add', path: '/constructor/prototype', value: { polluted: true } },
        { op: 'copy', from: '/__proto__', path: '/prototype' },
        { op: 'replace', path: '/__proto__/polluted', value: 'yes' },
        { op: 'test', path: '/__proto__/isAdmin', value: true },
      ]),
    })
    expect(own(value, '__proto__')).toEqual({ polluted: 'yes', isAdmin: true })
    expect(own(value, 'prototype')).toEqual({ polluted: true, isAdmin: true })
    expect(own(own(value, 'constructor'), 'prototype')).toEqual({ polluted: true })
  })

  it('moves and removes __proto__ keys', async () => {
    const value = await renderHostile({
      [entry]: lines('#include', 'base.yaml', 'p.json'),
      'base.yaml': '__proto__: {x: 1}\n',
      'p.json': patch([
        { op: 'move', from: '/__proto__', path: '/moved' },
        { op: 'add', path: '/__proto__', value: 1 },
        { op: 'remove', path: '/__proto__' },
      ]),
    })
    expect(value).toEqual({ moved: { x: 1 } })
    expect(Object.hasOwn(value as object, '__proto__')).toBe(false)
  })

  it('refuses paths through inherited members', async () => {
    for (const path of ['/__proto__/polluted', '/constructor/prototype/polluted', '/toString/x', '/hasOwnProperty']) {
      const root = writeTree({
        [entry]: lines('#include', 'base.yaml', 'p.json'),
        'base.yaml': 'a: 1\n',
        'p.json': patch([{ op: path.endsWith('Property') ? 'remove' : 'add', path, value: 1 }]),
      })
      await expect(render(join(root, entry), { root })).rejects.toMatchObject({ code: 'MY_JSON_PATCH' })
    }
  })
})

describe('MIME and archives', () => {
  it('keeps hostile MIME headers and bodies as data', async () => {
    const value = await renderHostile({
      [entry]: lines(
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="B"; __proto__=x',
        '',
        '--B',
        'Content-Type: text/cloud-config; charset=utf-8; constructor=y',
        '__proto__: {polluted: true}',
        'constructor: z',
        '',
        HOSTILE,
        '--B--',
      ),
    })
    expect(own(value, '__proto__')).toEqual({ polluted: true, isAdmin: true })
  })

  it('explodes an archive with hostile header names and contents', async () => {
    const value = await renderHostile({
      [entry]: lines(
        '#cloud-config-archive',
        '- content: |',
        '    __proto__: {polluted: true}',
        '  __proto__: x',
        '  constructor: y',
        '  hasOwnProperty: z',
        '- type: text/cloud-config',
        '  content: "constructor: {prototype: {polluted: true}}"',
      ),
    })
    expect(own(value, '__proto__')).toEqual({ polluted: true })
    expect(own(own(value, 'constructor'), 'prototype')).toEqual({ polluted: true })
  })
})

describe('options', () => {
  it('does not resolve include variables from the prototype', async () => {
    const root = writeTree({ [entry]: lines('#include', '${constructor}.yaml', '${__proto__}.yaml') })
    await expect(
      render(join(root, entry), {
        root,
        vars: JSON.parse('{"__proto__": "x", "mode": "dev"}') as Record<string, string>,
      }),
    ).rejects.toMatchObject({ code: 'MY_INCLUDE_UNKNOWN_VARIABLE' })
  })

  it('uses an own __proto__ variable as a value', async () => {
    const value = await renderHostile(
      { [entry]: lines('#include', 'layers/${__proto__}.yaml'), 'layers/x.yaml': 'x: 1\n' },
      { vars: JSON.parse('{"__proto__": "x"}') as Record<string, string> },
    )
    expect(value).toEqual({ x: 1 })
  })

  it('refuses an own __proto__ option and limit name as unknown, never reading them as prototypes', async () => {
    const options = JSON.parse('{"__proto__": {"strict": false, "root": "/"}}') as RenderOptions
    const root = writeTree({ [entry]: 'a: 1\nb: [\n' })
    await expect(render(join(root, entry), { ...options, root })).rejects.toMatchObject({
      code: 'MY_INVALID_OPTION',
      message: expect.stringMatching(/^<options>:1:1: error MY_INVALID_OPTION: unknown option '__proto__' \(/),
    })
    const limits = JSON.parse('{"__proto__": {"maxFileSize": 1}}') as RenderOptions['limits']
    await expect(render(join(root, entry), { root, limits })).rejects.toMatchObject({
      code: 'MY_INVALID_OPTION',
      message: expect.stringContaining("unknown option 'limits.__proto__'"),
    })
  })
})

describe('dialects', () => {
  it('Datum: lookup options, data and knockouts under hostile keys', async () => {
    const value = await renderEither({
      [entry]: lines('#include', 'options.yaml', 'base.yaml', 'node.yaml'),
      'options.yaml': lines(
        'default_lookup_options: MostSpecific',
        'lookup_options:',
        '  __proto__: deep',
        '  constructor: hash',
        '  prototype:',
        '    merge_hash: deep',
      ),
      'base.yaml': HOSTILE,
      'node.yaml': lines('__proto__: {b: 1, --polluted: x}', 'constructor: {prototype: {b: 1}}', 'prototype: {c: [1]}'),
    })
    expect(own(value, '__proto__')).toEqual({ b: 1, isAdmin: true })
    expect(own(own(value, 'constructor'), 'prototype')).toEqual({ b: 1 })
    await renderEither(
      {
        [entry]: lines(
          'lookup_options:',
          '  __proto__\\polluted: deep',
          '  constructor\\prototype: {merge_hash: deep}',
          '__proto__: {polluted: {a: 1}}',
        ),
      },
      { strict: false },
    )
  })

  it('Heat: parameters, strategies and registry under hostile keys', async () => {
    const env = (x: number) =>
      lines(
        'parameter_merge_strategies: {__proto__: merge, constructor: deep_merge, default: deep_merge}',
        `parameters: {__proto__: {polluted: ${x}}, constructor: {prototype: {polluted: ${x}}}}`,
        `parameter_defaults: {__proto__: {v${x}: ${x}}, prototype: {polluted: ${x}}}`,
        'resource_registry: {__proto__: evil.yaml, "OS::X": x.yaml}',
      )
    const value = await renderEither({
      [entry]: lines('#include', 'a.yaml', 'b.yaml'),
      'a.yaml': env(1),
      'b.yaml': env(2),
    })
    const defaults = own(value, 'parameter_defaults')
    expect(own(defaults, '__proto__')).toEqual({ v1: 1, v2: 2 })
    expect(own(own(value, 'parameters'), '__proto__')).toEqual({ polluted: 2 })
    await renderEither(
      { [entry]: lines('#include', 'a.yaml', 'b.yaml'), 'a.yaml': env(1), 'b.yaml': env(2) },
      { strict: false, heat: { mode: 'heatclient' } },
    )
  })

  it('Deckhand: data, labels, actions and substitutions under hostile keys', async () => {
    const documents = lines(
      '---',
      'schema: deckhand/LayeringPolicy/v1',
      'metadata: {schema: metadata/Control/v1, name: policy}',
      'data: {layerOrder: [global, site]}',
      '---',
      'schema: example/Chart/v1',
      'metadata:',
      '  schema: metadata/Document/v1',
      '  name: parent',
      '  labels: {__proto__: x, constructor: y}',
      '  layeringDefinition: {abstract: false, layer: global}',
      'data: {__proto__: {polluted: true, a: 1}, constructor: {prototype: {polluted: true}}, prototype: {p: 1}}',
      '---',
      'schema: example/Chart/v1',
      'metadata:',
      '  schema: metadata/Document/v1',
      '  name: child',
      '  layeringDefinition:',
      '    abstract: false',
      '    layer: site',
      '    parentSelector: {__proto__: x, constructor: y}',
      '    actions:',
      '      - {method: merge, path: .__proto__}',
      '      - {method: replace, path: .constructor.prototype}',
      '      - {method: delete, path: .prototype}',
      'data: {__proto__: {b: 2}, constructor: {prototype: {b: 2}}, prototype: {}}',
    )
    const substitution = lines(
      '  substitutions:',
      '    - dest: {path: .__proto__.polluted}',
      '      src: {schema: example/Chart/v1, name: parent, path: .constructor}',
    )
    const rendered = (await renderEither({ [entry]: documents })) as { metadata: { name: string }; data: unknown }[]
    const child = rendered.find((doc) => doc.metadata.name === 'child')!
    expect(own(child.data, '__proto__')).toEqual({ polluted: true, a: 1, b: 2 })
    expect(own(own(child.data, 'constructor'), 'prototype')).toEqual({ b: 2 })
    expect(Object.hasOwn(child.data as object, 'prototype')).toBe(false)
    await renderEither({ [entry]: documents }, { strict: false })
    const withSubstitution = documents.replace(/^data: \{__proto__: \{b: 2\}/m, `${substitution}$&`)
    expect(withSubstitution).toContain('substitutions')
    await renderEither({ [entry]: withSubstitution })
    await renderEither({ [entry]: withSubstitution }, { strict: false })
  })
})
