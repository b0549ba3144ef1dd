import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { Dialect, DialectContext, DialectMerge } from '../../packages/core/src/dialects/types.ts'
import type { ResolvedOptions } from '../../packages/core/src/options.ts'
import type { ParsedPart } from '../../packages/core/src/parts.ts'
import type { Reporter } from '../../packages/core/src/reporter.ts'
import type { SourceDocument } from '../../packages/core/src/source-document.ts'

/**
 * A DialectContext for running a dialect directly in unit tests: the entry is `entry.merged.yaml`
 * under the options' root, and dependencies are read straight from disk relative to it.
 */
export function createTestDialectContext(
  dialect: Dialect,
  options: ResolvedOptions,
  report: Reporter,
  entry = join(options.root, 'entry.merged.yaml'),
): DialectContext {
  return {
    options,
    dialectOptions: options.dialectOptions[dialect.name],
    report,
    entry,
    dependency(path) {
      const file = resolve(dirname(entry), path)
      return { file, text: readFileSync(file, 'utf8') }
    },
    provenance: undefined,
    gathered: undefined,
  }
}

/** Documents as the parse stage hands them to a dialect. */
export function asParts(docs: readonly SourceDocument[]): ParsedPart[] {
  return docs.map((doc) => ({ kind: 'yaml', doc, headerless: false, empty: false, tree: undefined }))
}

/** Runs a dialect's merge (its dialect-merge.ts) directly on documents: its value. */
export function renderDialect(
  dialect: Dialect,
  merge: DialectMerge,
  docs: readonly SourceDocument[],
  options: ResolvedOptions,
  report: Reporter,
): unknown {
  return merge.render(asParts(docs), createTestDialectContext(dialect, options, report)).value
}
