// The parse stage: every gathered part becomes its documents (a YAML stream may hold several),
// each a SourceDocument that can point back into its file; the scopes stay as gathering found them.
import { ENGINE_CODES } from '../codes.ts'
import type { ErrorCode } from '../codes.ts'
import type { ChainLink, Position } from '../diagnostics.ts'
import { parseOptionsOf } from '../options.ts'
import type { ResolvedOptions } from '../options.ts'
import type { ParsedPart } from '../parts.ts'
import type { RenderCache } from '../render-cache.ts'
import type { Problem, Reporter } from '../reporter.ts'
import { createSourceDocument, mapPartPosition } from '../source-document.ts'
import { freezeDeep } from '../values.ts'
import { findMergeTagNearMisses, parseYamlStream } from '../yaml/parse.ts'
import { createTextPositions } from '../yaml/text-positions.ts'
import type { ParseYamlOptions, YamlDocument } from '../yaml/parse.ts'
import type { YamlProblem, YamlVersion } from '../yaml/types.ts'
import type { GatheredItem, GatheredPart } from './gather/gather.ts'
import { checkValueLimits } from './value-limits.ts'
import { versionDifferenceProblem } from './yaml-findings.ts'
import type { DuplicateKey } from './yaml-findings.ts'

// The warnings `yaml` reports with our options (its codes): what we report them as. Its BAD_INDENT
// warning needs its `compat` option, which we do not set.
const YAML_WARNINGS: Readonly<Record<string, ErrorCode>> = {
  TAG_RESOLVE_FAILED: 'MY_YAML_TAG_RESOLVE_FAILED',
  BAD_ALIAS: 'MY_YAML_BAD_ALIAS',
  BAD_DIRECTIVE: 'MY_YAML_BAD_DIRECTIVE',
  BAD_COLLECTION_TYPE: 'MY_YAML_BAD_COLLECTION_TYPE',
}

/** Our code for an error the YAML readers report: ours already (a limit), else invalid YAML. */
function errorCode(problem: YamlProblem): ErrorCode {
  return Object.hasOwn(ENGINE_CODES, problem.code) ? (problem.code as ErrorCode) : 'MY_YAML_SYNTAX'
}

function ignoredTag(warning: YamlProblem): string {
  return `${warning.message}: the tag cannot apply here; lenient mode reads the value without it`
}

/** Where a problem inside a part's text is, in its file. */
function locateIn(part: GatheredPart, position: Position, chain: readonly ChainLink[]): NonNullable<Problem['at']> {
  const { origin } = part
  return { file: origin.file, position: mapPartPosition(origin, position), chain, source: origin.fileText }
}

/**
 * A tag nearly Compose's (`!overide`, `!Override`, `!rest`): located at the tag with the did-you-mean, the
 * same whatever YAML version reads the text (each version's reader would say something else: an unknown
 * tag at the value, a tag PyYAML cannot construct). Strict mode refuses it; lenient mode reads on.
 */
function reportTagNearMisses(item: GatheredPart, report: Reporter): void {
  const misses = findMergeTagNearMisses(item.text)
  if (misses.length === 0) return
  const positionOf = createTextPositions(item.text)
  for (const { tag, suggestion, offset } of misses) {
    report.lenient({
      code: 'MY_YAML_TAG_NEAR_MISS',
      message:
        `${tag} is not a tag the values merge knows: did you mean ${suggestion} (Docker Compose's tag)? ` +
        'Lenient mode reads the value without it',
      at: locateIn(item, positionOf(offset), item.origin.chain),
      suggestion,
    })
  }
}

/**
 * Parses every gathered part into documents, keeping the scope structure, with YAML `version`
 * (undefined: not chosen — read as 1.2, and every place 1.1 reads otherwise goes to `found.differences`,
 * for the read stage to report once the dialect is known; so do duplicate keys, which each dialect's
 * reference keeps in its own way).
 */
export function parseParts(
  items: readonly GatheredItem[],
  options: ResolvedOptions,
  version: YamlVersion | undefined,
  report: Reporter,
  cache: RenderCache | undefined,
  found: { differences: Problem[]; duplicates: DuplicateKey[] },
): ParsedPart[] {
  const parsing = parseOptionsOf(options, version)
  // Without a render cache, a text included several times (the same file) is still parsed once; its
  // values are frozen when shared, as the cache freezes them, so that no merge changes another part's.
  const parsed = new Map<ParseYamlOptions, Map<string, { docs: YamlDocument[]; shared: boolean }>>()
  const parseOnce = (text: string, parseOptions: ParseYamlOptions): YamlDocument[] => {
    let byText = parsed.get(parseOptions)
    if (byText === undefined) parsed.set(parseOptions, (byText = new Map()))
    const known = byText.get(text)
    if (known === undefined) {
      const docs = parseYamlStream(text, parseOptions)
      byText.set(text, { docs, shared: false })
      return docs
    }
    if (!known.shared) for (const doc of known.docs) freezeDeep(doc.value)
    known.shared = true
    return known.docs
  }
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
    reportTagNearMisses(item, report)
    const jsonp = item.type === 'text/cloud-config-jsonp'
    const parseOptions = jsonp ? parsing.jsonp : parsing.yaml
    const docs = cache ? cache.parse(item.origin.file, item.text, parseOptions) : parseOnce(item.text, parseOptions)
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
        if (warning.code === 'DUPLICATE_KEY') found.duplicates.push({ warning, at: site(warning.position) })
        // A tag the chosen version cannot apply: strict mode refuses it (unset, the version differences
        // say what YAML 1.1 makes of it, and YAML 1.1 reports a tag PyYAML cannot construct itself).
        // A collection tag on the other kind of collection: `yaml` ignores it, PyYAML raises.
        else if (
          (warning.code === 'TAG_RESOLVE_FAILED' && version !== undefined) ||
          warning.code === 'BAD_COLLECTION_TYPE'
        )
          report.lenient({
            code: YAML_WARNINGS[warning.code]!,
            message: ignoredTag(warning),
            at: site(warning.position),
          })
        else
          report.warn({
            code: YAML_WARNINGS[warning.code] ?? errorCode(warning),
            message: warning.message,
            at: site(warning.position),
          })
      }
      for (const difference of yaml.versionDifferences ?? [])
        found.differences.push(versionDifferenceProblem(difference, site))
      // An empty or comment-only document is a no-op, but still a cloud-config part for cloud-init.
      if (jsonp) parts.push({ kind: 'jsonp', doc })
      else parts.push({ kind: 'yaml', doc, headerless: item.headerless, empty: yaml.empty, tree: yaml.tree })
    })
  }
  return parseItems(items)
}
