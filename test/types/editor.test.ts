// What an editor shows for an imported entry with `dts.provenance`: TypeScript's language service on
// a fixture app whose declarations the plugin wrote in a real build. Go to Definition is mapped the
// way tsserver maps it for an editor (`Session.mapDefinitionInfoLocations` → `getMappedDocumentSpan`
// through the language service's source mapper), to the layer line that set the value; hover shows
// the JSDoc that says so. Both declaration forms, and an entry of each dialect. Last, tsserver itself
// (a `ts.server.Session` in process, as an editor runs it) answers a `definition` request.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
import type { DtsMode } from '../../src/plugin/options.ts'
import { build, REPO, removeDir } from '../plugin/bundlers.ts'

const FIXTURE = join(REPO, 'test/fixtures/plugin/editor')
const projects: string[] = []
afterAll(() => projects.forEach(removeDir))

function createProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'my-plugin-editor-'))
  projects.push(root)
  cpSync(FIXTURE, root, { recursive: true })
  mkdirSync(join(root, 'node_modules'))
  symlinkSync(REPO, join(root, 'node_modules/unplugin-merged-yaml'), 'dir')
  return root
}

async function generate(root: string, mode: DtsMode): Promise<void> {
  await build('rollup', { root, entry: 'src/entry.js', options: { dts: { mode, provenance: true } } })
}

// What tsserver calls to map a definition found in a declaration file (internal to TypeScript).
interface SourceMapperApi {
  getMappedDocumentSpan(
    span: ts.DocumentSpan,
    mapper: unknown,
    fileExists?: (path: string) => boolean,
  ): ts.DocumentSpan | undefined
}
const internals = ts as unknown as SourceMapperApi

/** A language service over `files` of `root`, reading everything else from disk. */
function createService(root: string, files: string[], mode: DtsMode) {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowArbitraryExtensions: mode === 'sidecar',
    skipLibCheck: true,
    types: [],
  }
  const names = files.map((file) => join(root, file))
  const versions = new Map<string, number>()
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => names,
    getScriptVersion: (file) => String(versions.get(file) ?? 0),
    getScriptSnapshot: (file) => {
      const text = ts.sys.readFile(file)
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text)
    },
    getCurrentDirectory: () => root,
    getCompilationSettings: () => options,
    getDefaultLibFileName: ts.getDefaultLibFilePath,
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  }
  const service = ts.createLanguageService(host, ts.createDocumentRegistry())
  return {
    service,
    /** After the declarations were rewritten: a new program, and the source mapper forgets its maps. */
    refresh() {
      for (const file of service.getProgram()!.getSourceFiles()) versions.set(file.fileName, Date.now())
      service.cleanupSemanticCache()
      ;(service as unknown as { clearSourceMapperCache(): void }).clearSourceMapperCache()
    },
  }
}

interface Place {
  file: string
  line: number
  text: string
}

/** The position of the first `needle` in `file`, on its last character (where a cursor would be). */
function positionOf(root: string, file: string, needle: string): number {
  const text = readFileSync(join(root, file), 'utf8')
  const at = text.indexOf(needle)
  if (at < 0) throw new Error(`${needle} not in ${file}`)
  return at + needle.length - 1
}

/** Go to Definition at the end of `needle` in `file`, mapped as tsserver maps it for an editor. */
function definition(service: ts.LanguageService, root: string, file: string, needle: string): Place[] {
  const found = service.getDefinitionAtPosition(join(root, file), positionOf(root, file, needle)) ?? []
  const mapper = (service as unknown as { getSourceMapper(): unknown }).getSourceMapper()
  return found.map((info) => {
    const span = internals.getMappedDocumentSpan(info, mapper, ts.sys.fileExists) ?? info
    const text = readFileSync(span.fileName, 'utf8')
    const line = text.slice(0, span.textSpan.start).split('\n').length
    return {
      file: relative(root, span.fileName),
      line,
      text: text.slice(span.textSpan.start, span.textSpan.start + span.textSpan.length),
    }
  })
}

function hover(service: ts.LanguageService, root: string, file: string, needle: string): string {
  const info = service.getQuickInfoAtPosition(join(root, file), positionOf(root, file, needle))
  return ts.displayPartsToString(info?.documentation)
}

describe.each(['sidecar', 'ambient'] as const)('in the editor, %s declarations with provenance', (mode) => {
  it('Go to Definition lands on the layer line that set the value, and hover says so', async () => {
    const root = createProject()
    await generate(root, mode)
    const files = mode === 'sidecar' ? ['src/main.ts'] : ['src/main.ts', 'merged-yaml.d.ts']
    const { service, refresh } = createService(root, files, mode)
    const main = 'src/main.ts'
    expect(definition(service, root, main, 'config.api.url')).toEqual([
      { file: 'src/config/base.yaml', line: 3, text: 'url' },
    ])
    // A named import: its top-level key.
    expect(definition(service, root, main, '{ api')).toEqual([{ file: 'src/config/base.yaml', line: 2, text: 'api' }])
    expect(definition(service, root, main, 'api.timeout')).toEqual([
      { file: 'src/config/base.yaml', line: 4, text: 'timeout' },
    ])
    // An array item's key.
    expect(definition(service, root, main, 'servers[0]!.port')).toEqual([
      { file: 'src/config/base.yaml', line: 7, text: 'port' },
    ])
    expect(definition(service, root, main, 'features.search')).toEqual([
      { file: 'src/config/env/production.yaml', line: 3, text: 'search' },
    ])
    // Layers are shown relative to the declaration: the sidecar's folder, or the ambient file's.
    const at = mode === 'sidecar' ? '' : 'src/config/'
    expect(hover(service, root, main, 'features.search')).toBe(
      `${at}env/production.yaml:3 — values over ${at}base.yaml:9`,
    )
    expect(hover(service, root, main, 'config.api.url')).toBe(`${at}base.yaml:3 — values`)
    expect(hover(service, root, main, '{ api')).toBe(`${at}base.yaml:2 — values`)
    expect(service.getSemanticDiagnostics(join(root, main))).toEqual([])

    // A later layer sets the URL: the definition follows it.
    const production = join(root, 'src/config/env/production.yaml')
    writeFileSync(production, `${readFileSync(production, 'utf8')}api:\n  url: https://prod.example.com\n`)
    await generate(root, mode)
    refresh()
    expect(definition(service, root, main, 'config.api.url')).toEqual([
      { file: 'src/config/env/production.yaml', line: 6, text: 'url' },
    ])
  })
})

