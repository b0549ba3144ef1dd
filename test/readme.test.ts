// Every fenced code block in README.md and in the guide's pages (docs/guide/, the README's sections
// before the docs site took them) is checked. The line right before each fence names what it is:
//   <!-- snippet: path -->          the block is that file, verbatim (the file is exercised elsewhere:
//                                   the examples by test/examples.test.ts, the playground by the e2e
//                                   test, dialect entries are rendered here);
//   <!-- snippet-output: name -->   the block is what OUTPUTS[name] generates (UPDATE_README=1 rewrites
//                                   these blocks in place instead of comparing);
//   <!-- snippet-check: name -->    the block passes CHECKS[name].
// A block without a marker, or with an unknown one, fails.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { formatDiagnostic, isMergedYamlError, render } from '@merged-yaml/core'
import picomatch from 'picomatch'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { parseMergeBody } from '../packages/core/src/dialects/cloud-init/directive.ts'
import { run } from './cli/helpers.ts'
import { appFiles, CREATE_VITE_SCRIPTS, PACKAGES, WEBPACK_CJS_CONFIG } from './packaging/apps.ts'
import { REPO } from './plugin/bundlers.ts'

const UPDATE = process.env.UPDATE_README === '1'

/** Every file under `path` (or `path` itself). */
function listFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path).flatMap((name) => (name === 'node_modules' ? [] : listFiles(join(path, name))))
}

/** The documents whose every block is checked: README.md and the guide's pages. */
function checkedDocuments(): string[] {
  const guide = (dir: string): string[] =>
    readdirSync(join(REPO, dir), { withFileTypes: true }).flatMap((dirent) =>
      dirent.isDirectory()
        ? guide(`${dir}/${dirent.name}`)
        : dirent.name.endsWith('.md')
          ? [`${dir}/${dirent.name}`]
          : [],
    )
  return ['README.md', ...guide('docs/guide').sort()]
}

interface Marker {
  kind: string
  name: string
}

interface Block {
  /** 1-based line of the opening fence. */
  line: number
  /** 0-based indices of the first content line and of the closing fence. */
  start: number
  end: number
  text: string
  marker: Marker | undefined
}

