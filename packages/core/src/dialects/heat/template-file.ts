// Reads a HOT template named by `heat.template`, so its `parameters:` can declare types with the
// same located diagnostics as a template part of the entry.
import { readFileSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { createSourceDocument } from '../../gather/documents.ts'
import type { ResolvedOptions } from '../../options.ts'
import type { Reporter } from '../../report.ts'
import type { SourceDocument } from '../../source.ts'
import { parseYamlStream } from '../../yaml/parse.ts'
import type { OptionSite } from './options.ts'

export function loadTemplateFile(path: string, site: OptionSite, options: ResolvedOptions, report: Reporter): SourceDocument {
  const file = resolve(dirname(site.file), path)
  let size = -1
  try {
    const stat = statSync(file)
    if (stat.isFile()) size = stat.size
  } catch {
    // reported below, like a folder
  }
  if (size < 0) {
    report.fail({ code: 'MY_HEAT_TEMPLATE_NOT_FOUND', message: `heat.template '${path}' is not a readable file (${file})`, at: site })
  }
  if (size > options.limits.maxFileSize) {
    report.fail({
      code: 'MY_HEAT_INVALID_TEMPLATE',
      message: `heat.template '${path}' is ${size} bytes, over the limit of ${options.limits.maxFileSize} (limits.maxFileSize)`,
      at: site,
    })
  }
  const text = readFileSync(file, 'utf8')
  const docs = parseYamlStream(text, {
    version: options.yamlVersion,
    allowDuplicateKeys: !options.strict,
    maxAliasCount: options.limits.maxAliasCount,
  })
  const origin = { file, fileText: text, chain: [], lineOffset: 0, anchor: { line: 1, column: 1 } }
  const [first, ...rest] = docs
  const broken = docs.find((d) => d.error)
  if (broken?.error || rest.length > 0) {
    const position = broken?.error?.position ?? rest[0]!.locate([])
    report.fail({
      code: 'MY_HEAT_INVALID_TEMPLATE',
      message: broken?.error ? `invalid YAML in HOT template: ${broken.error.message}` : 'a HOT template is one YAML document, this file has several',
      at: { file, position, chain: [], source: text },
    })
  }
  return createSourceDocument(first!, origin, text, {}, 0)
}
