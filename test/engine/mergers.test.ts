// The dict/list/str mergers against cloud-init's (cloudinit/mergers/m_*.py): every cell of the
// type-mismatch table, list replace as an index-wise overlay, sticky old scalars, allow_delete and
// key order.
import { describe, expect, it } from 'vitest'
import { parseMergeString } from '../../packages/core/src/dialects/cloud-init/directive.ts'
import { createMergerSet } from '../../packages/core/src/dialects/cloud-init/merger-set.ts'
import { MergeRun, PartSkipped } from '../../packages/core/src/dialects/cloud-init/mergers.ts'
import type { MergeConflict } from '../../packages/core/src/dialects/cloud-init/mergers.ts'

function merge(
  how: string,
  old: unknown,
  next: unknown,
): { value?: unknown; skipped?: boolean; conflicts: MergeConflict[] } {
  const conflicts: MergeConflict[] = []
  const run = new MergeRun(createMergerSet(parseMergeString(how).specs), (c) => conflicts.push(c))
  try {
    return { value: run.merge(old, next), conflicts }
  } catch (error) {
    if (error instanceof PartSkipped) return { skipped: true, conflicts }
    throw error
  }
}

const at = (how: string, old: unknown, next: unknown) => merge(how, { k: old }, { k: next })

describe('dispatch', () => {
  it('uses the first merger of each type (a later duplicate is dead)', () => {
    expect(at('dict()+list(append)+list(prepend)', [1], [2]).value).toEqual({ k: [1] })
    expect(at('dict(recurse_list)+list(append)+list(prepend)', [1], [2]).value).toEqual({ k: [1, 2] })
  })

  it('drops the whole document when no dict merger is listed', () => {
    expect(merge('list(append)+str()', { a: 1 }, { b: 2 }).value).toEqual({ a: 1 })
  })

  it('keeps the old value when no merger handles its type', () => {
    expect(merge('dict()', { a: [1] }, { a: { b: 1 } }).value).toEqual({ a: [1] })
  })
})

