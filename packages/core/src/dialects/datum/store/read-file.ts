// Get-FileProviderData: a store file's value by its extension (any case). `.yml` / `.yaml` as
// powershell-yaml reads them, `.json` likewise (JSON is YAML), `.psd1` as Import-PowerShellDataFile,
// and any other file as its text (Get-Content -Raw). The file becomes a SourceDocument, so that
// diagnostics and `explain` point at its lines.
import { createCodeFrame } from '../../../diagnostics.ts'
import type { Position } from '../../../diagnostics.ts'
import type { ResolvedOptions } from '../../../options.ts'
import type { Reporter } from '../../../report.ts'
import type { SourceDocument } from '../../../source.ts'
import { parsePowerShellYaml } from '../../../yaml/powershell-yaml.ts'
import { parsePsd1 } from '../../../yaml/psd1.ts'
import type { PathSegment, YamlProblem } from '../../../yaml/parse.ts'

export interface StoreFileData {
  value: unknown
  doc: SourceDocument
}

function sourceDocument(
  file: string,
  text: string,
  value: unknown,
  locate: (path: readonly PathSegment[], target?: 'key' | 'value') => Position,
): SourceDocument {
  return {
    value,
    file,
    chain: [],
    headers: {},
    index: 0,
    locate,
    locateHeader: () => ({ line: 1, column: 1 }),
    frame: (position) => createCodeFrame(text, position.line, position.column),
  }
}

const NOTE_CODES: Readonly<Record<string, string>> = {
  TYPING: 'MY_DATUM_YAML_TYPING',
  DUPLICATE_KEY: 'MY_DATUM_DUPLICATE_KEY',
  EXTRA_DOCUMENTS: 'MY_DATUM_EXTRA_DOCUMENTS',
}

/** Reads one file of a store; a file that cannot be read fails the render, as it fails Datum. */
export function readStoreFile(path: string, text: string, options: ResolvedOptions, report: Reporter): StoreFileData {
  const extension = /\.[^./\\]*$/.exec(path)?.[0].toLowerCase() ?? ''
  const fail = (error: YamlProblem): never =>
    report.fail({
      code: error.code.startsWith('MY_') ? error.code : 'MY_YAML_SYNTAX',
      message: error.message,
      at: { file: path, position: error.position, chain: [], source: text },
    })
  if (extension === '.psd1') {
    const data = parsePsd1(text, { maxDepth: options.limits.maxDepth })
    if (data.error) fail(data.error)
    return { value: data.value, doc: sourceDocument(path, text, data.value, data.locate) }
  }
  if (extension === '.yml' || extension === '.yaml' || extension === '.json') {
    const data = parsePowerShellYaml(text, {
      maxAliasCount: options.limits.maxAliasCount,
      maxDepth: options.limits.maxDepth,
    })
    if (data.error) fail(data.error)
    const doc = sourceDocument(path, text, data.value, data.locate)
    for (const note of data.notes) {
      // JSON's scalars are typed by JSON itself; the YAML 1.2 comparison means nothing there.
      if (note.code === 'TYPING' && extension === '.json') continue
      const problem = {
        code: NOTE_CODES[note.code] ?? `MY_DATUM_${note.code}`,
        message: note.message,
        at: { file: path, position: note.position, chain: [], source: text },
      }
      // Typing is Datum's value either way: worth knowing, never wrong. The others drop data.
      if (note.code === 'TYPING') report.warn(problem)
      else report.lenient(problem)
    }
    return { value: data.value, doc }
  }
  return { value: text, doc: sourceDocument(path, text, text, () => ({ line: 1, column: 1 })) }
}
