// Stands in for `@merged-yaml/core` in the output-snapshot run (see README.md): every render the
// test suite makes is passed through, and what it produced — the emitted module code, the warnings,
// or the error text — is appended to $OUTPUT_SNAPSHOT_DIR, keyed by test and call.
import { createHash } from 'node:crypto'
import { appendFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect } from 'vitest'
// `src/./index.ts`: the alias of vitest.config.ts takes every other spelling of this path to this file.
import * as core from '../../packages/core/src/./index.ts'
import type { PreparedEntry, RenderOptions, RenderResult } from '../../packages/core/src/./index.ts'
// The codegen module itself: the plugin's index imports the engine, which is this file here.
import { generateModule } from '../../src/codegen/module.ts'

export * from '../../packages/core/src/./index.ts'

const REPO = resolve(import.meta.dirname, '../..')
const SHARED = resolve(REPO, '../shared')
const TMP = tmpdir()
const out = process.env.OUTPUT_SNAPSHOT_DIR
const calls = new Map<string, number>()

/** Paths that differ between runs and checkouts become placeholders. */
function normalize(text: string): string {
  return (
    text
      .replaceAll(SHARED, '<shared>')
      .replaceAll(REPO, '<repo>')
      .replaceAll(TMP, '<tmp>')
      // mkdtemp's six random characters, in any folder name of a path.
      .replace(/(?<=(?:^|[\s/'"])(?:[\w.]+-)+)[A-Za-z0-9]{6}(?=[/;'"`\s:,)]|$)/g, 'XXXXXX')
  )
}

function describeResult(result: RenderResult): string {
  const warnings = result.warnings.map((w) => core.formatDiagnostic(w))
  return [generateModule(result.value, { plainJson: result.plainJson }), result.dialect, ...warnings].join('\n')
}

function describeError(error: unknown): string {
  return core.isMergedYamlError(error) ? `error\n${error.message}` : `throw\n${String(error)}`
}

function record(entry: string, options: RenderOptions | undefined, text: string): void {
  if (!out) return
  const state = expect.getState()
  const test = `${normalize(state.testPath ?? '?')}::${state.currentTestName ?? '?'}`
  const call = `${test}::${normalize(String(entry))}`
  const n = calls.get(call) ?? 0
  calls.set(call, n + 1)
  const normalized = normalize(text)
  const line = {
    key: `${call}#${n}`,
    options: normalize(JSON.stringify(options ?? {})),
    hash: createHash('sha256').update(normalized).digest('base64url'),
    head: normalized.slice(0, 300),
  }
  appendFileSync(join(out, `${process.pid}.jsonl`), `${JSON.stringify(line)}\n`)
}

function observe<T>(entry: string, options: RenderOptions | undefined, run: () => RenderResult): RenderResult {
  try {
    const result = run()
    record(entry, options, describeResult(result))
    return result
  } catch (error) {
    record(entry, options, describeError(error))
    throw error
  }
}

export const renderSync: typeof core.renderSync = (entry, options, hooks) =>
  observe(entry, options, () => core.renderSync(entry, options, hooks))

export const render: typeof core.render = async (entry, options, hooks) => renderSync(entry, options, hooks)

export const prepareEntry: typeof core.prepareEntry = (entry, options, hooks): PreparedEntry => {
  let prepared: PreparedEntry
  try {
    prepared = core.prepareEntry(entry, options, hooks)
  } catch (error) {
    record(entry, options, describeError(error))
    throw error
  }
  return {
    files: prepared.files,
    missing: prepared.missing,
    globs: prepared.globs,
    get fingerprint() {
      return prepared.fingerprint
    },
    render: () => observe(entry, options, () => prepared.render()),
  }
}
