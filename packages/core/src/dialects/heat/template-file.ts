// Reads a HOT template named by `heat.template`, so its `parameters:` can declare types with the
// same located diagnostics as a template part of the entry. The engine reads it like an include
// (confined to root, size-limited) and records it as a dependency of the entry.
import { resolve, dirname } from 'node:path'
import { createSourceDocument } from '../../gather/documents.ts'
import type { SourceDocument } from '../../source.ts'
import { parseYamlStream } from '../../yaml/parse.ts'
import type { DialectContext } from '../types.ts'

const heatYamlVersion = '1.1'

export function loadTemplateFile(
  path: string,
  { options, report, entry, readDependency }: DialectContext,
): SourceDocument {
  const file = resolve(dirname(entry), path)
  const text = readDependency(path)
  const docs = parseYamlStream(text, {
    // Heat's template loader is PyYAML's.
    version: options.yamlVersion ?? heatYamlVersion,
    allowDuplicateKeys: !options.strict,
    maxAliasCount: options.limits.maxAliasCount,
    maxDepth: options.limits.maxDepth,
  })
  const origin = { file, fileText: text, chain: [], lineOffset: 0, anchor: { line: 1, column: 1 } }
  const [first, ...rest] = docs
  const broken = docs.find((d) => d.error)
  if (broken?.error || rest.length > 0) {
    const position = broken?.error?.position ?? rest[0]!.locate([])
    report.fail({
      code: 'MY_HEAT_INVALID_TEMPLATE',
      message: broken?.error
        ? `invalid YAML in HOT template: ${broken.error.message}`
        : 'a HOT template is one YAML document, this file has several',
      at: { file, position, chain: [], source: text },
    })
  }
  return createSourceDocument(first!, origin, text, {}, 0)
}
