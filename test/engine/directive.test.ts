// Every parse rule of the string and the list format (cloudinit/mergers/__init__.py).
import { describe, expect, it } from 'vitest'
import { parseMergeBody, parseMergeString } from '../../packages/core/src/dialects/cloud-init/directive.ts'
import { validateSpecs } from '../../packages/core/src/dialects/cloud-init/validate-specs.ts'

const specs = (text: string) => parseMergeString(text).specs
const codes = (problems: { code: string }[]) => problems.map((p) => p.code)

describe('string format', () => {
  it('parses name(options) segments joined by +', () => {
    expect(specs('dict(recurse_list)+list(append)+str()')).toEqual([
      { name: 'dict', options: ['recurse_list'] },
      { name: 'list', options: ['append'] },
      { name: 'str', options: [] },
    ])
  })

  it('is case-insensitive and treats - as _ in names and options', () => {
    expect(specs('DICT(No-Replace, Recurse-List)')).toEqual([{ name: 'dict', options: ['no_replace', 'recurse_list'] }])
  })

  it('ignores whitespace around segments and options, and empty segments', () => {
    expect(specs('  dict( replace ,  allow_delete )  ++ list() +')).toEqual([
      { name: 'dict', options: ['replace', 'allow_delete'] },
      { name: 'list', options: [] },
    ])
    expect(specs('')).toEqual([])
    expect(specs('+')).toEqual([])
  })

  it('accepts the m_ prefix as an alias', () => {
    expect(specs('m_dict(replace)')).toEqual([{ name: 'dict', options: ['replace'] }])
  })

  it('tolerates a newline next to + but not inside the parentheses', () => {
    expect(specs('dict(replace)\n+list()')).toHaveLength(2)
    expect(codes(parseMergeString('dict(replace,\nrecurse_list)').problems)).toEqual(['MY_MERGE_SYNTAX'])
  })

  it('rejects a name without parentheses, a space before (, and a + inside parentheses', () => {
    for (const bad of ['dict', 'dict (replace)', 'dict(a+b)']) {
      const { problems } = parseMergeString(bad)
      expect(problems.length, bad).toBeGreaterThan(0)
      expect(
        problems.every((p) => p.fatal && p.code === 'MY_MERGE_SYNTAX'),
        bad,
      ).toBe(true)
    }
    expect(parseMergeString('dict').problems[0]!.message).toMatch(/dict\(\)/)
  })

  it('reads a missing + as one merger with a glued option, and flags it', () => {
    const { specs: parsed, problems } = parseMergeString('dict(recurse_list)list(append)')
    expect(parsed).toEqual([{ name: 'dict', options: ['recurse_list)list(append'] }])
    expect(problems).toMatchObject([{ code: 'MY_MERGE_MISSING_PLUS', fatal: false }])
  })

  it('splits dict(a),list(b) at the comma like cloud-init', () => {
    const { specs: parsed, problems } = parseMergeString('dict(a),list(b)')
    expect(parsed).toEqual([{ name: 'dict', options: ['a)', 'list(b'] }])
    expect(codes(problems)).toContain('MY_MERGE_MISSING_PLUS')
  })
})

describe('list format', () => {
  it('reads {name, settings} entries without lower-casing', () => {
    expect(
      parseMergeBody([
        { name: 'list', settings: ['append'] },
        { name: 'dict', settings: ['no_replace', 'recurse_list'] },
      ]).specs,
    ).toEqual([
      { name: 'list', options: ['append'] },
      { name: 'dict', options: ['no_replace', 'recurse_list'] },
    ])
    expect(parseMergeBody([{ name: 'Dict', settings: [] }]).specs).toEqual([{ name: 'Dict', options: [] }])
  })

  it('converts - to _ in names only', () => {
    expect(parseMergeBody([{ name: 'm-dict', settings: ['recurse-list'] }]).specs).toEqual([
      { name: 'dict', options: ['recurse-list'] },
    ])
  })

  it('accepts [name, option…] entries with a warning', () => {
    const parsed = parseMergeBody([['dict', 'replace'], ['list']])
    expect(parsed.specs).toEqual([
      { name: 'dict', options: ['replace'] },
      { name: 'list', options: [] },
    ])
    expect(parsed.problems.every((p) => p.code === 'MY_MERGE_LIST_ENTRY' && !p.fatal)).toBe(true)
  })

  it('fails on missing name or settings, null settings, string entries, a bare mapping and non-lists', () => {
    expect(parseMergeBody([{ name: 'dict' }]).problems).toMatchObject([
      { code: 'MY_MERGE_FORMAT', fatal: true, entry: 0 },
    ])
    expect(parseMergeBody([{ settings: [] }]).problems).toMatchObject([{ code: 'MY_MERGE_FORMAT', fatal: true }])
    expect(parseMergeBody([{ name: 'dict', settings: null }]).problems).toMatchObject([{ fatal: true }])
    expect(parseMergeBody(['dict(replace)']).problems).toMatchObject([{ fatal: true }])
    expect(parseMergeBody({ name: 'dict', settings: [] }).problems).toMatchObject([{ fatal: true }])
    expect(parseMergeBody(5).problems).toMatchObject([{ fatal: true }])
    expect(parseMergeBody([[]]).problems).toMatchObject([{ fatal: true }])
  })

  it('skips an entry with an empty name', () => {
    const parsed = parseMergeBody([
      { name: '', settings: [] },
      { name: 'dict', settings: [] },
    ])
    expect(parsed.specs).toEqual([{ name: 'dict', options: [] }])
  })

  it('keeps string settings with substring semantics, flagged', () => {
    const parsed = parseMergeBody([{ name: 'dict', settings: 'no_replace,recurse_list' }])
    expect(parsed.specs).toEqual([{ name: 'dict', options: 'no_replace,recurse_list' }])
    expect(codes(parsed.problems)).toEqual(['MY_MERGE_SETTINGS_STRING'])
  })

  it('treats null as no directive and a string as the string format', () => {
    expect(parseMergeBody(null)).toEqual({ specs: [], problems: [] })
    expect(parseMergeBody('dict()').specs).toEqual([{ name: 'dict', options: [] }])
  })
})

describe('validation', () => {
  it('rejects unknown mergers with a suggestion', () => {
    expect(validateSpecs([{ name: 'lst', options: [] }])).toMatchObject([
      { code: 'MY_UNKNOWN_MERGER', fatal: true, suggestion: 'list' },
    ])
    expect(validateSpecs([{ name: 'Dict', options: [] }])).toMatchObject([
      { code: 'MY_UNKNOWN_MERGER', suggestion: 'dict' },
    ])
  })

  it('flags unknown options and options that do nothing for that merger', () => {
    expect(validateSpecs([{ name: 'dict', options: ['recurse_lst'] }])).toMatchObject([
      { code: 'MY_UNKNOWN_MERGE_OPTION', fatal: false, suggestion: 'recurse_list' },
    ])
    expect(validateSpecs([{ name: 'dict', options: ['append'] }])[0]!.message).toMatch(/no effect on the dict merger/)
    expect(
      validateSpecs([
        { name: 'dict', options: [] },
        { name: 'str', options: ['recurse_list'] },
      ]),
    ).toMatchObject([{ code: 'MY_UNKNOWN_MERGE_OPTION' }])
  })
})
