// A values entry speaks Helm: a scalar YAML 1.1 and 1.2 read differently is told with what Helm's
// go-yaml reads there (neither version: 1.1's booleans and octals, 1.2's `0o755` and `1e3`), what the
// other reading is, the edit that makes it mean one thing, and the option in both spellings. Each
// claim of what Helm reads was checked against Helm's parser (../shared/realworld/oracle/helm-values).
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isMergedYamlError, render } from '@merged-yaml/core'
import type { Diagnostic } from '@merged-yaml/core'
import { lines, writeTree } from '../../helpers/tree.ts'

async function diagnosticOf(line: string, files: Record<string, string> = {}): Promise<Diagnostic> {
  const root = writeTree({ 'app.merged.yaml': lines('#include', 'values.yaml'), 'values.yaml': lines(line), ...files })
  const error = await render(join(root, 'app.merged.yaml'), { root }).catch((e: unknown) => e)
  if (!isMergedYamlError(error)) throw new Error(`expected a MergedYamlError, got ${JSON.stringify(error)}`)
  return error.diagnostics[0]!
}

const OPTION = "or set yamlVersion to '1.1' or '1.2' (the yamlVersion option; merged-yaml --yaml-version)"

describe('an ambiguous scalar in a values entry, in Helm’s words', () => {
  it.each([
    ['mode: 0644', "'0644' is the number 420 to Helm (go-yaml), as in YAML 1.1, but the number 644 in YAML 1.2", '420'],
    [
      'tls: on',
      '\'on\' is the boolean true to Helm (go-yaml), as in YAML 1.1, but the string "on" in YAML 1.2',
      'true',
    ],
    ['debug: off', "'off' is the boolean false to Helm (go-yaml), as in YAML 1.1", 'false'],
    ['size: 1_000', "'1_000' is the number 1000 to Helm (go-yaml), as in YAML 1.1", '1000'],
    [
      'perm: 0o755',
      '\'0o755\' is the number 493 to Helm (go-yaml) and in YAML 1.2, but the string "0o755" in YAML 1.1',
      '493',
    ],
    ['n: 1e3', "'1e3' is the number 1000 to Helm (go-yaml) and in YAML 1.2", '1000'],
    [
      't: 1:20',
      '\'1:20\' is the string "1:20" to Helm (go-yaml) and in YAML 1.2, but the number 80 in YAML 1.1',
      "'1:20'",
    ],
    ['yes: 1', 'the key \'yes\' is the key "true" to Helm (go-yaml), as in YAML 1.1', "'true'"],
  ])('%j', async (line, readings, helmSpelling) => {
    const d = await diagnosticOf(line)
    expect(d.code).toBe('MY_YAML_VERSION_AMBIGUOUS')
    expect(d.line).toBe(1)
    expect(d.message).toContain(readings)
    expect(d.message).toContain(`write ${helmSpelling} for what Helm reads`)
    expect(d.message).toContain(OPTION)
    expect(d.message).not.toContain('PyYAML: cloud-init')
  })

  it('a merge key: Helm merges it, as YAML 1.1 does', async () => {
    const d = await diagnosticOf('<<: {a: 1}')
    expect(d.message).toContain("'<<' merges the mapping it names into this one for Helm (go-yaml), as in YAML 1.1")
  })

  it('a cloud-init entry keeps the words of its own readers', async () => {
    const root = writeTree({ 'app.merged.yaml': lines('#cloud-config', 'mode: 0644') })
    const error = await render(join(root, 'app.merged.yaml'), { root }).catch((e: unknown) => e)
    if (!isMergedYamlError(error)) throw new Error('expected a MergedYamlError')
    expect(error.diagnostics[0]!.message).toContain('PyYAML')
    expect(error.diagnostics[0]!.message).not.toContain('Helm')
  })
})
