// Python's `re.search` and `re.sub` on translated patterns (pyregex-translate.ts), with Python's
// replacement templates (pytemplate.ts).
import { RegexUnsupported } from '../../linear-regex.ts'
import type { LinearMatch } from '../../linear-regex.ts'
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

/** A match at or after `from`; a text the engine cannot match as Python would is a PatternMismatch. */
function execAt(pattern: PyPattern, subject: string, from: number): LinearMatch | undefined {
  try {
    return pattern.regex.exec(subject, from)
  } catch (error) {
    if (error instanceof RegexUnsupported) throw new PatternMismatch(error.message)
    throw error
  }
}

/** `re.search(pattern, subject)`. */
export function pySearch(pattern: PyPattern, subject: string): PyMatch | undefined {
  const match = execAt(pattern, subject, 0)
  return match ? { groups: match.groups } : undefined
}

/** Group numbers a template or `match.group()` uses must not be ones Python and JavaScript report differently. */
export function checkGroupUse(pattern: PyPattern, group: number): void {
  if (pattern.repeated.has(group))
    throw new PatternMismatch(`group ${group} inside a repeat (Python keeps its last capture, JavaScript resets it)`)
}

/**
 * `re.sub(pattern, replacement, subject)`: the replacement is a template (`\1`, `\g<name>`, `\n` expand).
 * Matches are found as a global JavaScript replace finds them: after an empty match, one code point on.
 */
export function pySub(pattern: PyPattern, replacement: string, subject: string): string {
  const template = parseTemplate(replacement, pattern)
  for (const group of template.groups) checkGroupUse(pattern, group)
  let out = ''
  let copied = 0
  let from = 0
  while (from <= subject.length) {
    const match = execAt(pattern, subject, from)
    if (!match) break
    out += subject.slice(copied, match.index) + expandTemplate(template, match.groups)
    copied = match.end
    from = match.end
    if (match.end === match.index) from += (subject.codePointAt(from) ?? 0) > 0xffff ? 2 : 1
  }
  return out + subject.slice(copied)
}
