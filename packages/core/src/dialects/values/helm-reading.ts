// What Helm cannot read in a values file, though YAML can (Helm's loader.LoadValues: documents split at
// lines starting `---`, each through sigs.k8s.io/yaml — go-yaml v2, then JSON): strict mode refuses it,
// located, with Helm's reason; lenient mode reads it as the engine always has, with a warning. Checked
// against Helm's own code (the Go oracle in ../shared/realworld/oracle/helm-values). The checks read lines
// of text, once each; a `...` or `---` inside a block scalar at column 0 ends the document in YAML too.
import type { Reporter } from '../../reporter.ts'
import type { SourceDocument } from '../../source-document.ts'
import { isMapping } from '../../values.ts'
import type { PathSegment } from '../../values.ts'

/** Places reported per text or document, at most. */
const MAX_FINDINGS = 20

/** A line Helm's reader cannot take, by its offset in the part's text. */
interface TextFinding {
  offset: number
  message: string
}

const HELM = "Helm's values loader"

/**
 * `%YAML` and `%TAG` directives (go-yaml v2 refuses them: "found incompatible YAML document", "did not
 * find expected <document start>"), and text after `---` on its line (Helm splits documents at such
 * lines: "invalid Yaml document separator").
 */
export function findUnreadableLines(text: string): TextFinding[] {
  const found: TextFinding[] = []
  if (!text.includes('%') && !text.includes('---') && !text.includes('...')) return found
  let offset = 0
  // After a `...` document end, until the next `---`: go-yaml reads only the document before it.
  let ended = false
  while (offset <= text.length && found.length < MAX_FINDINGS) {
    const end = text.indexOf('\n', offset)
    const line = text.slice(offset, end < 0 ? text.length : end).replace(/\r$/, '')
    const content = line.trim() !== '' && !line.trimStart().startsWith('#')
    if (line.startsWith('...')) ended = true
    else if (line.startsWith('---')) ended = false
    else if (ended && content) {
      ended = false
      found.push({
        offset,
        message:
          `text after a '...' document end: ${HELM} drops it (go-yaml reads the document before the '...' ` +
          "only, up to the next '---'); start it with '---' to merge it, or remove it",
      })
    }
    if (line.startsWith('%YAML') || line.startsWith('%TAG')) {
      found.push({
        offset,
        message:
          `a ${line.slice(0, line.startsWith('%YAML') ? 5 : 4)} directive: ${HELM} (go-yaml v2) cannot read a ` +
          'file with one; remove it',
      })
    } else if (line.startsWith('---')) {
      const rest = line.slice(3).trim()
      if (rest !== '' && !rest.startsWith('#')) {
        found.push({
          offset,
          message:
            `text after '---' on its line: ${HELM} splits documents at lines starting '---' and refuses this ` +
            `one ("invalid Yaml document separator: ${rest.slice(0, 40)}"); start the document on the next line`,
        })
      }
    }
    if (end < 0) break
    offset = end + 1
  }
  return found
}

/** `.inf`, `-.inf` and `.nan` in a document: JSON has no such numbers, and Helm converts values to JSON. */
export function reportNonFiniteNumbers(doc: SourceDocument, report: Reporter): void {
  let count = 0
  const walk = (value: unknown, path: PathSegment[]): void => {
    if (count >= MAX_FINDINGS) return
    if (typeof value === 'number' && !Number.isFinite(value)) {
      count++
      const json = Number.isNaN(value) ? 'NaN' : value > 0 ? '+Inf' : '-Inf'
      report.lenient({
        code: 'MY_VALUES_HELM_UNREADABLE',
        message:
          `${Number.isNaN(value) ? '.nan' : value > 0 ? '.inf' : '-.inf'}: ${HELM} converts values to JSON, which ` +
          `has no such number ("json: unsupported value: ${json}"); quote it for the text (lenient mode keeps ` +
          'the number)',
        doc,
        path,
      })
    } else if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, i]))
    else if (isMapping(value)) for (const key of Object.keys(value)) walk(value[key], [...path, key])
  }
  walk(doc.value, [])
}

/**
 * Null keys (`~:`, `null:`, `? ` with nothing) and collection keys (`? [a, b]`): Helm's conversion to JSON refuses
 * both; the engine reads a null key as "" and a collection key as its YAML text.
 */
export function reportStringifiedKeys(doc: SourceDocument, report: Reporter): void {
  for (const { kind, position } of (doc.stringifiedKeys ?? []).slice(0, MAX_FINDINGS)) {
    report.lenient({
      code: 'MY_VALUES_HELM_UNREADABLE',
      message:
        kind === 'null'
          ? `a null key: ${HELM} converts values to JSON, whose keys are strings, and refuses it ("unsupported map ` +
            `key of type: <nil>"); quote it ('~', 'null') for a key of that text (lenient mode reads the key "")`
          : `a list or mapping as a key: ${HELM} converts values to JSON, whose keys are strings, and refuses it ` +
            '("invalid map key"); write the key as a string (lenient mode reads its YAML text as the key)',
      doc,
      position,
    })
  }
}
