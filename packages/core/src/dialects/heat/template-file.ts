// A HOT template named by `heat.template`, whose `parameters:` declare types with the same located
// diagnostics as a template part of the entry. The pipeline read it with the entry (the dialect's
// `dependencies`): confined to the root, size-limited, a dependency of the entry.
import { parseOptionsOf } from '../../options.ts'
import { createSourceDocument } from '../../source-document.ts'
import type { SourceDocument } from '../../source-document.ts'
import { parseYamlStream } from '../../yaml/parse.ts'
import type { DialectContext } from '../types.ts'

// Heat's template loader is PyYAML's.
const HEAT_YAML_VERSION = '1.1'

export function loadTemplateFile(path: string, context: DialectContext): SourceDocument {
  const { file, text } = context.dependency(path)
  const docs = parseYamlStream(
    text,
    parseOptionsOf(context.options, context.options.yamlVersion ?? HEAT_YAML_VERSION).yaml,
  )
  const origin = { file, fileText: text, chain: [], lineOffset: 0, anchor: { line: 1, column: 1 } }
  const [first, ...rest] = docs
  const broken = docs.find((d) => d.error)
  if (broken?.error || rest.length > 0) {
    const position = broken?.error?.position ?? rest[0]!.locate([])
    context.report.fail({
      code: 'MY_HEAT_INVALID_TEMPLATE',
      message: broken?.error
        ? `invalid YAML in HOT template: ${broken.error.message}`
        : 'a HOT template is one YAML document, this file has several',
      at: { file, position, chain: [], source: text },
    })
  }
  return createSourceDocument(first!, origin, text, {}, 0)
}