describe('in the editor, an entry of each dialect (ambient declarations, which type import queries)', () => {
  it('Go to Definition lands on the layer line; hover says which layer and how', async () => {
    const root = createProject()
    await generate(root, 'ambient')
    const { service } = createService(root, ['src/dialects.ts', 'merged-yaml.d.ts'], 'ambient')
    const file = 'src/dialects.ts'
    expect(service.getSemanticDiagnostics(join(root, file))).toEqual([])
    // Deckhand, value by value: the child document's line that its merge action took.
    expect(definition(service, root, file, 'replicas.api')).toEqual([
      { file: 'src/deckhand/site.merged.yaml', line: 33, text: 'api' },
    ])
    expect(hover(service, root, file, 'replicas.api')).toBe(
      'src/deckhand/site.merged.yaml:33 — deckhand(merge) over src/deckhand/site.merged.yaml:16',
    )
    // The parent document's, where the child's merge did not reach.
    expect(definition(service, root, file, 'values.debug')).toEqual([
      { file: 'src/deckhand/site.merged.yaml', line: 17, text: 'debug' },
    ])
    // Datum, a lookup: the layer (here a document of the entry) whose key the value is.
    expect(definition(service, root, file, 'settings.Level')).toEqual([
      { file: 'src/datum/settings.merged.yaml', line: 10, text: 'Level' },
    ])
    expect(definition(service, root, file, 'settings.Name')).toEqual([
      { file: 'src/datum/settings.merged.yaml', line: 7, text: 'Name' },
    ])
    // Heat records top-level keys: a nested key points at its parent's line in the layer that has it.
    expect(definition(service, root, file, 'parameter_defaults.Region')).toEqual([
      { file: 'src/heat/base.yaml', line: 3, text: 'parameter_defaults' },
    ])
    expect(hover(service, root, file, 'parameter_defaults.Region')).toBe(
      'src/heat/base.yaml:3 (in parameter_defaults) — heat',
    )
  })
})

/** A tsserver session, in process, as an editor starts it (no typings installer, no events). */
function createSession(): ts.server.Session {
  const noWatch = { close() {} }
  const host: ts.server.ServerHost = {
    ...ts.sys,
    write() {}, // the responses, which executeCommand returns too
    watchFile: () => noWatch,
    watchDirectory: () => noWatch,
    setTimeout,
    clearTimeout,
    setImmediate,
    clearImmediate,
  }
  const logger: ts.server.Logger = {
    close() {},
    hasLevel: () => false,
    loggingEnabled: () => false,
    perftrc() {},
    info() {},
    startGroup() {},
    endGroup() {},
    msg() {},
    getLogFileName: () => undefined,
  }
  return new ts.server.Session({
    host,
    cancellationToken: ts.server.nullCancellationToken,
    useSingleInferredProject: false,
    useInferredProjectPerProjectRoot: false,
    byteLength: Buffer.byteLength,
    hrtime: process.hrtime,
    logger,
    canUseEvents: false,
  })
}

describe.each(['sidecar', 'ambient'] as const)('in the editor, through tsserver (what editors run), %s', (mode) => {
  it('Go to Definition on a property opens the layer line', async () => {
    const root = createProject()
    await generate(root, mode)
    const compilerOptions = { strict: true, noEmit: true, module: 'ESNext', moduleResolution: 'Bundler' }
    const tsconfig =
      mode === 'sidecar'
        ? { compilerOptions: { ...compilerOptions, allowArbitraryExtensions: true }, files: ['src/main.ts'] }
        : { compilerOptions, files: ['src/main.ts', 'merged-yaml.d.ts'] }
    writeFileSync(join(root, 'tsconfig.json'), JSON.stringify(tsconfig))
    const session = createSession()
    const file = join(root, 'src/main.ts')
    let seq = 0
    const request = (command: string, args: object) =>
      session.executeCommand({ seq: ++seq, type: 'request', command, arguments: args } as ts.server.protocol.Request)
    request('open', { file })
    const text = readFileSync(file, 'utf8')
    const at = text.indexOf('config.api.url') + 'config.api.u'.length
    const line = text.slice(0, at).split('\n').length
    const offset = at - text.lastIndexOf('\n', at - 1)
    const { response } = request('definition', { file, line, offset })
    const [found] = response as ts.server.protocol.FileSpan[]
    expect({ file: relative(root, found!.file), line: found!.start.line, offset: found!.start.offset }).toEqual({
      file: 'src/config/base.yaml',
      line: 3,
      offset: 3,
    })
  })
})
