import { createSourceDocument } from '../../../packages/core/src/source-document.ts'
import { heatDialect } from '../../../packages/core/src/dialects/heat/index.ts'
import { heatMerge } from '../../../packages/core/src/dialects/heat/dialect-merge.ts'
import { resolveOptions } from '../../../packages/core/src/render-options.ts'
import type { RenderOptions } from '@merged-yaml/core'
import { Reporter } from '../../../packages/core/src/reporter.ts'
import type { SourceDocument } from '../../../packages/core/src/source-document.ts'
import { parseYamlStream } from '../../../packages/core/src/yaml/parse.ts'
import { renderDialect } from '../../helpers/dialect-context.ts'

export const ROOT = '/virtual'

/** One SourceDocument per text, in files `/virtual/env-1.yaml`, `/virtual/env-2.yaml`, … */
export function documents(texts: readonly string[], version: '1.1' | '1.2' = '1.2'): SourceDocument[] {
  return texts.flatMap((text, i) => {
    const file = `${ROOT}/env-${i + 1}.yaml`
    const origin = { file, fileText: text, chain: [], lineOffset: 0, anchor: { line: 1, column: 1 } }
    return parseYamlStream(text, { version, allowDuplicateKeys: false, maxAliasCount: 1000 })
      .filter((doc) => !doc.empty)
      .map((doc, index) => {
        if (doc.error) throw new Error(`test input: ${doc.error.message}`)
        return createSourceDocument(doc, origin, text, {}, index)
      })
  })
}

/** Runs the Heat dialect directly on inline environment files. */
export function renderHeat(texts: readonly string[], options: RenderOptions = {}) {
  const resolved = resolveOptions({ root: ROOT, ...options })
  const report = new Reporter(resolved.strict, resolved.root)
  const value = renderDialect(heatDialect, heatMerge, documents(texts, resolved.yamlVersion), resolved, report)
  return { value, warnings: report.warnings }
}

/** The server-side environment shape the upstream unit tests start from. */
export const UNIT_INITIAL = { parameters: {}, resource_registry: {}, parameter_defaults: {} }
