// `#cloud-config-archive`: a YAML list of parts, each expanded as cloud-init's `_explode_archive`
// does (cloud-config only: an archive does not expand includes or archives of its own).
import type { Position } from '../../diagnostics.ts'
import { parseOptionsOf } from '../../options.ts'
import type { Problem } from '../../reporter.ts'
import { parseYamlStream } from '../../yaml/parse.ts'
import { resolvePartType } from './classify.ts'
import { problemAt } from './context.ts'
import type { GatherContext } from './context.ts'
import type { GatheredItem, Gathering } from './types.ts'
import { duplicateKeyProblem, refuseVersionGuess, versionDifferenceProblem } from '../yaml-findings.ts'

/** cloud-init `_explode_archive`: a YAML list of `{content, type, filename, <header>: value}`. */
export function expandArchive(text: string, ctx: GatherContext, gathering: Gathering): GatheredItem[] {
  const [doc] = parseYamlStream(text, parseOptionsOf(gathering.options, gathering.options.yamlVersion).yaml)
  const at = (path: (string | number)[]): GatherContext => {
    const position = doc!.locate(path)
    return ctx.lineOffset !== undefined
      ? { ...ctx, lineOffset: undefined, anchor: { line: ctx.lineOffset + position.line, column: position.column } }
      : ctx
  }
  if (doc?.error) {
    gathering.report.lenient(problemAt(at([]), 'MY_YAML_SYNTAX', `invalid YAML in the archive: ${doc.error.message}`))
    return []
  }
  // Duplicate keys and version differences, as in every cloud-config part (the parse stage).
  const site = (position: Position): NonNullable<Problem['at']> => {
    const at =
      ctx.lineOffset !== undefined ? { line: ctx.lineOffset + position.line, column: position.column } : ctx.anchor
    return { file: ctx.file, position: at, chain: ctx.chain, source: ctx.fileText }
  }
  for (const warning of doc?.warnings ?? []) {
    if (warning.code === 'DUPLICATE_KEY') gathering.report.lenient(duplicateKeyProblem(warning, site))
  }
  for (const difference of doc?.versionDifferences ?? []) {
    refuseVersionGuess(versionDifferenceProblem(difference, site), gathering.report)
  }
  const list = doc?.value
  if (!Array.isArray(list)) {
    gathering.report.lenient(
      problemAt(
        at([]),
        'MY_ARCHIVE_NOT_A_LIST',
        '#cloud-config-archive must be a YAML list; cloud-init treats anything else as an empty archive',
      ),
    )
    return []
  }
  const items: GatheredItem[] = []
  list.forEach((raw: unknown, index) => {
    const entry = typeof raw === 'string' ? { content: raw } : raw
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      gathering.report.lenient(
        problemAt(
          at([index]),
          'MY_ARCHIVE_ENTRY',
          `archive entry ${index + 1} is neither a string nor a mapping; cloud-init skips it`,
        ),
      )
      return
    }
    const record = entry as Record<string, unknown>
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(record)) {
      if (name === 'content' || name === 'type' || name === 'filename' || name === 'launch-index') continue
      if (typeof value !== 'string') {
        // cloud-init raises TypeError here and aborts the whole user-data.
        gathering.report.fail(
          problemAt(
            at([index, name]),
            'MY_ARCHIVE_HEADER',
            `archive entry ${index + 1}: header '${name}' must be a string`,
          ),
        )
      }
      headers[name] = value as string
    }
    const entryCtx = at([index, 'content'])
    const content = record.content
    if (content instanceof Uint8Array) {
      gathering.report.warn(
        problemAt(
          entryCtx,
          'MY_PART_UNHANDLED',
          `archive entry ${index + 1} is binary (application/octet-stream) and is skipped, as cloud-init skips it`,
        ),
      )
      return
    }
    const payload = content === undefined || content === null ? '' : String(content)
    const declared = typeof record.type === 'string' ? record.type.toLowerCase() : undefined
    const type = resolvePartType(declared, payload) ?? 'text/cloud-config'
    if (type === 'text/cloud-config' || type === 'text/cloud-config-jsonp') {
      items.push(gathering.part(type, false, payload, headers, entryCtx))
    } else {
      gathering.report.warn(
        problemAt(
          entryCtx,
          'MY_PART_UNHANDLED',
          `archive entry ${index + 1} of type ${type} is skipped: cloud-init does not expand includes or archives ` +
            `inside an archive, and handles only cloud-config here`,
        ),
      )
    }
  })
  return items
}
