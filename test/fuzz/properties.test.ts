// Properties of the engine for random documents and random valid directives (fast-check): merging
// throws nothing but a located MergedYamlError, is deterministic, never mutates its inputs, and an
// empty part is the identity where the semantics say so.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseAllDocuments, stringify } from 'yaml'
import { MergedYamlError, renderSync } from '@merged-yaml/core'
import type { RenderOptions } from '@merged-yaml/core'
import { readMime, MimeError } from '../../packages/core/src/pipeline/gather/mime.ts'
import { parseIncludeLines } from '../../packages/core/src/pipeline/gather/include-lines.ts'
import { parseMergeBody, parseMergeString } from '../../packages/core/src/dialects/cloud-init/directive.ts'
import { applyJsonPatch, JsonPatchError } from '../../packages/core/src/dialects/cloud-init/json-patch.ts'
import { createMergerSet } from '../../packages/core/src/dialects/cloud-init/merger-set.ts'
import { MergeRun, PartSkipped } from '../../packages/core/src/dialects/cloud-init/mergers.ts'
import { parseYamlStream, parseYamlStreamPrecise } from '../../packages/core/src/yaml/parse.ts'
import { checkValueLimits } from '../../packages/core/src/pipeline/value-limits.ts'
import { propertyRuns } from '../helpers/property-runs.ts'

const settings = { numRuns: propertyRuns(Number(process.env.PROPERTY_RUNS ?? 150)) }

// Keys: ordinary names, hostile ones, and odd strings; never another dialect's directive keys.
const DIRECTIVE_KEYS = new Set([
  'merge_how',
  'merge_type',
  'lookup_options',
  'default_lookup_options',
  'parameter_merge_strategies',
  'schema',
  'metadata',
  'data',
])
const key = fc.oneof(
  fc.constantFrom(
    'a',
    'b',
    'c',
    'list',
    'map',
    'name',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'é',
    'e\u0301',
    '0',
    '-1',
  ),
  fc.string({ maxLength: 6 }).filter((k) => !DIRECTIVE_KEYS.has(k.toLowerCase())),
)
const scalar = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -1000, max: 1000 }),
  fc.string({ maxLength: 8 }),
  fc.constantFrom('yes', 'no', '0777', '1e3', '~', ''),
)
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('list'), tie('map')),
  list: fc.array(tie('value'), { maxLength: 4 }),
  map: fc.dictionary(key, tie('value'), { maxKeys: 5, noNullPrototype: true }),
}))
const mapping = fc.dictionary(key, value, { maxKeys: 6, noNullPrototype: true })

const DICT_OPTIONS = [
  'replace',
  'no_replace',
  'recurse_array',
  'recurse_list',
  'recurse_str',
  'recurse_dict',
  'allow_delete',
]
const LIST_OPTIONS = [
  'append',
  'prepend',
  'replace',
  'no_replace',
  'recurse_dict',
  'recurse_array',
  'recurse_list',
  'recurse_str',
]
/** A valid merger string (always with a dict merger, else cloud-init drops the part). */
const mergeString = fc
  .record({
    dict: fc.subarray(DICT_OPTIONS, { maxLength: 3 }),
    list: fc.option(fc.subarray(LIST_OPTIONS, { maxLength: 3 }), { nil: undefined }),
    str: fc.option(fc.subarray(['append']), { nil: undefined }),
    order: fc.constantFrom(0, 1, 2),
  })
  .map(({ dict, list, str, order }) => {
    const parts = [`dict(${dict.join(',')})`]
    if (list) parts.push(`list(${list.join(',')})`)
    if (str) parts.push(`str(${str.join(',')})`)
    return order === 0 ? parts.join('+') : [...parts.slice(1), parts[0]].join('+')
  })
/** The same mergers in the list-of-mappings format. */
const directive = fc.oneof(
  mergeString,
  mergeString.map((text) =>
    text.split('+').map((segment) => ({
      name: segment.slice(0, segment.indexOf('(')),
      settings: segment
        .slice(segment.indexOf('(') + 1, -1)
        .split(',')
        .filter(Boolean),
    })),
  ),
)
const part = fc.record({ data: mapping, how: fc.option(directive, { nil: undefined }) })
const options = fc.record({
  stack: fc.constantFrom('scoped' as const, 'per-part' as const),
  strict: fc.boolean(),
  yamlVersion: fc.constantFrom('1.1' as const, '1.2' as const),
})

interface Part {
  data: Record<string, unknown>
  how: unknown
}

