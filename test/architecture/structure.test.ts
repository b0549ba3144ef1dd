// The shape docs/architecture.md describes, kept: no import circles, imports that run down the
// rooms only, the YAML libraries read by yaml/ alone, lines within 120 characters, modules of at most
// 400 lines that say why they are kept whole when they grow past ~250.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { render } from '@merged-yaml/core'
import { listMemos } from '../../packages/core/src/memo.ts'
import { findCycles, readSources, REPO } from './source-files.ts'
import type { SourceFile } from './source-files.ts'

const sources = readSources()
const CORE = 'packages/core/src/'

/** The imports of `file` that land in one of `rooms` (repository-relative prefixes). */
const importsInto = (file: SourceFile, rooms: readonly string[]): string[] =>
  file.imports.filter((path) => rooms.some((room) => path.startsWith(room)))

function violations(from: string, forbidden: readonly string[]): string[] {
  return sources
    .filter((file) => file.path.startsWith(from))
    .flatMap((file) => importsInto(file, forbidden).map((path) => `${file.path} → ${path}`))
}

describe('imports', () => {
  it('form no circle (type-only imports included)', () => {
    expect(findCycles(sources)).toEqual([])
  })

  it('run down the engine: yaml/ and the shared modules import no room above them', () => {
    const above = [`${CORE}pipeline/`, `${CORE}dialects/`, `${CORE}render`, `${CORE}index.ts`, `${CORE}internal.ts`]
    expect(violations(`${CORE}yaml/`, [...above, `${CORE}options.ts`, `${CORE}reporter.ts`])).toEqual([])
    // JSON Schema (ajv, compiled schemas, violations) stands beside yaml/: the stages and dialects use it.
    expect(violations(`${CORE}schema/`, [...above, `${CORE}options.ts`, `${CORE}reporter.ts`])).toEqual([])
    // Provenance (its records and the recorder) is below the dialects, which record to it, and the stages.
    expect(violations(`${CORE}provenance/`, above)).toEqual([])
    for (const shared of [
      'values.ts',
      'memo.ts',
      'diagnostics.ts',
      'suggest.ts',
      'file-system.ts',
      'workspace-root.ts',
      'linear-regex.ts',
    ]) {
      expect(violations(`${CORE}${shared}`, [...above, `${CORE}yaml/`])).toEqual([])
    }
  })

  it('the dialects import neither the pipeline nor render(); the pipeline does not import render()', () => {
    const top = [`${CORE}render.ts`, `${CORE}render-options.ts`, `${CORE}index.ts`, `${CORE}internal.ts`]
    expect(violations(`${CORE}dialects/`, [`${CORE}pipeline/`, ...top])).toEqual([])
    expect(violations(`${CORE}pipeline/`, top)).toEqual([])
  })

  it('a dialect imports no other dialect', () => {
    // Every dialect's folder, a new one included.
    const dialects = readdirSync(join(REPO, CORE, 'dialects'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
    expect(dialects).toEqual(expect.arrayContaining(['cloud-init', 'datum', 'heat', 'deckhand', 'values']))
    for (const name of dialects) {
      const others = dialects.filter((other) => other !== name).map((other) => `${CORE}dialects/${other}/`)
      const outside = violations(`${CORE}dialects/${name}/`, others)
      // The registry-level modules may read cloud-init's directive parser (the `mergeHow` option).
      expect(outside).toEqual([])
    }
  })

  it('in the engine, only yaml/ touches a YAML library (`yaml`, js-yaml), each loaded by one module', () => {
    // `from 'yaml'`, `import('yaml')`, `require('yaml')`, `createRequire(…)('yaml')`.
    const LIBRARY = /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|\)\s*\(\s*)'(?:yaml|js-yaml)(?:\/[^']*)?'/
    const outside = sources
      .filter((file) => file.path.startsWith(CORE) && !file.path.startsWith(`${CORE}yaml/`))
      .filter((file) => LIBRARY.test(file.text))
      .map((file) => file.path)
    expect(outside).toEqual([])
    // The loaders themselves: each library is required in one module of yaml/.
    const loaders = sources.filter((file) => /\)\('(?:yaml|js-yaml)'\)/.test(file.text)).map((file) => file.path)
    expect(loaders.sort()).toEqual([`${CORE}yaml/fast/js-yaml.ts`, `${CORE}yaml/yaml-module.ts`])
  })

  it('the engine reaches the YAML readers through yaml/parse.ts only', () => {
    const readers = ['block/', 'fast/', 'precise.ts', 'node-tree.ts'].map((reader) => `${CORE}yaml/${reader}`)
    const outside = sources.filter((file) => !file.path.startsWith(`${CORE}yaml/`))
    expect(outside.flatMap((file) => importsInto(file, readers).map((path) => `${file.path} → ${path}`))).toEqual([])
  })

  it('the CLI and the plugin use the engine through its package only', () => {
    expect(violations('packages/cli/src/', [CORE, 'src/'])).toEqual([])
    expect(violations('src/', [CORE, 'packages/'])).toEqual([])
  })

  it('the plugin: codegen is pure (imports nothing of the plugin, the hosts or the dev server inspector)', () => {
    expect(violations('src/codegen/', ['src/plugin/', 'src/hosts/', 'src/inspector/'])).toEqual([])
  })
})

