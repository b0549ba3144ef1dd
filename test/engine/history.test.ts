// render(join(root, entry), { history: true }): which part set each value and which merger decided. Recording
// must never change a result, and every value of the result must have a history that ends in it.
import { basename, join } from 'node:path'
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { renderSync } from '@merged-yaml/core'
import type { HistoryEvent, RenderOptions, ValueHistory } from '@merged-yaml/core'
import { propertyRuns } from '../helpers/property-runs.ts'
import { randomMergeHow, randomPartData } from '../helpers/random-parts.ts'
import { lines, writeTree } from '../helpers/tree.ts'

const entry = 'app.merged.yaml'

function renderWithHistory(files: Record<string, string>, options: RenderOptions = {}) {
  const root = writeTree(files, 'prov')
  const result = renderSync(join(root, entry), { root, history: true, ...options })
  const at = (...path: (string | number)[]): [string, string, string, unknown][] => {
    const found = result.history!.paths.find(
      (p) => JSON.stringify(p.path.map(String)) === JSON.stringify(path.map(String)),
    )
    return (found?.events ?? []).map((e) => [
      e.action,
      `${e.file.slice(root.length + 1)}:${e.line}:${e.column}`,
      e.merger,
      e.value,
    ])
  }
  return { result, at }
}

describe('render() with history', () => {
  it('returns no history unless asked for', () => {
    const root = writeTree({ [entry]: 'a: 1\n' }, 'prov')
    expect('history' in renderSync(join(root, entry), { root })).toBe(false)
  })

  it('records a value set, then replaced by a later part', () => {
    const { result, at } = renderWithHistory({
      [entry]: lines('#include', 'a.yaml', 'b.yaml'),
      'a.yaml': lines('x: 1', 'y: 2'),
      'b.yaml': lines('x: 10'),
    })
    expect(result.value).toEqual({ x: 10, y: 2 })
    expect(at('x')).toEqual([
      ['set', 'a.yaml:1:1', 'values', 1],
      ['replaced', 'b.yaml:1:1', 'values', 10],
    ])
    expect(at('y')).toEqual([['set', 'a.yaml:2:1', 'values', 2]])
    expect(result.history!.parts.map((p) => [p.file.slice(-6), p.merger, p.status])).toEqual([
      ['a.yaml', 'values', 'merged'],
      ['b.yaml', 'values', 'merged'],
    ])
  })

  it('records what a recursive merge kept, merged and added, with the merger in force (scoped stack)', () => {
    const { at } = renderWithHistory({
      [entry]: lines('#include', 'a.yaml', 'b.yaml'),
      'a.yaml': lines('merge_how: dict(no_replace,recurse_list)+list(append)+str()', 'm:', '  k: old', 'l: [1]'),
      'b.yaml': lines('m:', '  k: new', '  n: added', 'l: [2]'),
    })
    expect(at('m')).toEqual([
      ['set', 'a.yaml:2:1', 'dict(no_replace,recurse_list)', { k: 'old' }],
      ['merged', 'b.yaml:1:1', 'dict(no_replace,recurse_list)', { k: 'new', n: 'added' }],
    ])
    expect(at('m', 'k').map((e) => e.slice(0, 3))).toEqual([
      ['set', 'a.yaml:3:3', 'dict(no_replace,recurse_list)'],
      ['kept', 'b.yaml:2:3', 'dict(no_replace,recurse_list)'],
    ])
    expect(at('m', 'n')).toEqual([['set', 'b.yaml:3:3', 'dict(no_replace,recurse_list)', 'added']])
    expect(at('l', 1)).toEqual([['appended', 'b.yaml:4:5', 'list(append)', 2]])
  })

  it('moves the history of list items a prepend shifts', () => {
    const { result, at } = renderWithHistory({
      [entry]: lines('#include', 'a.yaml', 'b.yaml'),
      'a.yaml': lines('l:', '  - a', '  - b'),
      'b.yaml': lines('merge_how: dict(recurse_list)+list(prepend)+str()', 'l: [x]'),
    })
    expect(result.value).toEqual({ l: ['x', 'a', 'b'] })
    expect(at('l', 0)).toEqual([['prepended', 'b.yaml:2:5', 'list(prepend)', 'x']])
    expect(at('l', 1)).toEqual([['set', 'a.yaml:2:5', 'dict(replace)', 'a']])
    expect(at('l', 2)).toEqual([['set', 'a.yaml:3:5', 'dict(replace)', 'b']])
  })

  it('keeps the keys of a mapping a list replaced where a prepend moves the list items (#47)', () => {
    const { result, at } = renderWithHistory(
      {
        [entry]: lines('#include', 'a.yaml', 'b.yaml', 'c.yaml', 'd.yaml'),
        'a.yaml': lines('l:', '  k: 0'),
        'b.yaml': lines('l: [a]'),
        'c.yaml': lines('merge_how: dict(recurse_list)+list(prepend)+str()', 'l: [x]'),
        'd.yaml': lines('l:', '  k: 1'),
      },
      { stack: 'per-part' },
    )
    expect(result.value).toEqual({ l: { k: 1 } })
    expect(at('l', 'k')).toEqual([
      ['set', 'a.yaml:2:3', 'dict(replace)', 0],
      ['deleted', 'b.yaml:1:1', 'dict(replace)', undefined],
      ['set', 'd.yaml:2:3', 'dict(replace)', 1],
    ])
    expect(at('l', 1)).toEqual([
      ['set', 'b.yaml:1:5', 'dict(replace)', 'a'],
      ['deleted', 'd.yaml:1:1', 'dict(replace)', undefined],
    ])
    // A prepend of no items moves nothing.
    const empty = renderWithHistory(
      {
        [entry]: lines('#include', 'a.yaml', 'b.yaml', 'c.yaml'),
        'a.yaml': lines('l:', '  k: 0'),
        'b.yaml': lines('l: []'),
        'c.yaml': lines('merge_how: dict()+list(prepend)+str()', 'l: {}'),
      },
      { stack: 'per-part', strict: false },
    )
    expect(empty.result.history!.paths.map((p) => p.path)).toEqual([['l'], ['l', 'k']])
  })

  it('records deletions, including the keys below a deleted or replaced mapping', () => {
    const { result, at } = renderWithHistory({
      [entry]: lines('#include', 'a.yaml', 'b.yaml'),
      'a.yaml': lines('gone:', '  inner: 1', 'swap:', '  old: 1'),
      'b.yaml': lines('merge_how: dict(allow_delete,replace)+list()+str()', 'gone: null', 'swap:', '  new: 2'),
    })
    expect(result.value).toEqual({ swap: { new: 2 } })
    expect(at('gone')).toEqual([
      ['set', 'a.yaml:1:1', 'dict(replace)', { inner: 1 }],
      ['deleted', 'b.yaml:2:1', 'dict(allow_delete,replace)', undefined],
    ])
    expect(at('gone', 'inner').map((e) => e[0])).toEqual(['set', 'deleted'])
    expect(at('swap', 'old').map((e) => e.slice(0, 2))).toEqual([
      ['set', 'a.yaml:4:3'],
      ['deleted', 'b.yaml:3:1'],
    ])
    expect(at('swap', 'new').map((e) => e.slice(0, 2))).toEqual([['set', 'b.yaml:4:3']])
  })

  it('drops the events of a part cloud-init skips, and lists the part as skipped', () => {
    const { result, at } = renderWithHistory(
      {
        [entry]: lines('#include', 'a.yaml', 'b.yaml'),
        'a.yaml': lines('n: 1', 'l: [1]'),
        // n is recorded as kept, then the list merger raises (KeyError 0 in cloud-init).
        'b.yaml': lines('merge_how: dict()+list(no_replace)+str()', 'n: 2', 'l: {x: 1}'),
      },
      { strict: false },
    )
    expect(result.value).toEqual({ n: 1, l: [1] })
    expect(result.warnings.map((w) => w.code)).toEqual(['MY_MERGE_TYPE_CONFLICT'])
    expect(at('n')).toEqual([['set', 'a.yaml:1:1', 'dict(replace)', 1]])
    expect(result.history!.parts.map((p) => p.status)).toEqual(['merged', 'skipped'])
  })

  it('lists an unparsable part as skipped (lenient mode)', () => {
    const { result } = renderWithHistory(
      {
        [entry]: lines('#include', 'a.yaml', 'bad.yaml'),
        'a.yaml': lines('a: 1'),
        'bad.yaml': lines('#cloud-config', 'b: [1, 2'),
      },
      { strict: false },
    )
    expect(result.history!.parts.map((p) => [basename(p.file), p.status])).toEqual([
      ['a.yaml', 'merged'],
      ['bad.yaml', 'skipped'],
    ])
  })

  it('records what a #cloud-config-jsonp patch changed, at the operation', () => {
    const { result, at } = renderWithHistory({
      [entry]: lines('#include', 'a.yaml', 'patch.json'),
      'a.yaml': lines('a: 1', 'rm: x'),
      'patch.json': lines(
        '#cloud-config-jsonp',
        '[',
        '  {"op": "replace", "path": "/a", "value": 2},',
        '  {"op": "remove", "path": "/rm"}',
        ']',
      ),
    })
    expect(result.value).toEqual({ a: 2 })
    expect(at('a')).toEqual([
      ['set', 'a.yaml:1:1', 'dict(replace)', 1],
      ['patched', 'patch.json:3:35', 'json-patch(replace)', 2],
    ])
    expect(at('rm').map((e) => e.slice(0, 3))).toEqual([
      ['set', 'a.yaml:2:1', 'dict(replace)'],
      ['deleted', 'patch.json:4:20', 'json-patch(remove)'],
    ])
  })

  it('for another dialect, records which layers define each top-level key', () => {
    const { result, at } = renderWithHistory({
      [entry]: lines('#include', 'base.yaml', 'prod.yaml'),
      'base.yaml': lines('parameter_defaults:', '  A: 1'),
      'prod.yaml': lines('parameter_defaults:', '  B: 2'),
    })
    expect(result.dialect).toBe('heat')
    expect(result.history!.detail).toBe('top-level')
    expect(at('parameter_defaults').map((e) => e.slice(0, 3))).toEqual([
      ['defined', 'base.yaml:1:1', 'heat'],
      ['defined', 'prod.yaml:1:1', 'heat'],
    ])
  })
})