describe('dict merger', () => {
  it('replace overrides conflicting keys shallowly, keeping old key positions and appending new keys', () => {
    const { value } = merge('dict(replace)', { a: { x: 1 }, b: 1, c: 1 }, { d: 4, a: { y: 2 } })
    expect(value).toEqual({ a: { y: 2 }, b: 1, c: 1, d: 4 })
    expect(Object.keys(value as object)).toEqual(['a', 'b', 'c', 'd'])
  })

  it('replace ignores the recurse flags', () => {
    expect(merge('dict(replace,recurse_list)+list(append)', { a: [1] }, { a: [2] }).value).toEqual({ a: [2] })
  })

  it('replace wins over no_replace in either order', () => {
    expect(merge('dict(no_replace,replace)', { a: 1 }, { a: 2 }).value).toEqual({ a: 2 })
    expect(merge('dict(replace,no_replace)', { a: 1 }, { a: 2 }).value).toEqual({ a: 2 })
  })

  it('no_replace recurses into dicts and keeps old scalars', () => {
    expect(merge('dict()', { a: { x: 1, y: 1 }, s: 'old' }, { a: { y: 2, z: 3 }, s: 'new' }).value).toEqual({
      a: { x: 1, y: 1, z: 3 },
      s: 'old',
    })
  })

  it('adds new keys even when their value is null', () => {
    expect(merge('dict(allow_delete)', { a: 1 }, { b: null }).value).toEqual({ a: 1, b: null })
  })

  it('allow_delete deletes existing keys given null, under both methods', () => {
    expect(merge('dict(allow_delete)', { a: 1, b: 2 }, { a: null }).value).toEqual({ b: 2 })
    expect(merge('dict(replace,allow_delete)', { a: 1, b: 2 }, { a: null }).value).toEqual({ b: 2 })
  })

  it('a null under no_replace keeps old; under replace it stores null', () => {
    expect(merge('dict()', { a: 1 }, { a: null }).value).toEqual({ a: 1 })
    expect(merge('dict(replace)', { a: 1 }, { a: null }).value).toEqual({ a: null })
  })

  it('never mutates its inputs', () => {
    const old = { a: { b: [1] } }
    const next = { a: { b: [2], c: 1 } }
    merge('dict(recurse_list)+list(append)', old, next)
    expect(old).toEqual({ a: { b: [1] } })
    expect(next).toEqual({ a: { b: [2], c: 1 } })
  })

  it('treats __proto__ and constructor as plain keys', () => {
    const next = JSON.parse('{"__proto__": {"polluted": 1}, "constructor": {"x": 1}}')
    const { value } = merge('dict(replace)', { a: 1 }, next)
    expect(Object.keys(value as object)).toEqual(['a', '__proto__', 'constructor'])
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('list merger', () => {
  it('defaults to replace: an index-wise overlay truncated to the old length', () => {
    const how = 'dict(recurse_list)+list()'
    expect(at(how, [1, 2, 3], [9]).value).toEqual({ k: [9, 2, 3] })
    expect(at(how, [1], [7, 8, 9]).value).toEqual({ k: [7] })
    expect(at(how, [], [7, 8, 9]).value).toEqual({ k: [] })
  })

  it('picks the method by fixed priority append > prepend > replace > no_replace', () => {
    expect(at('dict(recurse_list)+list(replace,prepend,append)', [1], [2]).value).toEqual({ k: [1, 2] })
    expect(at('dict(recurse_list)+list(no_replace,prepend)', [1], [2]).value).toEqual({ k: [2, 1] })
    expect(at('dict(recurse_list)+list(no_replace,replace)', [1, 2], [3]).value).toEqual({ k: [3, 2] })
    expect(at('dict(recurse_list)+list(no_replace)', [1, 2], [3, 4, 5]).value).toEqual({ k: [1, 2] })
  })

  it('recurses element-wise only in replace mode and only with the flag', () => {
    expect(at('dict(recurse_list)+list(recurse_list)', [[1, 2, 3], [4]], [[9], [8, 7]]).value).toEqual({
      k: [[9, 2, 3], [8]],
    })
    expect(at('dict(recurse_list)+list()', [[1, 2, 3], [4]], [[9], [8, 7]]).value).toEqual({ k: [[9], [8, 7]] })
    expect(at('dict(recurse_list)+list(recurse_dict)', [{ a: 1 }, 5], [{ b: 2 }, { c: 3 }]).value).toEqual({
      k: [{ a: 1, b: 2 }, 5],
    })
    expect(at('dict(recurse_list)+list(recurse_dict)', [7], [{ b: 2 }]).value).toEqual({ k: [7] })
    expect(at('dict(recurse_list)+list(recurse_str)+str(append)', ['a', 'b'], ['x']).value).toEqual({ k: ['ax', 'b'] })
  })

  it('append and prepend never recurse or deduplicate', () => {
    expect(at('dict(recurse_list)+list(append,recurse_dict)', [{ a: 1 }], [{ a: 1 }]).value).toEqual({
      k: [{ a: 1 }, { a: 1 }],
    })
  })
})

describe('str merger', () => {
  it('takes the new value unless append', () => {
    expect(at('dict(recurse_str)+str()', 'a', 'b').value).toEqual({ k: 'b' })
    expect(at('dict(recurse_str)+str(append)', 'a', 'b').value).toEqual({ k: 'ab' })
  })

  it('keeps old strings under dict(recurse_str) without a str merger', () => {
    expect(at('dict(recurse_str)', 'a', 'b').value).toEqual({ k: 'a' })
  })
})

// What cloud-init's mergers do when the old and new values' types differ, row by row (dict
// no_replace, key present on both sides).
describe('type-mismatch table', () => {
  const rec = 'dict(recurse_array,recurse_str)'
  it('old dict: recurse for a dict, keep old for list/str/scalar/null', () => {
    expect(at(rec, { a: 1 }, { b: 2 }).value).toEqual({ k: { a: 1, b: 2 } })
    expect(at(rec + '+list()', { a: 1 }, [1]).value).toEqual({ k: { a: 1 } })
    expect(at(rec + '+str()', { a: 1 }, 's').value).toEqual({ k: { a: 1 } })
    expect(at(rec, { a: 1 }, 5).value).toEqual({ k: { a: 1 } })
    expect(at(rec, { a: 1 }, null).value).toEqual({ k: { a: 1 } })
    expect(at('dict(allow_delete)', { a: 1 }, null).value).toEqual({})
  })

  it('old list, new dict: replace → new dict, append → old + keys, prepend → keys + old, no_replace → KeyError, no list merger → old', () => {
    expect(at('dict()+list()', [1], { a: 1 }).value).toEqual({ k: { a: 1 } })
    const appended = at('dict()+list(append)', [1], { a: 1, b: 2 })
    expect(appended.value).toEqual({ k: [1, 'a', 'b'] })
    expect(appended.conflicts[0]).toMatchObject({ path: ['k'], raises: false })
    expect(at('dict()+list(prepend)', [1], { a: 1 }).value).toEqual({ k: ['a', 1] })
    const keyError = at('dict()+list(no_replace)', [1], { a: 1 })
    expect(keyError.skipped).toBe(true)
    expect(keyError.conflicts[0]).toMatchObject({ path: ['k'], raises: true })
    expect(at('dict()+list(no_replace)', [], { a: 1 }).value).toEqual({ k: [] })
    expect(at('dict()', [1], { a: 1 }).value).toEqual({ k: [1] })
  })

  it('old list, new list: recurse_array → list merger, else old', () => {
    expect(at('dict(recurse_array)+list(append)', [1], [2]).value).toEqual({ k: [1, 2] })
    expect(at('dict()+list(append)', [1], [2]).value).toEqual({ k: [1] })
    expect(at('dict(recurse_array)', [1], [2]).value).toEqual({ k: [1] })
  })

  it('old list, new str: recurse_str → replace gives the str, append adds characters, no_replace keeps old', () => {
    expect(at('dict(recurse_str)+list()', [1], 'ab').value).toEqual({ k: 'ab' })
    expect(at('dict(recurse_str)+list(append)', [1], 'ab').value).toEqual({ k: [1, 'a', 'b'] })
    expect(at('dict(recurse_str)+list(prepend)', [1], 'ab').value).toEqual({ k: ['a', 'b', 1] })
    expect(at('dict(recurse_str)+list(no_replace)', [1], 'ab').value).toEqual({ k: [1] })
    expect(at('dict()+list()', [1], 'ab').value).toEqual({ k: [1] })
  })

  it('old list, new scalar or null: old (deleted with allow_delete)', () => {
    expect(at(rec + '+list()', [1], 5).value).toEqual({ k: [1] })
    expect(at(rec + '+list()', [1], null).value).toEqual({ k: [1] })
    expect(at('dict(allow_delete)+list()', [1], null).value).toEqual({})
  })

  it('old str: a dict goes to the str merger (new dict, or TypeError with append)', () => {
    expect(at('dict()+str()', 's', { a: 1 }).value).toEqual({ k: { a: 1 } })
    const typeError = at('dict()+str(append)', 's', { a: 1 })
    expect(typeError.skipped).toBe(true)
    expect(typeError.conflicts[0]?.message).toMatch(/TypeError/)
    expect(at('dict()', 's', { a: 1 }).value).toEqual({ k: 's' })
  })

  it('old str: a list with recurse_array (new list, or TypeError with append), else old', () => {
    expect(at('dict(recurse_array)+str()', 's', [1]).value).toEqual({ k: [1] })
    expect(at('dict(recurse_array)+str(append)', 's', [1]).skipped).toBe(true)
    expect(at('dict()+str()', 's', [1]).value).toEqual({ k: 's' })
  })

  it('old str: a str with recurse_str (new, or concatenation with append), else old', () => {
    expect(at('dict(recurse_str)+str()', 'a', 'b').value).toEqual({ k: 'b' })
    expect(at('dict(recurse_str)+str(append)', 'a', 'b').value).toEqual({ k: 'ab' })
    expect(at('dict()+str(append)', 'a', 'b').value).toEqual({ k: 'a' })
  })

  it('old str: scalar or null keeps old', () => {
    expect(at(rec + '+str()', 's', 5).value).toEqual({ k: 's' })
    expect(at(rec + '+str()', 's', null).value).toEqual({ k: 's' })
  })

  it('old scalar or null is sticky whatever comes', () => {
    for (const old of [1, 1.5, true, null]) {
      for (const next of [{ a: 1 }, [1], 's', 2]) {
        expect(at('dict(recurse_array,recurse_str)+list()+str()', old, next).value).toEqual({ k: old })
      }
    }
  })

  it('under dict replace every cell is the new value', () => {
    for (const old of [{ a: 1 }, [1], 's', 1, null]) {
      for (const next of [{ b: 1 }, [2], 't', 2, null]) {
        expect(at('dict(replace)+list()+str()', old, next).value).toEqual({ k: next })
      }
    }
  })

  // Bytes (`!!binary`) are Python `bytes`: no merger handles them and no merger takes them for a
  // mapping, a list or a string (a mapping check that let them through turned them into {"0": …}).
  it('old bytes are sticky whatever comes, under every merger set', () => {
    const bytes = new Uint8Array([104, 105])
    for (const how of [
      'dict(recurse_dict,recurse_array,recurse_str)+list(append)+str(append)',
      'dict()+list()+str()',
    ]) {
      for (const next of [{ x: 1 }, [1], 's', 2, new Uint8Array([1])]) {
        expect(at(how, bytes, next)).toEqual({ value: { k: bytes }, conflicts: [] })
      }
    }
  })

  it('new bytes never recurse: a mapping, list or string keeps its old value', () => {
    const bytes = new Uint8Array([104, 105])
    const how = 'dict(recurse_dict,recurse_array,recurse_str)+list(append)+str(append)'
    for (const old of [{ a: 1 }, [1], 's']) expect(at(how, old, bytes).value).toEqual({ k: old })
    expect(at('dict(replace)+list()+str()', { a: 1 }, bytes).value).toEqual({ k: bytes })
  })
})