function partText(p: Part): string {
  const body: Record<string, unknown> = {}
  if (p.how !== undefined) body.merge_how = p.how
  for (const k of Object.keys(p.data))
    Object.defineProperty(body, k, { value: p.data[k], enumerable: true, writable: true, configurable: true })
  return stringify(body, { version: '1.2' })
}

/** Writes the parts as an #include entry and returns its outcome: the value's JSON, or the error code. */
function outcome(files: string[], renderOptions: RenderOptions): string {
  const root = mkdtempSync(join(tmpdir(), 'my-prop-'))
  files.forEach((text, i) => writeFileSync(join(root, `p${i}.yaml`), text))
  writeFileSync(join(root, 'app.merged.yaml'), `#include\n${files.map((_, i) => `p${i}.yaml`).join('\n')}\n`)
  try {
    return `value ${JSON.stringify(renderSync(join(root, 'app.merged.yaml'), { ...renderOptions, root }).value)}`
  } catch (error) {
    if (!(error instanceof MergedYamlError)) throw error
    expect(error.code).not.toBe('MY_INTERNAL')
    for (const d of error.diagnostics) {
      expect(d.code).toMatch(/^MY_[A-Z0-9_]+$/)
      expect(d.line).toBeGreaterThanOrEqual(1)
      expect(d.column).toBeGreaterThanOrEqual(1)
    }
    return `error ${error.code} ${error.diagnostics[0]!.message}`
  } finally {
    // Thousands of cases a run: left behind, they filled the shared temporary folder.
    rmSync(root, { recursive: true, force: true })
  }
}

/** For inputs that differ only in file names: the same value, or an error with the same code. */
function withoutFileNames(result: string): string {
  return result.startsWith('error ') ? result.split(' ').slice(0, 2).join(' ') : result
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const k of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[k])
  }
  return value
}

