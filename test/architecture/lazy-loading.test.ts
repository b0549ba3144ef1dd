// Pay for what you use (#42): loading the plugin in a bundler config loads no dialect's merge, no
// pipeline, no YAML room, no Datum store reader (its gather hook, handlers and PowerShell readers), no
// JSON Schema validator (ajv), no RE2 (re2js), no second YAML reader (`yaml`, js-yaml), no inspector
// and no declaration-map writer; each is imported on first use (`import()`, or the
// engine's `createRequire` for the libraries). Checked on the sources (every plugin entry's static
// import graph, through the engine's package entries) and on the build (dist/ through the engine's
// dist/), which is what a user's bundler config loads.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { entryModules } from './exports.ts'
import { REPO } from './source-files.ts'

/** Libraries loaded only on first use: a static import of one from the plugin's entry graph is a regression. */
const LAZY_LIBRARIES = ['ajv', 'ajv-draft-04', 'ajv-formats', 're2js', 'yaml', 'js-yaml', 'jiti', 'c12']

/** Engine and plugin modules loaded only on first use (repository-relative, a folder ends with `/`). */
const LAZY_MODULES = [
  /^packages\/core\/src\/dialects\/[^/]+\/dialect-merge\.ts$/,
  /^packages\/core\/src\/render(-api)?\.ts$/,
  /^packages\/core\/src\/pipeline\//,
  // The YAML room: the pipeline's readers.
  /^packages\/core\/src\/yaml\//,
  // Datum's gather hook (a store's reader, for `datum.node`), its handlers and PowerShell readers.
  /^packages\/core\/src\/dialects\/datum\/(store|handlers|powershell)\//,
  /^packages\/core\/src\/schema\//,
  /^packages\/core\/src\/render-cache\.ts$/,
  /^src\/inspector\/server\.ts$/,
  /^src\/codegen\/inspector\//,
  // The declaration-map writer: only a declaration with provenance has a map.
  /^src\/codegen\/declaration-map\.ts$/,
]

/** The specifiers of a module's static value imports (`import type`, `export type` and `import()` aside): top-level
 * statements start their line (formatted code), so an import written in a string or a comment is no import. */
export function staticImports(text: string): string[] {
  const found: string[] = []
  for (const m of text.matchAll(
    /(?:^|\n)(import|export)(\s+type\b)?\s+((?:[\w$]+\s*,\s*)?\{[^}]*\}|[\w$]+|\*(?:\s+as\s+[\w$]+)?)\s*from\s+['"]([^'"]+)['"]/g,
  ))
    if (!m[2]) found.push(m[4]!)
  for (const m of text.matchAll(/(?:^|\n)import\s+['"]([^'"]+)['"]/g)) found.push(m[1]!)
  return found
}

/** Where a specifier lands in the sources: a repository path, or the package's name for a library. */
function landing(from: string, specifier: string): { file: string } | { library: string } {
  if (specifier === '@merged-yaml/core') return { file: 'packages/core/src/index.ts' }
  if (specifier === '@merged-yaml/core/internal') return { file: 'packages/core/src/internal.ts' }
  if (specifier.startsWith('.')) return { file: relative(REPO, resolve(dirname(join(REPO, from)), specifier)) }
  const parts = specifier.split('/')
  return { library: specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]! }
}

/** Every module and library an entry's static value imports reach, and through which chain. */
function reach(entry: string, read: (file: string) => string, land: typeof landing) {
  const chains = new Map<string, string[]>([[entry, [entry]]])
  const libraries = new Map<string, string[]>()
  const queue = [entry]
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const specifier of staticImports(read(file))) {
      if (specifier.startsWith('node:')) continue
      const landed = land(file, specifier)
      const chain = [...chains.get(file)!]
      if ('library' in landed) {
        if (!libraries.has(landed.library)) libraries.set(landed.library, [...chain, landed.library])
      } else if (!chains.has(landed.file)) {
        chains.set(landed.file, [...chain, landed.file])
        queue.push(landed.file)
      }
    }
  }
  return { chains, libraries }
}

/** What an entry loads that it should not: `module ← chain` lines. */
export function eagerLoads(entry: string, read = (file: string) => readFileSync(join(REPO, file), 'utf8')) {
  const { chains, libraries } = reach(entry, read, landing)
  return [
    ...[...chains].filter(([file]) => LAZY_MODULES.some((lazy) => lazy.test(file))),
    ...[...libraries].filter(([library]) => LAZY_LIBRARIES.includes(library)),
  ].map(([what, chain]) => `${what} ← ${chain.join(' → ')}`)
}

