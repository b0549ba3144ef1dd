// python-heatclient's client-side merge (template_utils.deep_update, docs/heat.md#heatclient-mode): every
// environment is deep-merged into the previous ones; lists and scalars are replaced; a null never
// clears a mapping; there are no strategies and no types.
import type { Reporter } from '../../reporter.ts'
import type { SourceDocument } from '../../source-document.ts'
import type { PathSegment } from '../../values.ts'
import { TYPE_MISMATCH } from './python.ts'
import { pyTypeName } from '../../values.ts'
import { getOwn, isMapping, setOwn } from '../../values.ts'
import type { Mapping } from './python.ts'
import { resolveRegistryPaths } from './registry-paths.ts'
import { PARAMETER_MERGE_STRATEGIES, parseEnvironment } from './sections.ts'

function deepUpdate(old: unknown, value: Mapping, path: PathSegment[], doc: SourceDocument, report: Reporter): unknown {
  const target = old === null || old === undefined ? {} : old
  for (const [key, item] of Object.entries(value)) {
    if (!isMapping(target)) {
      report.fail({
        code: TYPE_MISMATCH,
        message:
          `cannot deep-merge a mapping into the earlier ${pyTypeName(target)} (heatclient raises ` +
          `AttributeError: '${pyTypeName(target)}' object has no attribute 'get')`,
        doc,
        path,
      })
    }
    if (isMapping(item)) {
      setOwn(target, key, deepUpdate(Object.hasOwn(target, key) ? target[key] : {}, item, [...path, key], doc, report))
    } else if (item === null && isMapping(getOwn(target, key))) {
      // heatclient keeps the mapping: `resource_registry:` on its own must not clear the registry.
    } else {
      setOwn(target, key, item)
    }
  }
  return target
}

/** The heatclient fold `merged = deep_update(merged, env)` over the entry's environments. */
export function mergeClientEnvironments(
  docs: readonly SourceDocument[],
  initial: Mapping,
  entryDir: string,
  report: Reporter,
): unknown {
  let merged: unknown = initial
  for (const doc of docs) {
    const env = parseEnvironment(doc, 'heatclient', report)
    resolveRegistryPaths(env, doc.file, entryDir)
    if (Object.hasOwn(env, PARAMETER_MERGE_STRATEGIES)) {
      report.lenient({
        code: 'MY_HEAT_CLIENT_STRATEGIES',
        message:
          `heatclient's merge ignores ${PARAMETER_MERGE_STRATEGIES} (it deep-merges it like any other ` +
          `section); use heat.mode 'server' for Heat's strategies`,
        doc,
        path: [PARAMETER_MERGE_STRATEGIES],
        target: 'key',
      })
    }
    merged = deepUpdate(merged, env, [], doc, report)
  }
  return merged
}
