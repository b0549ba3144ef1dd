// cloud-init `_extract_mergers` (cloudinit/handlers/cloud_config.py): the directive of one part, from its body
// (`merge_how`, else `merge_type`) and its headers (`Merge-Type`, else `X-Merge-Type`), concatenated
// body first. Problems are reported through the Reporter, located at the directive.
import { weakMemo } from '../../memo.ts'
import type { Problem, Reporter } from '../../reporter.ts'
import type { SourceDocument } from '../../source-document.ts'
import { NO_DIRECTIVE, parseMergeBody, parseMergeString } from './directive.ts'
import { validateSpecs } from './validate-specs.ts'
import type { DirectiveProblem, MergerSpec } from './directive.ts'
import { isMapping, setOwn } from '../../values.ts'

export const DIRECTIVE_KEYS = ['merge_how', 'merge_type'] as const
const HEADER_NAMES = ['Merge-Type', 'X-Merge-Type'] as const

export interface ExtractedPart {
  /** The part's data with the consumed directive keys removed. */
  data: Record<string, unknown>
  /** The declared mergers (body then header); empty when the part declares none. */
  specs: MergerSpec[]
  /** False when cloud-init would skip the part (an invalid directive). */
  ok: boolean
}

/** The cloud-init directive a document or its headers carry, if any (for dialect-mixing checks). */
export function cloudInitDirective(value: unknown, headers: Readonly<Record<string, string>>): string | undefined {
  if (isMapping(value)) {
    for (const key of DIRECTIVE_KEYS) if (Object.hasOwn(value, key)) return key
  }
  for (const name of HEADER_NAMES) if (headers[name]) return `${name} header`
  return undefined
}

// A directive string's specs are shared by every part that carries it (parseMergeString memoizes):
// so is their check.
const checkedSpecs = weakMemo<readonly MergerSpec[], DirectiveProblem[]>(
  'cloud-init: the problems of a spec list',
  'spec lists are frozen (parseMergeString)',
)

/**
 * The part's data without its directive keys: the value itself when it has none (merges never
 * change their input), else a copy built without them (deleting keys would slow the copy down).
 */
function withoutDirectives(
  value: Record<string, unknown>,
  consumed: 'merge_how' | 'merge_type',
): Record<string, unknown> {
  if (!Object.hasOwn(value, 'merge_how') && !(consumed === 'merge_type' && Object.hasOwn(value, 'merge_type')))
    return value
  const data: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    if (key !== 'merge_how' && !(key === consumed && key === 'merge_type')) setOwn(data, key, value[key])
  }
  return data
}

export function extractPart(doc: SourceDocument, value: Record<string, unknown>, report: Reporter): ExtractedPart {
  // Most parts declare nothing and have no headers: nothing to take out, nothing to check.
  if (
    !Object.hasOwn(value, 'merge_how') &&
    !Object.hasOwn(value, 'merge_type') &&
    Object.keys(doc.headers).length === 0
  )
    return { data: value, specs: NO_DIRECTIVE.specs, ok: true }
  let ok = true
  let bodyKey: 'merge_how' | 'merge_type' | undefined
  let body: unknown = value.merge_how
  // merge_how is always consumed; merge_type only when merge_how is absent or null (it then stays as data).
  const consumed = body !== null && body !== undefined ? 'merge_how' : 'merge_type'
  if (consumed === 'merge_how') bodyKey = 'merge_how'
  else {
    body = value.merge_type
    if (body !== null && body !== undefined) bodyKey = 'merge_type'
  }
  const data = withoutDirectives(value, consumed)
  if (bodyKey === 'merge_how' && Object.hasOwn(value, 'merge_type')) {
    report.lenient({
      code: 'MY_MERGE_TYPE_KEPT',
      message: 'both merge_how and merge_type are set: cloud-init uses merge_how and keeps merge_type as ordinary data',
      doc,
      path: ['merge_type'],
      target: 'key',
    })
  }

  let header = ''
  let headerName: string | undefined
  for (const name of HEADER_NAMES) {
    const v = doc.headers[name]
    if (v) {
      header = v
      headerName = name
      break
    }
  }
  for (const name of Object.keys(doc.headers)) {
    const canonical = HEADER_NAMES.find((h) => h.toLowerCase() === name.toLowerCase())
    if (canonical && canonical !== name) {
      report.lenient({
        code: 'MY_MERGE_HEADER_CASE',
        message: `header '${name}' is ignored: cloud-init matches '${canonical}' case-sensitively`,
        doc,
        header: name,
        suggestion: canonical,
      })
    }
  }

  const onProblem = (problem: DirectiveProblem, where: Omit<Problem, 'code' | 'message'>): void => {
    const reported: Problem = { code: problem.code, message: problem.message, ...where }
    if (problem.suggestion) reported.suggestion = problem.suggestion
    if (problem.fatal) {
      report.lenient({ ...reported, message: `${problem.message}; cloud-init skips this part` })
      ok = false
    } else {
      report.lenient(reported)
    }
  }
  const bodyWhere = (entry?: number): Omit<Problem, 'code' | 'message'> => ({
    doc,
    path: bodyKey ? (entry !== undefined && Array.isArray(body) ? [bodyKey, entry] : [bodyKey]) : [],
  })
  const headerWhere: Omit<Problem, 'code' | 'message'> = headerName ? { doc, header: headerName } : { doc }

  const fromBody = parseMergeBody(body)
  for (const p of fromBody.problems) onProblem(p, bodyWhere(p.entry))
  const fromHeader = parseMergeString(header)
  for (const p of fromHeader.problems) onProblem({ ...p, message: `${headerName}: ${p.message}` }, headerWhere)
  if (!ok) return { data, specs: [], ok }

  const bodyCount = fromBody.specs.length
  const specs = fromHeader.specs.length === 0 ? fromBody.specs : [...fromBody.specs, ...fromHeader.specs]
  for (const p of checkedSpecs.get(specs, validateSpecs)) {
    const fromBodyEntry = p.entry !== undefined && p.entry < bodyCount
    onProblem(
      p,
      fromBodyEntry || p.entry === undefined
        ? bodyKey
          ? bodyWhere(typeof body === 'string' ? undefined : p.entry)
          : headerWhere
        : headerWhere,
    )
  }
  return { data, specs: ok ? specs : [], ok }
}