// Random layered entries: recording never changes the value or the error, and every value of the
// result has a history whose last value-carrying event holds that value.
const part = fc.record({ how: randomMergeHow, data: randomPartData })

type Outcome = { value: unknown } | { error: string }

function outcome(run: () => { value: unknown }): Outcome {
  try {
    return { value: run().value }
  } catch (error) {
    return { error: String(error) }
  }
}

function* leaves(node: unknown, path: (string | number)[] = []): Generator<[(string | number)[], unknown]> {
  if (Array.isArray(node) && node.length > 0) for (const [i, item] of node.entries()) yield* leaves(item, [...path, i])
  else if (typeof node === 'object' && node !== null && Object.keys(node).length > 0)
    for (const [k, v] of Object.entries(node)) yield* leaves(v, [...path, k])
  else if (path.length > 0) yield [path, node]
}

function historyOf(history: ValueHistory, path: readonly (string | number)[]): HistoryEvent[] {
  const key = JSON.stringify(path.map(String))
  return history.paths.find((p) => JSON.stringify(p.path.map(String)) === key)?.events ?? []
}

describe('history on random entries', () => {
  it('never changes the result, and every value has a history ending in it', () => {
    fc.assert(
      fc.property(
        fc.array(part, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('scoped', 'per-part'),
        fc.boolean(),
        (parts, stack, strict) => {
          const files: Record<string, string> = { [entry]: lines('#include', ...parts.map((_, i) => `p${i}.yaml`)) }
          parts.forEach((p, i) => {
            files[`p${i}.yaml`] = JSON.stringify(p.how ? { merge_how: p.how, ...p.data } : p.data)
          })
          const root = writeTree(files, 'prov-prop')
          const options: RenderOptions = { root, stack: stack as RenderOptions['stack'], strict }
          const plain = outcome(() => renderSync(join(root, entry), options))
          let recorded: ReturnType<typeof renderSync> | undefined
          const withHistory = outcome(() => (recorded = renderSync(join(root, entry), { ...options, history: true })))
          expect(withHistory).toEqual(plain)
          if (!recorded) return
          // Every recorded path is one a value had: keys, and list items by index.
          for (const { path } of recorded.history!.paths)
            for (const segment of path)
              if (typeof segment !== 'string') expect(Number.isInteger(segment) && segment >= 0, `${path}`).toBe(true)
          for (const [path, leaf] of leaves(recorded.value)) {
            const events = historyOf(recorded.history!, path)
            expect(events.length, `history of ${path.join('.')}`).toBeGreaterThan(0)
            const last = events.filter((e) => e.action !== 'kept' && e.action !== 'merged').at(-1)!
            expect(last.action).not.toBe('deleted')
            // An empty container may have been emptied by merges (allow_delete) or given nothing to add.
            if (typeof leaf === 'object' && leaf !== null) continue
            // str(append) builds a string from several parts: its last event holds only the tail.
            if (last.action === 'appended' && typeof leaf === 'string' && typeof last.value === 'string')
              expect(leaf.endsWith(last.value)).toBe(true)
            else expect(last.value, `last value of ${path.join('.')}`).toEqual(leaf)
          }
        },
      ),
      { numRuns: propertyRuns(150) },
    )
  })
})