describe('render() on random cloud-config parts and directives', () => {
  it('throws nothing but a located MergedYamlError, and gives the same result every time', () => {
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 4 }), options, (parts, renderOptions) => {
        const files = parts.map(partText)
        expect(outcome(files, renderOptions)).toBe(outcome(files, renderOptions))
      }),
      settings,
    )
  })

  it('treats an empty or comment-only part, and an empty mapping, as no-ops', () => {
    fc.assert(
      fc.property(
        fc.array(part, { minLength: 1, maxLength: 3 }),
        options,
        fc.nat(),
        fc.constantFrom('', '# nothing\n', '{}\n', '---\n'),
        (parts, renderOptions, at, empty) => {
          const files = parts.map(partText)
          const withEmpty = [...files]
          withEmpty.splice(at % (files.length + 1), 0, empty)
          const without = withoutFileNames(outcome(files, renderOptions))
          const added = withoutFileNames(outcome(withEmpty, renderOptions))
          // Where no part was cloud-config (every one unreadable text in lenient mode: null), the empty
          // part is the first that counts, and its merge gives {}, as cloud-init's would.
          if (without === 'value null') expect(['value null', 'value {}']).toContain(added)
          else expect(added).toBe(without)
        },
      ),
      settings,
    )
  })

  it('merges in place exactly as it merges by copying (a history recorder copies), skipped parts rolled back', () => {
    const patch = fc.array(
      fc.record({
        op: fc.constantFrom('add', 'copy', 'remove'),
        path: fc.constantFrom('/a', '/b', '/list', '/map/a'),
        from: fc.constantFrom('/a', '/map', '/list'),
        value,
      }),
      { minLength: 1, maxLength: 3 },
    )
    const anyPart = fc.oneof(
      { weight: 5, arbitrary: part.map(partText) },
      { weight: 1, arbitrary: patch.map((ops) => `#cloud-config-jsonp\n${JSON.stringify(ops)}\n`) },
    )
    fc.assert(
      fc.property(fc.array(anyPart, { minLength: 2, maxLength: 6 }), options, (files, renderOptions) => {
        const lenient = { ...renderOptions, strict: false }
        expect(outcome(files, lenient)).toBe(outcome(files, { ...lenient, history: true }))
      }),
      settings,
    )
  })

  it('does not change a JSON-patch copy through its twin when merging in place', () => {
    // The second part makes `map` a container of the result's own, which the patch then shares.
    const files = [
      'map: {x: 1}\n',
      'merge_how: dict(no_replace)+list()+str()\nmap: {w: 0}\n',
      `#cloud-config-jsonp\n${JSON.stringify([{ op: 'copy', from: '/map', path: '/twin' }])}\n`,
      'map: {y: 2}\n',
    ]
    expect(outcome(files, {})).toBe('value {"map":{"x":1,"w":0,"y":2},"twin":{"x":1,"w":0}}')
  })

  it('stays within three times the summed sizes of its tree documents, and within their depth (the check render() skips)', () => {
    const height = (v: unknown): number =>
      typeof v === 'object' && v !== null ? 1 + Math.max(0, ...Object.values(v).map(height)) : 0
    fc.assert(
      fc.property(
        fc.array(part, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
        options,
        (parts, order, renderOptions) => {
          // Parts included in any order, some twice.
          const files = order.map((i) => partText(parts[i % parts.length]!))
          const docs = files.flatMap((text) =>
            parseYamlStream(text, {
              version: renderOptions.yamlVersion,
              allowDuplicateKeys: !renderOptions.strict,
              maxAliasCount: 100,
            }),
          )
          if (docs.some((doc) => doc.tree === undefined)) return
          const result = outcome(files, { ...renderOptions, strict: false })
          if (!result.startsWith('value ')) return
          const merged: unknown = JSON.parse(result.slice('value '.length))
          const sum = docs.reduce((total, doc) => total + doc.tree!.size, 0)
          expect(checkValueLimits(merged, { maxDepth: 1000, maxValueSize: 3 * sum })).toBeUndefined()
          expect(height(merged)).toBeLessThanOrEqual(Math.max(...docs.map((doc) => height(doc.value))))
        },
      ),
      settings,
    )
  })

  it('merges a single part into the empty result as itself (without its directive)', () => {
    // A headerless part without merge_how marks nothing: with the default stack its entry is a values entry
    // (docs/values.md), where a plain y/n is Helm's boolean, refused in strict mode. The #cloud-config header
    // makes the part cloud-config in both stacks, which reads y/n as strings as PyYAML does.
    const helmBoolean = (v: unknown): boolean =>
      typeof v === 'string'
        ? ['y', 'Y', 'n', 'N'].includes(v)
        : typeof v === 'object' && v !== null && Object.values(v).some(helmBoolean)
    fc.assert(
      fc.property(part, fc.constantFrom('scoped' as const, 'per-part' as const), (p, stack) => {
        const itself = `value ${JSON.stringify(p.data)}`
        expect(outcome([`#cloud-config\n${partText(p)}`], { stack, yamlVersion: '1.2' })).toBe(itself)
        const headerless = outcome([partText(p)], { stack, yamlVersion: '1.2' })
        const values = stack === 'scoped' && p.how === undefined
        if (values && helmBoolean(p.data)) expect(headerless).toMatch(/^error MY_VALUES_HELM_AMBIGUOUS /)
        else expect(headerless).toBe(itself)
      }),
      // The counterexample of #47: a headerless part, a values entry, holding a plain n.
      { ...settings, examples: [[{ data: { '': [['n']] }, how: undefined }, 'scoped']] },
    )
  })
})

describe('render() on random dialect entries', () => {
  const strategy = fc.constantFrom('overwrite', 'merge', 'deep_merge', 'default')
  const heatPart = fc
    .record({
      strategies: fc.option(
        fc.dictionary(fc.constantFrom('default', 'a', 'b', 'c'), strategy, { maxKeys: 3, noNullPrototype: true }),
        { nil: undefined },
      ),
      parameters: fc.dictionary(fc.constantFrom('a', 'b', 'c', '__proto__'), value, {
        maxKeys: 3,
        noNullPrototype: true,
      }),
      defaults: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'constructor'), value, {
        maxKeys: 3,
        noNullPrototype: true,
      }),
    })
    .map(({ strategies, parameters, defaults }) =>
      stringify({
        ...(strategies ? { parameter_merge_strategies: strategies } : {}),
        parameters,
        parameter_defaults: defaults,
      }),
    )
  const preset = fc.constantFrom(
    'MostSpecific',
    'First',
    'hash',
    'MergeTopKeys',
    'deep',
    'MergeRecursively',
    'Unique',
    'Sum',
  )
  const datumOptions = fc
    .record({
      default: fc.option(preset, { nil: undefined }),
      keys: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'a\\x'), preset, { maxKeys: 3, noNullPrototype: true }),
    })
    .map((o) => stringify({ ...(o.default ? { default_lookup_options: o.default } : {}), lookup_options: o.keys }))
  const layer = fc
    .dictionary(fc.constantFrom('a', 'b', 'c', '__proto__'), value, { maxKeys: 3, noNullPrototype: true })
    .map((d) => stringify(d))

  it('Heat: throws nothing but a located MergedYamlError, is deterministic, and skips empty files', () => {
    fc.assert(
      fc.property(fc.array(heatPart, { minLength: 1, maxLength: 3 }), fc.boolean(), (files, strict) => {
        const first = outcome(files, { strict })
        expect(outcome(files, { strict })).toBe(first)
        expect(withoutFileNames(outcome(['', ...files], { strict }))).toBe(withoutFileNames(first))
      }),
      settings,
    )
  })

  it('Datum: throws nothing but a located MergedYamlError, is deterministic, and skips empty layers', () => {
    fc.assert(
      fc.property(
        datumOptions,
        fc.array(layer, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        (lookup, layers, strict) => {
          const files = [lookup, ...layers]
          const first = outcome(files, { strict })
          expect(outcome(files, { strict })).toBe(first)
          expect(withoutFileNames(outcome([...files, '# empty\n'], { strict }))).toBe(withoutFileNames(first))
        },
      ),
      settings,
    )
  })
})

