// Parsing of merge directives (`merge_how` / `merge_type` bodies and `Merge-Type` headers) exactly as
// cloud-init's `cloudinit/mergers/__init__.py` parses them (string and list formats), with every
// mistake it tolerates turned into a problem the caller reports (strict: error, lenient: warning).
import { boundedMemo } from '../../memo.ts'
import type { ErrorCode } from '../../codes.ts'
import { describeValue, isMapping } from '../../values.ts'

export type MergerName = 'dict' | 'list' | 'str'

/** One `(name, options)` pair of a merger list. */
export interface MergerSpec {
  /** The name as cloud-init looks it up, `m_` prefix removed (so `m_dict` → `dict`). */
  name: string
  /**
   * cloud-init tests options with Python's `in`: membership in a list, a substring test on a string
   * (`settings: "no_replace"` contains `replace`).
   */
  options: readonly unknown[] | string
}

/** A mistake in a directive. `fatal` ones make cloud-init skip the part; the others it accepts silently. */
export interface DirectiveProblem {
  code: ErrorCode
  message: string
  fatal: boolean
  suggestion?: string
  /** Index of the offending entry in the structured format, for locating it. */
  entry?: number
}

export interface ParsedDirective {
  specs: MergerSpec[]
  problems: DirectiveProblem[]
}

export const MERGER_NAMES: readonly MergerName[] = ['dict', 'list', 'str']

/** The options each merger reads; anything else is ignored by cloud-init. */
export const MERGER_OPTIONS: Readonly<Record<MergerName, readonly string[]>> = {
  dict: ['replace', 'no_replace', 'recurse_array', 'recurse_list', 'recurse_str', 'recurse_dict', 'allow_delete'],
  list: ['append', 'prepend', 'replace', 'no_replace', 'recurse_dict', 'recurse_array', 'recurse_list', 'recurse_str'],
  str: ['append'],
}

const SEGMENT = /^([a-zA-Z_][A-Za-z0-9_]*)\((.*?)\)$/

function canonicalName(name: string): string {
  return name.startsWith('m_') ? name.slice(2) : name
}

/** Freezes a parsed directive: memoized, it is shared by every part that carries the same text. */
function freezeDirective(parsed: ParsedDirective): ParsedDirective {
  for (const spec of parsed.specs) Object.freeze(Object.freeze(spec).options)
  for (const problem of parsed.problems) Object.freeze(problem)
  Object.freeze(parsed.specs)
  Object.freeze(parsed.problems)
  return Object.freeze(parsed)
}

// Directive strings repeat across the parts and entries of a build (every layer may carry the same
// merge_how): each distinct text is parsed once. Bounded, as texts come from user files.
const parsedStrings = boundedMemo<string, ParsedDirective>(
  'cloud-init: parsed merge strings',
  'a merge string always parses the same',
  1024,
)

const parseFrozen = (text: string): ParsedDirective => freezeDirective(extractMergerString(text))

/** cloud-init `string_extract_mergers`. The result is frozen and shared: never mutate it. */
export function parseMergeString(text: string): ParsedDirective {
  return parsedStrings.get(text, parseFrozen)
}