const PLUGIN_ENTRIES = [...entryModules()].filter((file) => file.startsWith('src/') && !file.startsWith('src/codegen/'))

describe("the plugin's entries, as sources", () => {
  it('are found', () => expect(PLUGIN_ENTRIES).toEqual(expect.arrayContaining(['src/index.ts', 'src/vite.ts'])))

  it.each(PLUGIN_ENTRIES)(
    '%s statically imports no dialect merge, pipeline, ajv, re2js, YAML reader, inspector, map writer',
    (e) => expect(eagerLoads(e)).toEqual([]),
  )

  it('would be caught importing a dialect merge or ajv (the check itself)', () => {
    const planted = (file: string) =>
      file === 'src/plugin/engine.ts'
        ? `import { heatMerge } from '../../packages/core/src/dialects/heat/dialect-merge.ts'\nimport Ajv from 'ajv'\n` +
          readFileSync(join(REPO, file), 'utf8')
        : readFileSync(join(REPO, file), 'utf8')
    const found = eagerLoads('src/vite.ts', planted).map((line) => line.split(' ← ')[0])
    expect(found).toEqual(expect.arrayContaining(['packages/core/src/dialects/heat/dialect-merge.ts', 'ajv']))
  })

  it("would be caught with Datum's gather hook back in its registry entry (the check itself)", () => {
    const entry = 'packages/core/src/dialects/datum/index.ts'
    const planted = (file: string) =>
      (file === entry ? `import { gatherStore } from './store/gather-store.ts'\n` : '') +
      readFileSync(join(REPO, file), 'utf8')
    const found = eagerLoads('src/vite.ts', planted).map((line) => line.split(' ← ')[0])
    expect(found).toEqual(
      expect.arrayContaining([
        'packages/core/src/dialects/datum/store/gather-store.ts',
        'packages/core/src/yaml/parse.ts',
      ]),
    )
  })
})

const DIST = join(REPO, 'dist')
const CORE_DIST = join(REPO, 'packages/core/dist')
const built = existsSync(join(DIST, 'vite.js')) && existsSync(join(CORE_DIST, 'internal.js'))

