// The parse stage: every gathered part becomes its documents (a YAML stream may hold several),
// each a SourceDocument that can point back into its file; the scopes stay as gathering found them.
import { ERROR_CODES } from '../codes.ts'
import type { ErrorCode } from '../codes.ts'
import type { ChainLink, Position } from '../diagnostics.ts'
import { parseOptionsOf } from '../options.ts'
import type { ResolvedOptions } from '../options.ts'
import type { ParsedPart } from '../parts.ts'
import type { RenderCache } from '../render-cache.ts'
import type { Problem, Reporter } from '../reporter.ts'
import { createSourceDocument, mapPartPosition } from '../source-document.ts'
import { parseYamlStream } from '../yaml/parse.ts'
import type { YamlProblem, YamlVersion } from '../yaml/types.ts'
import type { GatheredItem, GatheredPart } from './gather/gather.ts'
import { checkValueLimits } from './value-limits.ts'
import { duplicateKeyProblem, versionDifferenceProblem } from './yaml-findings.ts'

// The warnings `yaml` reports with our options (its codes): what we report them as. Its BAD_INDENT
// warning needs its `compat` option, which we do not set.
const YAML_WARNINGS: Readonly<Record<string, ErrorCode>> = {
  BAD_ALIAS: 'MY_YAML_BAD_ALIAS',
  BAD_DIRECTIVE: 'MY_YAML_BAD_DIRECTIVE',
  TAG_RESOLVE_FAILED: 'MY_YAML_TAG_RESOLVE_FAILED',
  BAD_COLLECTION_TYPE: 'MY_YAML_BAD_COLLECTION_TYPE',
}

/** Our code for an error the YAML readers report: ours already (a limit), else invalid YAML. */
function errorCode(problem: YamlProblem): ErrorCode {
  return problem.code in ERROR_CODES ? (problem.code as ErrorCode) : 'MY_YAML_SYNTAX'
}

/** Where a problem inside a part's text is, in its file. */
function locateIn(part: GatheredPart, position: Position, chain: readonly ChainLink[]): NonNullable<Problem['at']> {
  const { origin } = part
  return { file: origin.file, position: mapPartPosition(origin, position), chain, source: origin.fileText }
}

/**
 * Parses every gathered part into documents, keeping the scope structure, with YAML `version`
 * (undefined: not chosen — read as 1.2, and every place 1.1 reads otherwise goes to `differences`,
 * for the read stage to report once the dialect is known).
 */
export function parseParts(
  items: readonly GatheredItem[],
  options: ResolvedOptions,
  version: YamlVersion | undefined,
  report: Reporter,
  cache: RenderCache | undefined,
  differences: Problem[],
): ParsedPart[] {
  const parsing = parseOptionsOf(options, version)
  const parseItems = (list: readonly GatheredItem[]): ParsedPart[] => {
    const parts: ParsedPart[] = []
    for (const item of list) {
      if (item.kind === 'scope')
        parts.push({
          kind: 'scope',
          parts: parseItems(item.items),
          ...(item.userData ? { userData: item.userData } : {}),
        })
      else parseDocuments(item, parts)
    }
    return parts
  }
  const parseDocuments = (item: GatheredPart, parts: ParsedPart[]): void => {
    const jsonp = item.type === 'text/cloud-config-jsonp'
    const parseOptions = jsonp ? parsing.jsonp : parsing.yaml
    const docs = cache
      ? cache.parse(item.origin.file, item.text, parseOptions)
      : parseYamlStream(item.text, parseOptions)
    docs.forEach((yaml, index) => {
      const doc = createSourceDocument(yaml, item.origin, item.text, item.headers, index)
      if (yaml.error) {
        // Reported once the dialect is known: cloud-init skips such a part, the other systems fail.
        const problem: Problem = {
          code: errorCode(yaml.error),
          message: yaml.error.message,
          at: locateIn(item, yaml.error.position, doc.chain),
        }
        parts.push({ kind: 'invalid', problem, headerless: item.headerless })
        return
      }
      // Aliases can make a small document a huge or cyclic value: refuse it before anything walks it.
      // A tree was measured as it was read and is within the depth limit already.
      const limit =
        yaml.tree !== undefined && yaml.tree.size <= options.limits.maxValueSize
          ? undefined
          : checkValueLimits(yaml.value, options.limits)
      if (limit) {
        // The document is left out: nothing may walk it. The others are still read and checked.
        report.error({ code: limit.code, message: limit.message, doc, path: limit.path })
        return
      }
      const site = (position: Position) => locateIn(item, position, doc.chain)
      for (const warning of yaml.warnings) {
        if (warning.code === 'DUPLICATE_KEY') report.lenient(duplicateKeyProblem(warning, site))
        else
          report.warn({
            code: YAML_WARNINGS[warning.code] ?? errorCode(warning),
            message: warning.message,
            at: site(warning.position),
          })
      }
      for (const difference of yaml.versionDifferences ?? [])
        differences.push(versionDifferenceProblem(difference, site))
      // An empty or comment-only document is a no-op, but still a cloud-config part for cloud-init.
      if (jsonp) parts.push({ kind: 'jsonp', doc })
      else parts.push({ kind: 'yaml', doc, headerless: item.headerless, empty: yaml.empty, tree: yaml.tree })
    })
  }
  return parseItems(items)
}