describe('the mergers', () => {
  it('never mutate their inputs and throw only PartSkipped (a part cloud-init abandons)', () => {
    fc.assert(
      fc.property(mapping, mapping, mergeString, fc.boolean(), (current, incoming, how, lenient) => {
        const before = JSON.stringify([current, incoming])
        const run = new MergeRun(createMergerSet(parseMergeString(how).specs), (conflict) => {
          if (!lenient && !conflict.raises) throw new PartSkipped(conflict)
        })
        try {
          run.merge(deepFreeze(current), deepFreeze(incoming))
        } catch (error) {
          expect(error).toBeInstanceOf(PartSkipped)
        }
        expect(JSON.stringify([current, incoming])).toBe(before)
      }),
      settings,
    )
  })

  it('merging an empty mapping into a mapping is the identity', () => {
    fc.assert(
      fc.property(mapping, mergeString, (current, how) => {
        const run = new MergeRun(createMergerSet(parseMergeString(how).specs), () => {})
        expect(JSON.stringify(run.merge(deepFreeze(current), {}))).toBe(JSON.stringify(current))
      }),
      settings,
    )
  })
})

describe('JSON patch', () => {
  const pointer = fc
    .array(fc.oneof(key, fc.constantFrom('0', '1', '-', '~0', '~1')), { maxLength: 3 })
    .map((tokens) => (tokens.length === 0 ? '' : `/${tokens.join('/')}`))
  const operation = fc.record(
    {
      op: fc.constantFrom('add', 'remove', 'replace', 'move', 'copy', 'test', 'bogus'),
      path: fc.oneof(pointer, fc.constant(7), fc.constant('no-slash')),
      from: pointer,
      value,
    },
    { requiredKeys: ['op', 'path'] },
  )

  it('throws only JsonPatchError and never mutates the document or the patch', () => {
    fc.assert(
      fc.property(mapping, fc.array(operation, { maxLength: 6 }), (doc, patch) => {
        const before = JSON.stringify([doc, patch])
        try {
          applyJsonPatch(deepFreeze(doc), deepFreeze(patch))
        } catch (error) {
          expect(error).toBeInstanceOf(JsonPatchError)
        }
        expect(JSON.stringify([doc, patch])).toBe(before)
      }),
      settings,
    )
  })
})