describe("the engine's entries", () => {
  const entry = (name: string) => readFileSync(join(REPO, CORE, name), 'utf8')
  const exported = (text: string) =>
    [...text.matchAll(/^export (?:type )?\{([^}]*)\}/gm)].flatMap((m) => m[1]!.split(',').map((n) => n.trim()))

  it('internal.ts says first that it is not public API, and shares with index.ts only what the plugin needs unloaded', () => {
    expect(/^(?:\/\/[^\n]*\n)*/.exec(entry('internal.ts'))![0]).toMatch(/NOT PUBLIC API, no semver promise/)
    const internal = exported(entry('internal.ts'))
    // The plugin's errors and options before it loads the pipeline: index.ts would load every dialect's merge.
    const beforeThePipeline = ['findWorkspaceRoot', 'formatDiagnostic', 'isMergedYamlError', 'MergedYamlError']
    expect(exported(entry('index.ts')).filter((name) => internal.includes(name))).toEqual(beforeThePipeline)
  })

  it('only the CLI and the plugin import @merged-yaml/core/internal; no user document names it', () => {
    const importers = readSources(['packages/core/src', 'packages/cli/src', 'src', 'test', 'scripts'])
      .filter((file) => /from '@merged-yaml\/core\/internal'/.test(file.text))
      .map((file) => file.path)
      .filter((path) => !path.startsWith('packages/cli/src/') && !path.startsWith('src/'))
    expect(importers).toEqual([])
    // docs/architecture.md and CONTRIBUTING.md are the contributors' and describe it.
    const guides = readdirSync(join(REPO, 'docs')).filter((name) => name.endsWith('.md') && name !== 'architecture.md')
    const documents = [
      'README.md',
      'packages/core/README.md',
      'packages/cli/README.md',
      ...guides.map((n) => `docs/${n}`),
    ]
    const naming = documents.filter((doc) =>
      readFileSync(join(REPO, doc), 'utf8').includes('@merged-yaml/core/internal'),
    )
    expect(naming).toEqual([])
  })
})

describe('modules', () => {
  it('keep lines within 120 characters (a line with a URL, or a regular expression alone, aside)', () => {
    const long = sources.flatMap((file) =>
      file.text
        .split('\n')
        .map((line, index) => ({ line, at: `${file.path}:${index + 1}` }))
        .filter(({ line }) => line.length > 120 && !/https?:\/\//.test(line) && !/^\s*\/\^.*\$\/[a-z]*$/.test(line))
        .map(({ at, line }) => `${at} (${line.length})`),
    )
    expect(long).toEqual([])
  })

  it("call no locale-aware API (localeCompare, toLocale*, Intl): its first call loads ICU's data, ~10 ms of a build", () => {
    const calls = sources.flatMap((file) =>
      file.text
        .split('\n')
        .map((line, index) => ({ line, at: `${file.path}:${index + 1}` }))
        .filter(({ line }) => /\.localeCompare\(|\.toLocale\w*\(|\bIntl\./.test(line.replace(/\/\/.*$/, '')))
        .map(({ at }) => at),
    )
    expect(calls).toEqual([])
  })

  /** A module's first comment: its leading `//` lines. */
  const firstComment = (text: string): string => /^(?:\/\/[^\n]*\n)*/.exec(text)![0]

  it('say in their first comment why they are kept whole when longer than ~250 lines', () => {
    const unexplained = sources
      .filter((file) => file.text.split('\n').length > 260)
      .filter((file) => !/\bkept whole\b/.test(firstComment(file.text).replaceAll(/\n\/\/ ?/g, ' ')))
      .map((file) => `${file.path} (${file.text.split('\n').length} lines)`)
    expect(unexplained).toEqual([])
  })

  it("yaml/ keeps no parse's state in a module: no module-level `let` but the libraries' loaders, no `lastIndex`", () => {
    const stateful = sources
      .filter((file) => file.path.startsWith(`${CORE}yaml/`))
      .filter((file) => /^(?:export )?(?:let|var) /m.test(file.text) || /\.lastIndex\b/.test(file.text))
      .map((file) => file.path)
    expect(stateful.sort()).toEqual([`${CORE}yaml/fast/js-yaml.ts`, `${CORE}yaml/yaml-module.ts`])
  })

  it('have at most 400 lines (split by concept past that)', () => {
    const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
    const long = sources
      .filter((file) => lineCount(file.text) > 400)
      .map((file) => `${file.path} (${lineCount(file.text)} lines)`)
    expect(long).toEqual([])
  })

  it('carry no line count in their first comment (it drifts as the module changes)', () => {
    const counted = sources.filter((file) => /\b\d+ lines\b/.test(firstComment(file.text))).map((file) => file.path)
    expect(counted).toEqual([])
  })
})

describe('memos', () => {
  it('are each listed in docs/architecture.md', () => {
    // Loading the engine makes every memo (render() needs all of its modules).
    expect(render).toBeTypeOf('function')
    const doc = readFileSync(join(REPO, 'docs/architecture.md'), 'utf8')
    expect(listMemos().length).toBeGreaterThan(10)
    expect(
      listMemos()
        .filter((memo) => !doc.includes(`| ${memo.name} |`))
        .map((memo) => memo.name),
    ).toEqual([])
  })
})