/** The engine's source modules a built chunk holds (Rolldown's `//#region src/…` markers). */
const regions = (text: string) => [...text.matchAll(/^\/\/#region (src\/\S+)/gm)].map((m) => `packages/core/${m[1]}`)

describe.skipIf(!built)("the plugin's built entries (dist/, after `npm run build`)", () => {
  const distLanding = (from: string, specifier: string): { file: string } | { library: string } => {
    if (specifier === '@merged-yaml/core') return { file: 'packages/core/dist/index.js' }
    if (specifier === '@merged-yaml/core/internal') return { file: 'packages/core/dist/internal.js' }
    if (specifier.startsWith('.')) return { file: relative(REPO, resolve(dirname(join(REPO, from)), specifier)) }
    return landing(from, specifier)
  }
  const read = (file: string) => readFileSync(join(REPO, file), 'utf8')
  const ENTRIES = [
    'index',
    'vite',
    'rollup',
    'rolldown',
    'webpack',
    'rspack',
    'esbuild',
    'farm',
    'bun',
    'nuxt',
    'astro',
  ]

  it.each(ENTRIES)(
    'dist/%s.js loads, of the engine, no dialect merge, pipeline, render cache or schema room',
    (name) => {
      const { chains, libraries } = reach(`dist/${name}.js`, read, distLanding)
      const engine = [...chains.keys()]
        .filter((file) => file.startsWith('packages/core/dist/'))
        .flatMap((file) => regions(read(file)).map((module) => `${module} (in ${file})`))
      expect(engine.filter((line) => LAZY_MODULES.some((lazy) => lazy.test(line.split(' ')[0]!)))).toEqual([])
      expect([...libraries.keys()].filter((library) => LAZY_LIBRARIES.includes(library))).toEqual([])
      // The plugin's own lazily loaded modules: the inspector's server and page, the declaration-map writer.
      const plugin = [...chains.keys()].filter((file) => file.startsWith('dist/'))
      const lazy = /function (installInspector|generateInspectorPage|generateDeclarationMap)\b/
      expect(plugin.filter((file) => lazy.test(read(file)))).toEqual([])
    },
  )

  it('the engine built: every dialect merge is a chunk of its own that only an import() reaches', () => {
    const chunks = ['index.js', 'internal.js'].map((entry) => `packages/core/dist/${entry}`)
    const { chains } = reach('packages/core/dist/internal.js', read, distLanding)
    const merges = [...chains.keys()]
      .flatMap((file) => regions(read(file)))
      .filter((module) => module.endsWith('/dialect-merge.ts'))
    expect(merges).toEqual([])
    // index.js (the public, synchronous API) provides every merge statically.
    const publicApi = [...reach(chunks[0]!, read, distLanding).chains.keys()].flatMap((file) => regions(read(file)))
    expect(publicApi.filter((module) => module.endsWith('/dialect-merge.ts'))).toHaveLength(4)
  })
})

describe.skipIf(!built)('one MergedYamlError across the built chunks (a dialect loaded lazily)', () => {
  it('a cloud-init failure rendered through the lazily loaded pipeline is an instance of either entry’s class', () => {
    const root = mkdtempSync(join(tmpdir(), 'my-lazy-'))
    writeFileSync(join(root, 'app.merged.yaml'), '#cloud-config\nmerge_how: nonsense()\na: 1\n')
    const script = [
      "const internal = await import('@merged-yaml/core/internal')",
      'const { render } = await internal.loadPipeline()',
      `const error = await render(${JSON.stringify(join(root, 'app.merged.yaml'))}, { root: ${JSON.stringify(root)} }).then(() => undefined, (e) => e)`,
      "const { MergedYamlError } = await import('@merged-yaml/core')",
      'console.log(JSON.stringify([error?.diagnostics?.[0]?.code, error instanceof internal.MergedYamlError, error instanceof MergedYamlError]))',
    ].join('\n')
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: REPO, encoding: 'utf8' })
    const [code, ...instances] = JSON.parse(out) as [string, boolean, boolean]
    expect(code).toMatch(/^MY_/)
    expect(instances).toEqual([true, true])
  })

  it('a declaration with provenance loads the declaration-map writer and writes its map', () => {
    const root = mkdtempSync(join(tmpdir(), 'my-lazy-'))
    writeFileSync(join(root, 'app.merged.yaml'), 'port: 80\n')
    const script = [
      "const { default: MergedYaml } = await import('unplugin-merged-yaml/rollup')",
      `const plugin = MergedYaml({ root: ${JSON.stringify(root)}, cache: false, dts: { provenance: true } })`,
      'const context = { meta: { watchMode: false }, addWatchFile() {}, warn() {}, error(e) { throw new Error(e.message ?? e) } }',
      'plugin.buildStart.call(context)',
      `await plugin.load.handler.call(context, ${JSON.stringify(join(root, 'app.merged.yaml'))})`,
      'await plugin.buildEnd.call(context)',
      'await plugin.closeBundle?.call(context)',
    ].join('\n')
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: REPO, encoding: 'utf8' })
    const map = JSON.parse(readFileSync(join(root, 'app.merged.d.yaml.ts.map'), 'utf8')) as { sources: string[] }
    expect(map.sources).toEqual(['app.merged.yaml'])
    expect(readFileSync(join(root, 'app.merged.d.yaml.ts'), 'utf8')).toContain(
      'sourceMappingURL=app.merged.d.yaml.ts.map',
    )
  })

  it("a store's node rendered through the lazily loaded pipeline loads Datum's gather hook on that entry", () => {
    const root = mkdtempSync(join(tmpdir(), 'my-lazy-'))
    mkdirSync(join(root, 'AllNodes'))
    writeFileSync(join(root, 'Datum.yml'), 'ResolutionPrecedence:\n  - AllNodes\\$($Node.Name)\n')
    writeFileSync(join(root, 'AllNodes/web01.yml'), 'Configurations: [Web]\nPort: 80\n')
    const entry = JSON.stringify(join(root, 'Datum.yml'))
    const script = [
      "const internal = await import('@merged-yaml/core/internal')",
      'const { prepareEntry, loadGathers } = await internal.loadPipeline()',
      `const options = { root: ${JSON.stringify(root)}, datum: { node: 'web01' } }`,
      // Before the hook is loaded, preparing the entry is the caller's bug (MY_INTERNAL), never a silent miss.
      `const before = (() => { try { prepareEntry(${entry}, options) } catch (e) { return e.diagnostics[0].code } })()`,
      'await loadGathers(options)',
      `const { value } = await prepareEntry(${entry}, options).renderAsync()`,
      'console.log(JSON.stringify([before, value.Port]))',
    ].join('\n')
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: REPO, encoding: 'utf8' })
    expect(JSON.parse(out)).toEqual(['MY_INTERNAL', 80])
  })
})