const FENCE = /^(`{3,}|~{3,})/
const MARKER = /^<!--\s*([\w-]+):\s*(.*?)\s*-->\s*$/

/** Fenced blocks (fences at line start) with the marker on the line before each. */
function parseBlocks(document: string, lines: readonly string[]): Block[] {
  const blocks: Block[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!)
    if (!open) continue
    const fence = open[1]!
    const close = new RegExp(`^${fence[0]}{${fence.length},}\\s*$`)
    let end = i + 1
    while (end < lines.length && !close.test(lines[end]!)) end++
    if (end === lines.length) throw new Error(`${document}:${i + 1}: the fence is never closed`)
    const marker = i > 0 ? MARKER.exec(lines[i - 1]!) : null
    blocks.push({
      line: i + 1,
      start: i + 1,
      end,
      text: lines.slice(i + 1, end).join('\n'),
      marker: marker ? { kind: marker[1]!, name: marker[2]! } : undefined,
    })
    i = end
  }
  return blocks
}

const json = (value: unknown) => JSON.stringify(value, null, 2)
const dialectEntry = (path: string) => join(REPO, 'playground/dialects', path)

/** Generated outputs, by snippet-output name. */
const OUTPUTS: Record<string, () => Promise<string>> = {
  // The playground's values entry as `vite build` (mode production) merges it.
  async 'values-production'() {
    const result = await render(join(REPO, 'playground/config/app.merged.yaml'), {
      root: REPO,
      vars: { mode: 'production' },
    })
    expect(result.dialect).toBe('values')
    // What the text says production overrides, and what stays.
    expect(result.value).toMatchObject({
      api: { url: 'https://api.example.com/v2', retries: 1, timeoutMs: 2500 },
      theme: { accent: '#4f46e5', darkMode: true },
      features: { dashboard: true, search: true, billing: true },
      app: { name: 'Merged YAML Playground' },
    })
    return json(result.value)
  },
  // The same, one top-level key a line (the README's short form).
  async 'values-production-short'() {
    const value = JSON.parse(await OUTPUTS['values-production']!()) as Record<string, unknown>
    const short = (item: unknown) => JSON.stringify(item).replaceAll('":', '": ').replaceAll(',"', ', "')
    return `{\n${Object.entries(value)
      .map(([key, item]) => `  ${JSON.stringify(key)}: ${short(item)}`)
      .join(',\n')}\n}`
  },
  async diagnostic() {
    const root = join(REPO, 'test/fixtures/readme/diagnostic')
    try {
      await render(join(root, 'config/app.merged.yaml'), { root })
    } catch (error) {
      if (!isMergedYamlError(error)) throw error
      return formatDiagnostic(error.diagnostics[0]!, root)
    }
    throw new Error('test/fixtures/readme/diagnostic rendered without an error')
  },
  async 'yaml-version'() {
    const root = join(REPO, 'test/fixtures/readme/yaml-version')
    try {
      await render(join(root, 'config/app.merged.yaml'), { root })
    } catch (error) {
      if (!isMergedYamlError(error)) throw error
      return formatDiagnostic(error.diagnostics[0]!, root)
    }
    throw new Error('test/fixtures/readme/yaml-version rendered without an error')
  },
  async validation() {
    const root = join(REPO, 'test/fixtures/readme/validation')
    try {
      await render(join(root, 'config/app.merged.yaml'), { root, vars: { mode: 'production' } })
    } catch (error) {
      if (!isMergedYamlError(error)) throw error
      return error.diagnostics.map((d) => formatDiagnostic(d, root)).join('\n\n')
    }
    throw new Error('test/fixtures/readme/validation rendered without an error in production')
  },
  async 'validation-zod'() {
    const root = join(REPO, 'test/fixtures/standard-schema')
    const options = { root, schema: 'zod.schema.ts#appSchema', vars: { mode: 'production' } }
    const error = await render(join(root, 'app.merged.yaml'), options).catch((e: unknown) => e)
    if (!isMergedYamlError(error)) throw new Error('test/fixtures/standard-schema rendered in production')
    return formatDiagnostic(
      error.diagnostics.find((d) => d.message.startsWith('/log/level'))!,
      root,
    )
  },
  async 'validation-types'() {
    const result = await run(
      ['types', 'test/fixtures/readme/validation/config/app.merged.yaml', '--mode', 'development'],
      {
        cwd: REPO,
      },
    )
    expect(result.code).toBe(0)
    return result.stdout.trimEnd()
  },
  async datum() {
    return json((await render(dialectEntry('datum/node.merged.yaml'), { root: REPO })).value)
  },
  async 'datum-store'() {
    const store = dialectEntry('datum-store/Datum.yml')
    return json((await render(store, { root: REPO, datum: { node: 'AllNodes/Dev/DSCFile01' } })).value)
  },
  async heat() {
    const { value } = await render(dialectEntry('heat/overcloud.merged.yaml'), { root: REPO })
    return json((value as { parameter_defaults: unknown }).parameter_defaults)
  },
  async deckhand() {
    return json(
      (await render(dialectEntry('deckhand/site.merged.yaml'), { root: REPO, deckhand: { document: 'ingress' } }))
        .value,
    )
  },
}

const rootPackage = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { name: string; exports: object }

/** Commands of a shell block: comments and blank lines dropped. */
const commands = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .filter(Boolean)

/** Shell words with '…' / "…" quoting: enough for the README's commands, which use nothing else. */
function shellWords(command: string): string[] {
  expect(command, 'only plain words and quotes are supported').not.toMatch(/[|&;<>`$\\]/)
  return [...command.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!)
}

/** A TypeScript literal as the type tests write it (`['a']`, `true`), to find an option there. */
const tsLiteral = (value: unknown) => JSON.stringify(value).replaceAll('"', "'").replaceAll(',', ', ')

