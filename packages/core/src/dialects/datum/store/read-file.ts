// Get-FileProviderData: a store file's value by its extension (any case). `.yml` / `.yaml` as
// powershell-yaml reads them, `.json` likewise (JSON is YAML), `.psd1` as Import-PowerShellDataFile,
// and any other file as its text (Get-Content -Raw). The file becomes a SourceDocument, so that
// diagnostics and provenance point at its lines.
import { ENGINE_CODES } from '../../../codes.ts'
import type { ErrorCode } from '../../../codes.ts'
import { createCodeFrame } from '../../../diagnostics.ts'
import type { Position } from '../../../diagnostics.ts'
import type { Limits } from '../../../options.ts'
import type { Reporter } from '../../../reporter.ts'
import type { SourceDocument } from '../../../source-document.ts'
import type { PathSegment } from '../../../values.ts'
import type { YamlProblem } from '../../../yaml/types.ts'
import { parsePsd1 } from '../powershell/psd1.ts'
import { parsePowerShellYaml } from '../powershell/yaml.ts'
import type { PowerShellYamlDocument, PowerShellYamlNote } from '../powershell/yaml.ts'

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
    frame: (position, lineStartsOf) => createCodeFrame(text, position.line, position.column, 2, lineStartsOf?.(text)),
  }
}

const NOTE_CODES: Readonly<Record<PowerShellYamlNote, ErrorCode>> = {
  TYPING: 'MY_DATUM_YAML_TYPING',
  DUPLICATE_KEY: 'MY_DATUM_DUPLICATE_KEY',
  EXTRA_DOCUMENTS: 'MY_DATUM_EXTRA_DOCUMENTS',
}

/** The readers' own codes (in the engine's table); a parser's error without one is a syntax error. */
const readerCode = (code: string): ErrorCode =>
  Object.hasOwn(ENGINE_CODES, code) ? (code as ErrorCode) : 'MY_YAML_SYNTAX'

interface ParsedStoreFile {
  value: unknown
  error?: YamlProblem
  notes: PowerShellYamlDocument['notes']
  locate(path: readonly PathSegment[], target?: 'key' | 'value'): Position
}

/** A store file parsed by its extension; nothing reported. */
function parseStoreFile(path: string, text: string, limits: Limits): ParsedStoreFile {
  const extension = /\.[^./\\]*$/.exec(path)?.[0].toLowerCase() ?? ''
  if (extension === '.psd1') return { ...parsePsd1(text, { maxDepth: limits.maxDepth }), notes: [] }
  if (extension === '.yml' || extension === '.yaml' || extension === '.json') {
    const data = parsePowerShellYaml(text, { maxAliasCount: limits.maxAliasCount, maxDepth: limits.maxDepth })
    // JSON's scalars are typed by JSON itself; the YAML 1.2 comparison means nothing there.
    return extension === '.json' ? { ...data, notes: data.notes.filter((n) => n.code !== 'TYPING') } : data
  }
  return { value: text, notes: [], locate: () => ({ line: 1, column: 1 }) }
}

/** A store file's value, or undefined when it cannot be read; nothing reported. */
export function peekStoreFile(path: string, text: string, limits: Limits): unknown {
  const parsed = parseStoreFile(path, text, limits)
  return parsed.error ? undefined : parsed.value
}

/** Reads one file of a store; a file that cannot be read fails the render, as it fails Datum. */
export function readStoreFile(path: string, text: string, limits: Limits, report: Reporter): StoreFileData {
  const parsed = parseStoreFile(path, text, limits)
  if (parsed.error) {
    report.fail({
      code: readerCode(parsed.error.code),
      message: parsed.error.message,
      at: { file: path, position: parsed.error.position, chain: [], source: text },
    })
  }
  for (const note of parsed.notes) {
    const problem = {
      code: NOTE_CODES[note.code],
      message: note.message,
      at: { file: path, position: note.position, chain: [], source: text },
    }
    // Typing is Datum's value either way: worth knowing, never wrong. The others drop data.
    if (note.code === 'TYPING') report.warn(problem)
    else report.lenient(problem)
  }
  return { value: parsed.value, doc: sourceDocument(path, text, parsed.value, parsed.locate) }
}