function extractMergerString(text: string): ParsedDirective {
  const specs: MergerSpec[] = []
  const problems: DirectiveProblem[] = []
  for (const raw of text.split('+')) {
    const segment = raw.toLowerCase().trim().replaceAll('-', '_')
    if (!segment) continue
    // Python's `.` does not match a newline, so a newline inside the parentheses fails the match.
    const match = segment.includes('\n') ? null : SEGMENT.exec(segment)
    if (!match) {
      const noParens = /^[a-z_][a-z0-9_]*$/.test(segment)
      problems.push({
        code: 'MY_MERGE_SYNTAX',
        message: noParens
          ? `merger '${segment}' needs parentheses: write '${segment}()'`
          : /^[a-z_][a-z0-9_]*\s+\(/.test(segment)
            ? `no space is allowed between a merger name and '(' in '${segment}'`
            : `merger '${segment}' is not in the form name(option, …)`,
        fatal: true,
      })
      continue
    }
    const name = match[1]!
    const inner = match[2]!
    const options = inner
      .trim()
      .split(',')
      .map((o) => o.trim().toLowerCase())
      .filter(Boolean)
    // A missing '+' glues two mergers into one option: `dict(a)list(b)` → option `a)list(b`.
    for (const option of options) {
      if (option.includes('(') || option.includes(')')) {
        problems.push({
          code: 'MY_MERGE_MISSING_PLUS',
          message: `'${name}(${inner})' reads as one merger with the option '${option}': mergers are separated by '+'`,
          fatal: false,
        })
      }
    }
    specs.push({ name: canonicalName(name), options })
  }
  return { specs, problems }
}

// Most parts declare nothing: one shared answer, whose (empty) spec list the memos of spec checks
// and merger sets key on (a fresh empty list per part missed them every time).
export const NO_DIRECTIVE = freezeDirective({ specs: [], problems: [] })

/** cloud-init `dict_extract_mergers` body parsing: a string, or a list of `{name, settings}` / `[name, opt…]`. */
export function parseMergeBody(body: unknown): ParsedDirective {
  if (body === null || body === undefined) return NO_DIRECTIVE
  if (typeof body === 'string') return parseMergeString(body)
  const specs: MergerSpec[] = []
  const problems: DirectiveProblem[] = []
  if (!Array.isArray(body)) {
    problems.push({
      code: 'MY_MERGE_FORMAT',
      message: isMapping(body)
        ? 'merge_how must be a string or a list of {name, settings} mappings, not a single mapping'
        : `merge_how must be a string or a list of {name, settings} mappings, not ${describeValue(body)}`,
      fatal: true,
    })
    return { specs, problems }
  }
  body.forEach((entry, index) => {
    let name: unknown
    let options: unknown
    if (isMapping(entry)) {
      if (!('name' in entry) || !('settings' in entry)) {
        const missing = 'name' in entry ? 'settings' : 'name'
        problems.push({
          code: 'MY_MERGE_FORMAT',
          message: `merger entry ${index + 1} has no '${missing}'`,
          fatal: true,
          entry: index,
        })
        return
      }
      name = typeof entry.name === 'string' ? entry.name.replaceAll('-', '_').trim() : entry.name
      options = entry.settings
      const extra = Object.keys(entry).filter((k) => k !== 'name' && k !== 'settings')
      if (extra.length > 0) {
        problems.push({
          code: 'MY_MERGE_FORMAT',
          message: `merger entry ${index + 1} has unknown key '${extra[0]}' (only 'name' and 'settings' are read)`,
          fatal: false,
          entry: index,
        })
      }
    } else if (typeof entry === 'string') {
      // cloud-init indexes the string: "dict(replace)" becomes merger 'd' with options of characters.
      problems.push({
        code: 'MY_MERGE_FORMAT',
        message:
          `merger entry ${index + 1} is the string '${entry}': in the list format each entry is {name, ` +
          `settings}; use a single string for the string format`,
        fatal: true,
        entry: index,
      })
      return
    } else if (Array.isArray(entry)) {
      if (entry.length === 0) {
        problems.push({
          code: 'MY_MERGE_FORMAT',
          message: `merger entry ${index + 1} is an empty list`,
          fatal: true,
          entry: index,
        })
        return
      }
      name = entry[0]
      options = entry.slice(1)
      problems.push({
        code: 'MY_MERGE_LIST_ENTRY',
        message: `merger entry ${index + 1} uses the undocumented [name, option…] form; write {name, settings}`,
        fatal: false,
        entry: index,
      })
    } else {
      problems.push({
        code: 'MY_MERGE_FORMAT',
        message: `merger entry ${index + 1} is ${describeValue(entry)}, not a {name, settings} mapping`,
        fatal: true,
        entry: index,
      })
      return
    }
    if (name === '' || name === null || name === undefined) {
      problems.push({
        code: 'MY_MERGE_FORMAT',
        message: `merger entry ${index + 1} has an empty name and is ignored`,
        fatal: false,
        entry: index,
      })
      return
    }
    if (typeof name !== 'string') {
      problems.push({
        code: 'MY_MERGE_FORMAT',
        message: `merger entry ${index + 1} has a name that is ${describeValue(name)}, not a string`,
        fatal: true,
        entry: index,
      })
      return
    }
    if (
      options === null ||
      options === undefined ||
      (typeof options !== 'string' && !Array.isArray(options) && !isMapping(options))
    ) {
      problems.push({
        code: 'MY_MERGE_FORMAT',
        message: `merger entry ${index + 1} has settings that are ${describeValue(options)}, not a list of options`,
        fatal: true,
        entry: index,
      })
      return
    }
    if (typeof options === 'string') {
      problems.push({
        code: 'MY_MERGE_SETTINGS_STRING',
        message:
          `settings of merger '${name}' is a string: cloud-init tests options as substrings of it ` +
          `('no_replace' contains 'replace'); write a list`,
        fatal: false,
        entry: index,
      })
    }
    const list = typeof options === 'string' ? options : isMapping(options) ? Object.keys(options) : options
    specs.push({ name: canonicalName(name), options: list })
  })
  return { specs, problems }
}