/** Named checks, by snippet-check name. */
const CHECKS: Record<string, (text: string) => void | Promise<void>> = {
  /** `# name.yaml` lines start the layers of a values entry; it gives what the text after the block says. */
  async 'values-tags'(text) {
    const files: Record<string, string> = {}
    let current = ''
    for (const line of text.split('\n')) {
      const name = /^# (\S+\.yaml)$/.exec(line)?.[1]
      if (name) files[(current = name)] = ''
      else files[current] += `${line}\n`
    }
    expect(Object.keys(files)).toEqual(['base.yaml', 'production.yaml'])
    const root = mkdtempSync(join(tmpdir(), 'readme-values-'))
    try {
      for (const [name, content] of Object.entries(files)) writeFileSync(join(root, name), content)
      writeFileSync(join(root, 'app.merged.yaml'), '#include\nbase.yaml\nproduction.yaml\n')
      const result = await render(join(root, 'app.merged.yaml'), { root })
      expect(result.value).toEqual({ network: { name: 'prod' }, retries: null })
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  },

  install(text) {
    const match = /^npm (?:i|install|add)(?: -D| --save-dev)? (\S+)$/.exec(text.trim())
    expect(match, 'an npm install command').not.toBeNull()
    expect(match![1]).toBe(rootPackage.name)
  },

  tsconfig(text) {
    const { config, error } = ts.parseConfigFileTextToJson('tsconfig.json', text)
    expect(error && ts.flattenDiagnosticMessageText(error.messageText, '\n')).toBeUndefined()
    const host: ts.ParseConfigHost = {
      useCaseSensitiveFileNames: true,
      readDirectory: () => ['/project/src/main.ts'],
      fileExists: () => true,
      readFile: () => undefined,
    }
    const parsed = ts.parseJsonConfigFileContent(config, host, '/project')
    expect(parsed.errors.map((e) => ts.flattenDiagnosticMessageText(e.messageText, '\n'))).toEqual([])
    // The options are the ones the type tests prove work (test/types/types.test.ts).
    const typeTests = readFileSync(join(REPO, 'test/types/types.test.ts'), 'utf8')
    const options = Object.entries((config as { compilerOptions: Record<string, unknown> }).compilerOptions)
    expect(options.length).toBeGreaterThan(0)
    for (const [name, value] of options) {
      expect(parsed.options[name]).toEqual(value)
      expect(typeTests).toContain(`${name}: ${tsLiteral(value)}`)
    }
  },

  'merge-how-formats'(text) {
    const formats = text.split(/^# or$/m).map((part) => (parse(part) as { merge_how: unknown }).merge_how)
    expect(formats.map((f) => (Array.isArray(f) ? 'list' : typeof f))).toEqual(['string', 'list'])
    const parsed = formats.map((format) => parseMergeBody(format))
    for (const { problems } of parsed) expect(problems).toEqual([])
    expect(parsed[0]!.specs.map((s) => s.name)).toEqual(['dict', 'list', 'str'])
    expect(parsed[1]!.specs).toEqual(parsed[0]!.specs)
  },

  async cli(text) {
    const lines = commands(text)
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) {
      const [npx, bin, ...argv] = shellWords(line)
      expect([npx, bin]).toEqual(['npx', 'merged-yaml'])
      const result = await run(argv, { cwd: REPO })
      expect({ line, code: result.code, stderr: result.stderr }).toEqual({ line, code: 0, stderr: '' })
      expect(result.stdout.trim()).not.toBe('')
    }
  },

  /** VS Code settings that map layer files to a schema the project has. */
  'editor-settings'(text) {
    const { config, error } = ts.parseConfigFileTextToJson('settings.json', text)
    expect(error).toBeUndefined()
    const schemas = (config as Record<string, Record<string, string[]>>)['yaml.schemas']
    expect(Object.keys(schemas ?? {}).length).toBeGreaterThan(0)
    for (const schema of Object.keys(schemas!))
      expect(existsSync(join(REPO, 'test/fixtures/readme/validation', schema))).toBe(true)
  },

  /**
   * A bundler's or framework's config in its shortest form (the README's): valid TypeScript or
   * JavaScript, importing a subpath the package exports, which the full example the tests build
   * (playground/examples/, playground/frameworks/) imports the same way.
   */
  'plugin-config'(text) {
    const syntax = ts.transpileModule(text, { reportDiagnostics: true, compilerOptions: { module: 99 } })
    expect(syntax.diagnostics?.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([])
    const specifiers = [...text.matchAll(/['"](unplugin-merged-yaml\/[\w-]+)['"]/g)].map((m) => m[1]!)
    expect(specifiers.length).toBeGreaterThan(0)
    const examples = ['playground/vite.config.ts', 'playground/examples', 'playground/frameworks']
      .flatMap((path) => listFiles(join(REPO, path)))
      .filter((file) => !file.includes('node_modules'))
      .map((file) => readFileSync(file, 'utf8'))
    for (const specifier of specifiers) {
      expect(rootPackage.exports, specifier).toHaveProperty([`.${specifier.slice(rootPackage.name.length)}`])
      expect(
        examples.some((example) => example.includes(`'${specifier}'`)),
        `an example the tests build imports ${specifier}`,
      ).toBe(true)
    }
  },

  /** A per-mode optional layer: read in development when it exists, never looked for in production's name. */
  async 'local-per-mode'(text) {
    const root = mkdtempSync(join(tmpdir(), 'readme-local-'))
    try {
      mkdirSync(join(root, 'env'))
      mkdirSync(join(root, 'features'))
      writeFileSync(join(root, 'app.merged.yaml'), `${text}\n`)
      writeFileSync(join(root, 'base.yaml'), 'api: base\n')
      for (const mode of ['development', 'production']) writeFileSync(join(root, `env/${mode}.yaml`), `mode: ${mode}\n`)
      writeFileSync(join(root, 'features/a.yaml'), 'a: true\n')
      writeFileSync(join(root, 'local.development.yaml'), 'api: http://192.168.1.20\n')
      const entry = join(root, 'app.merged.yaml')
      const development = await render(entry, { root, vars: { mode: 'development' } })
      expect(development.value).toMatchObject({ api: 'http://192.168.1.20', mode: 'development', a: true })
      const production = await render(entry, { root, vars: { mode: 'production' } })
      expect(production.value).toMatchObject({ api: 'base', mode: 'production' })
      expect(production.warnings.map((w) => w.code)).not.toContain('MY_OPTIONAL_LAYER_IN_PRODUCTION')
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  },

  /** The three tarballs `npm pack` writes (test/packaging), named in one install. */
  'install-tarballs'(text) {
    const words = text.trim().split(/\s+/)
    expect(words.slice(0, 3)).toEqual(['npm', 'i', '-D'])
    expect(
      words
        .slice(3)
        .map((word) => word.replace(/^\.\//, ''))
        .sort(),
    ).toEqual(PACKAGES.map((p) => p.file).sort())
  },

  /** The scripts of the create-vite app the packaging test installs, syncs, type-checks and builds. */
  'prepare-sync'(text) {
    const { config, error } = ts.parseConfigFileTextToJson('package.json', text)
    expect(error).toBeUndefined()
    expect((config as { scripts: object }).scripts).toEqual(CREATE_VITE_SCRIPTS)
  },

  // The CommonJS config the packaging test builds webpack 5 with, from the packed tarball.
  'webpack-cjs'(text) {
    expect(`${text}\n`).toBe(WEBPACK_CJS_CONFIG)
  },

  // Each line starts with a file of the monorepo the packaging test builds with Vite 8 and checks.
  'monorepo-layout'(text) {
    const { files } = appFiles('vite8-monorepo', {})
    const listed = text.split('\n').map((line) => line.split(/\s+/)[0]!)
    expect(listed.length).toBeGreaterThan(5)
    expect(listed.filter((file) => !(file in files))).toEqual([])
  },

  /** The Airship entry renders the site as Deckhand does, when ../shared/realworld is there. */
  async 'deckhand-site'(text) {
    const lines = text.split('\n').filter((line) => line !== '' && !line.startsWith('# '))
    expect(lines[0]).toBe('#include')
    const globs = lines.slice(1)
    expect(globs).toEqual([
      '../treasuremap/global/**/*.yaml',
      '../treasuremap/type/foundry/**/*.yaml',
      '../treasuremap/site/seaworthy/**/*.yaml',
    ])
    const corpus = join(REPO, '../shared/realworld/deckhand')
    if (!existsSync(join(corpus, 'expected/seaworthy.json'))) return
    const tree = realpathSync(join(corpus, 'treasuremap-v1.9'))
    const dir = mkdtempSync(join(tmpdir(), 'readme-deckhand-'))
    try {
      mkdirSync(join(dir, 'site'))
      symlinkSync(tree, join(dir, 'treasuremap'))
      writeFileSync(join(dir, 'site/seaworthy.merged.yaml'), `${lines.join('\n')}\n`)
      const { value } = await render(join(dir, 'site/seaworthy.merged.yaml'), {
        root: dir,
        allow: [tree],
        yamlVersion: '1.1',
      })
      const expected = JSON.parse(readFileSync(join(corpus, 'expected/seaworthy.json'), 'utf8')) as unknown[]
      expect((value as unknown[]).length).toBe(expected.length)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  },

  /** The webpack part of the Next.js example's config (built with --webpack by test/frameworks/next.test.ts). */
  'next-webpack'(text) {
    const file = readFileSync(join(REPO, 'playground/frameworks/next/next.config.ts'), 'utf8').split('\n')
    let at = 0
    for (const line of text.split('\n')) {
      while (at < file.length && file[at] !== line) at++
      expect(at, `"${line}" is not the next line of next.config.ts`).toBeLessThan(file.length)
      at++
    }
    expect(text).toContain("from 'unplugin-merged-yaml/webpack'")
  },

  /** VS Code settings mapping the shipped directive schema onto the playground's layers. */
  'yaml-schemas'(text) {
    const settings = JSON.parse(text) as { 'yaml.schemas': Record<string, string[]> }
    const [[path, globs]] = Object.entries(settings['yaml.schemas']) as [[string, string[]]]
    const prefix = `./node_modules/${rootPackage.name}/`
    expect(path.startsWith(prefix)).toBe(true)
    const exports = (
      JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { exports: Record<string, unknown> }
    ).exports
    expect(exports['./schema/directives.json']).toBe(`./${path.slice(prefix.length)}`)
    expect(existsSync(join(REPO, 'schema/directives.json'))).toBe(true)
    const layer = picomatch(globs)
    for (const file of ['config/base.yaml', 'config/env/production.yaml']) expect(layer(file), file).toBe(true)
  },

  dev(text) {
    expect(commands(text)).toEqual(['npm install', 'npm test'])
    // CI runs the same two commands (with npm flags only), in that order.
    const ci = commands(readFileSync(join(REPO, '.ci/run'), 'utf8')).filter((line) => line.startsWith('npm '))
    expect(ci.map((line) => line.split(/\s+/).filter((word) => !word.startsWith('-')))).toEqual([
      ['npm', 'install'],
      ['npm', 'test'],
    ])
  },
}

const KINDS = ['snippet', 'snippet-output', 'snippet-check']

for (const document of checkedDocuments()) {
  const readmeLines = readFileSync(join(REPO, document), 'utf8').split('\n')
  const blocks = parseBlocks(document, readmeLines)

  describe(document, () => {
    it('marks every fenced block, each marker with a known name and right before a fence', () => {
      const problems: string[] = []
      for (const block of blocks) {
        const { marker } = block
        if (!marker) problems.push(`${document}:${block.line}: fenced block without a marker`)
        else if (!KINDS.includes(marker.kind))
          problems.push(`${document}:${block.line}: unknown marker '${marker.kind}'`)
        else if (marker.kind === 'snippet-output' && !(marker.name in OUTPUTS))
          problems.push(`${document}:${block.line}: unknown snippet-output '${marker.name}'`)
        else if (marker.kind === 'snippet-check' && !(marker.name in CHECKS))
          problems.push(`${document}:${block.line}: unknown snippet-check '${marker.name}'`)
      }
      readmeLines.forEach((line, i) => {
        if (MARKER.test(line) && !FENCE.test(readmeLines[i + 1] ?? ''))
          problems.push(`${document}:${i + 1}: marker not followed by a fence`)
      })
      expect(problems).toEqual([])
      if (document === 'README.md') expect(blocks.length).toBeGreaterThan(0)
    })

    const updates = new Map<Pick<Block, 'start' | 'end'>, string>()
    afterAll(() => {
      if (updates.size === 0) return
      const lines = [...readmeLines]
      // Bottom-up, so that earlier blocks keep their line numbers.
      for (const [block, output] of [...updates].sort(([a], [b]) => b.start - a.start))
        lines.splice(block.start, block.end - block.start, ...output.split('\n'))
      writeFileSync(join(REPO, document), lines.join('\n'))
    })

    /** The blocks of one marker kind (with a known name), each with its test title. */
    const cases = (kind: string, names?: object) =>
      blocks.flatMap(({ marker, line, ...block }) =>
        marker?.kind === kind && (!names || marker.name in names)
          ? [{ ...block, line, name: marker.name, title: `${kind}: ${marker.name} (${document}:${line})` }]
          : [],
      )

    for (const { title, name, text } of cases('snippet')) {
      it(title, async () => {
        expect(`${text}\n`).toBe(readFileSync(join(REPO, name), 'utf8'))
        if (/^playground\/dialects\/.+\.merged\.yaml$/.test(name))
          await expect(render(join(REPO, name), { root: REPO })).resolves.toHaveProperty('value')
      })
    }

    for (const { title, name, ...block } of cases('snippet-output', OUTPUTS)) {
      it(title, async () => {
        const output = await OUTPUTS[name]!()
        if (UPDATE) updates.set(block, output)
        else expect(block.text, 'run the test with UPDATE_README=1 to rewrite it').toBe(output)
      })
    }

    for (const { title, name, text } of cases('snippet-check', CHECKS)) {
      it(title, async () => {
        const check = CHECKS[name]
        expect(check).toBeTypeOf('function')
        await check!(text)
      })
    }
  })
}