describe('readers never throw on arbitrary text', () => {
  const yamlish = fc
    .array(
      fc.oneof(
        fc.string({ maxLength: 6 }),
        fc.constantFrom(
          '\n',
          '  ',
          '- ',
          ': ',
          '[',
          ']',
          '{',
          '}',
          '&a ',
          '*a',
          '!!binary ',
          '? ',
          '|\n',
          '---\n',
          '"',
          "'",
          '#',
          '\t',
          '%YAML 1.1\n',
          '<<: ',
        ),
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.join(''))

  it('parseYamlStream reports problems on documents instead of throwing', () => {
    fc.assert(
      fc.property(
        yamlish,
        fc.constantFrom('1.1' as const, '1.2' as const),
        fc.boolean(),
        (text, version, allowDuplicateKeys) => {
          const docs = parseYamlStream(text, { version, allowDuplicateKeys, maxAliasCount: 100 })
          expect(docs.length).toBeGreaterThan(0)
          for (const doc of docs) expect(doc.locate(['a', 0], 'key').line).toBeGreaterThanOrEqual(1)
        },
      ),
      settings,
    )
  })

  it('merge directives parse to specs and problems', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything()), (body) => {
        const parsed = typeof body === 'string' ? parseMergeString(body) : parseMergeBody(body)
        expect(Array.isArray(parsed.specs) && Array.isArray(parsed.problems)).toBe(true)
      }),
      settings,
    )
  })

  it('include lists parse to lines and problems', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 })),
        (payload, vars) => {
          const { lines, problems } = parseIncludeLines(payload, vars)
          for (const p of problems) expect(p.code).toMatch(/^MY_/)
          expect(lines.every((l) => l.line >= 0 && l.column >= 0)).toBe(true)
        },
      ),
      settings,
    )
  })

  it('MIME messages parse or fail with MimeError, within the limits', () => {
    const header = fc.constantFrom(
      'MIME-Version: 1.0\n',
      'Content-Type: multipart/mixed; boundary="B"\n',
      'Content-Type: text/cloud-config\n',
      'Content-Transfer-Encoding: base64\n',
      'Content-Transfer-Encoding: quoted-printable\n',
      'Content-Type: text/plain; charset=utf-16\n',
      '--B\n',
      '--B--\n',
      '\n',
      'a: 1\n',
      '=41=\n',
    )
    fc.assert(
      fc.property(fc.array(fc.oneof(header, fc.string({ maxLength: 10 })), { maxLength: 30 }), (chunks) => {
        try {
          const leaves = readMime(chunks.join(''), { maxParts: 20, maxDecodedSize: 10_000, maxDepth: 4 })
          expect(leaves.length).toBeLessThanOrEqual(20)
        } catch (error) {
          expect(error).toBeInstanceOf(MimeError)
        }
      }),
      settings,
    )
  })
})

describe('the linear duplicate-key check', () => {
  const keyText = fc.constantFrom(
    'a',
    'b',
    '1',
    '"1"',
    "'a'",
    '~',
    'null',
    '',
    '.nan',
    '.NaN',
    '0x1',
    '01',
    'true',
    'True',
    '[x]',
    '{k: v}',
    '&k a',
    '*k',
    '!!str 1',
    '? a',
  )
  const flowOrBlock = fc.boolean()

  it('reports the duplicates `yaml` reports, at the same positions', () => {
    fc.assert(
      fc.property(
        fc.array(keyText, { minLength: 1, maxLength: 8 }),
        flowOrBlock,
        fc.constantFrom('1.1' as const, '1.2' as const),
        (keys, flow, version) => {
          const text = flow
            ? `{${keys.map((k, i) => `${k}: ${i}`).join(', ')}}\n`
            : keys.map((k, i) => `${k}: ${i}`).join('\n') + '\n'
          const ours = parseYamlStreamPrecise(text, { version, allowDuplicateKeys: false, maxAliasCount: 100 })[0]!
          const reference = parseAllDocuments(text, {
            version,
            uniqueKeys: true,
            merge: version === '1.1',
            prettyErrors: true,
            logLevel: 'silent',
          })
          const first = (Array.isArray(reference) ? reference : [])[0]
          const referenceError = first?.errors[0]
          if (!referenceError) {
            expect(ours.error).toBeUndefined()
            return
          }
          expect(ours.error?.code === 'DUPLICATE_KEY').toBe(referenceError.code === 'DUPLICATE_KEY')
          if (referenceError.code === 'DUPLICATE_KEY')
            expect(ours.error?.position).toEqual({
              line: referenceError.linePos![0].line,
              column: referenceError.linePos![0].col,
            })
        },
      ),
      settings,
    )
  })
})

describe('value limits', () => {
  it('admit every tree within the bounds and measure at least its JSON size', () => {
    fc.assert(
      fc.property(value, (v) => {
        expect(checkValueLimits(v, { maxDepth: 100, maxValueSize: 1e9 })).toBeUndefined()
        const size = JSON.stringify(v)?.length ?? 0
        if (size > 10)
          expect(checkValueLimits(v, { maxDepth: 100, maxValueSize: Math.floor(size / 4) })?.code).toBe(
            'MY_VALUE_TOO_LARGE',
          )
      }),
      settings,
    )
  })

  it('find every cycle', () => {
    fc.assert(
      fc.property(mapping, fc.array(key, { minLength: 1, maxLength: 3 }), (base, path) => {
        const root: Record<string, unknown> = { ...base }
        let node = root
        for (const k of path) {
          const next: Record<string, unknown> = {}
          Object.defineProperty(node, k, { value: next, enumerable: true, writable: true, configurable: true })
          node = next
        }
        node.back = root
        expect(checkValueLimits(root, { maxDepth: 100, maxValueSize: 1e9 })?.code).toBe('MY_VALUE_CYCLE')
      }),
      settings,
    )
  })
})
