// Python's `re.search` and `re.sub` on translated patterns (pyregex-translate.ts), with Python's
// replacement templates (pytemplate.ts).
import { PatternMismatch, PyReError } from './pyerrors.ts'
import { Translator } from './pyregex-translate.ts'
import type { PyPattern } from './pyregex-translate.ts'
import { expandTemplate, parseTemplate } from './pytemplate.ts'

export type { PyPattern } from './pyregex-translate.ts'

const cache = new Map<string, PyPattern | PyReError | PatternMismatch>()

/** The pattern compiled as Python would compile it; throws PyReError or PatternMismatch. */
export function compilePyPattern(pattern: string): PyPattern {
  let entry = cache.get(pattern)
  if (!entry) {
    try {
      entry = new Translator(pattern).translate()
    } catch (error) {
      if (!(error instanceof PyReError || error instanceof PatternMismatch)) throw error
      entry = error
    }
    cache.set(pattern, entry)
  }
  if (entry instanceof Error) throw entry
  return entry
}

/** A match: the groups by number (undefined when a group did not take part). */
export interface PyMatch {
  groups: (string | undefined)[]
}

function toMatch(match: RegExpExecArray): PyMatch {
  return { groups: [...match] }
}

/** `re.search(pattern, subject)`. */
export function pySearch(pattern: PyPattern, subject: string): PyMatch | undefined {
  pattern.regex.lastIndex = 0
  const match = pattern.regex.exec(subject)
  return match ? toMatch(match) : undefined
}

/** Group numbers a template or `match.group()` uses must not be ones Python and JavaScript report differently. */
export function checkGroupUse(pattern: PyPattern, group: number): void {
  if (pattern.repeated.has(group))
    throw new PatternMismatch(`group ${group} inside a repeat (Python keeps its last capture, JavaScript resets it)`)
}

/** `re.sub(pattern, replacement, subject)`: the replacement is a template (`\1`, `\g<name>`, `\n` expand). */
export function pySub(pattern: PyPattern, replacement: string, subject: string): string {
  const template = parseTemplate(replacement, pattern)
  for (const group of template.groups) checkGroupUse(pattern, group)
  const global = new RegExp(pattern.regex.source, 'gu')
  return subject.replace(global, (...args: unknown[]) => {
    const groups = args.slice(0, pattern.groups + 1) as (string | undefined)[]
    return expandTemplate(template, groups)
  })
}
