// The fuzzer's seed corpus, laid out in a scratch folder at run time: the test fixtures, every input
// of ../shared/conformance (read from there, never copied into the repo), a generated benchmark
// corpus, and a few hostile documents. Each case is a folder with entries and the files they include.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { generateCorpus } from '../../bench/corpus.mjs'
import type { CorpusParams } from '../../bench/corpus.d.mts'
import { CONFORMANCE_ROOT } from '../conformance/shared.ts'

export type SeedOrigin = 'fixture' | 'conformance' | 'bench' | 'hostile'

export interface SeedCase {
  /** Folder of the case, relative to the seeds folder. */
  dir: string
  /** Entries to render, relative to `dir`. */
  entries: string[]
  /** Every file of the case (entries included), relative to `dir`: the mutation targets. */
  files: string[]
  origin: SeedOrigin
}

export interface SeedManifest {
  cases: SeedCase[]
  /** Files per origin, for the report. */
  counts: Record<SeedOrigin, number>
}

const REPO = join(import.meta.dirname, '..', '..')
const INPUT = /\.(ya?ml|json|json-patch|txt|mime|gz)$/
const ENTRY = 'entry.merged.yaml'

function walk(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...walk(path))
    else out.push(path)
  }
  return out
}

function isInput(path: string): boolean {
  const name = basename(path)
  return INPUT.test(name) && !name.startsWith('expected') && !name.endsWith('.d.yaml.ts')
}

const lines = (...text: string[]): string => `${text.join('\n')}\n`

const HOSTILE: Record<string, string | Uint8Array> = {
  'laughs.yaml': lines('a: &a [x, x, x, x]', 'b: &b [*a, *a, *a, *a]', 'c: &c [*b, *b, *b, *b]', 'd: [*c, *c, *c]'),
  'cycle.yaml': lines('a: &a', '  self: *a'),
  'deep.yaml': `x: ${'['.repeat(90)}${']'.repeat(90)}\n`,
  'proto.yaml': lines(
    'merge_how: dict(recurse_array,no_replace)+list(append)',
    '__proto__: {polluted: 1}',
    'constructor: {prototype: {polluted: 1}}',
  ),
  'patch.json': `#cloud-config-jsonp\n${JSON.stringify([
    { op: 'add', path: '/a', value: { b: [1] } },
    { op: 'copy', from: '/a', path: '/c' },
    { op: 'move', from: '/c', path: '/a/b/-' },
  ])}\n`,
  'archive.txt': lines(
    '#cloud-config-archive',
    '- content: "a: 1"',
    '  Merge-Type: dict(replace)+list(append)',
    '- type: text/cloud-config',
    '  content: |',
    '    b: [1]',
  ),
  'mime.txt': lines(
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="B"',
    '',
    '--B',
    'Content-Type: text/cloud-config',
    'Merge-Type: dict(no_replace)+list(append)',
    '',
    'a: [1]',
    '--B',
    'Content-Type: text/x-include-url',
    '',
    'laughs.yaml',
    '--B--',
  ),
  'gzip.yaml.gz': gzipSync('#cloud-config\ngz: [1, 2]\n'),
  'stream.yaml': lines('a: 1', '---', 'b: 2', '...', '---', '# only a comment'),
  'heat.yaml': lines('parameter_merge_strategies: {default: merge}', 'parameter_defaults: {A: [1], B: {c: 1}}'),
  'datum.yaml': lines(
    'default_lookup_options: MostSpecific',
    'lookup_options: {A: deep, B: {merge_baseType_array: Unique}}',
    'A: {x: 1}',
    'B: [1]',
  ),
  [ENTRY]: lines(
    '#include',
    'stream.yaml',
    'proto.yaml',
    'patch.json',
    'archive.txt',
    'mime.txt',
    'gzip.yaml.gz',
    '?missing.yaml',
    '*.nothing',
  ),
}

// The shapes of issue #28, small enough to render fast, for the mutations to grow: an include lattice
// (each file of a level includes every file of the next), globs, one gzip part included again and
// again, patterns taken from data (Deckhand, JSON Schema, Datum), deep nesting and many warnings.
const lattice = (levels: number, width: number): Record<string, string> => {
  const files: Record<string, string> = {}
  const level = (k: number) => Array.from({ length: width }, (_, i) => `l${k}-${i}.yaml`)
  for (let k = 0; k < levels; k++)
    for (const name of level(k))
      files[name] = k + 1 < levels ? lines('#include', ...level(k + 1)) : lines(`${name.slice(0, -5)}: [1]`)
  return files
}

const BOUNDS: Record<string, string | Uint8Array> = {
  ...lattice(3, 3),
  'glob/a.yaml': lines('a: [1]'),
  'glob/b.yaml': lines('b: {c: 1}'),
  'part.yaml.gz': gzipSync(`#cloud-config\n${Array.from({ length: 50 }, (_, i) => `g${i}: [1, 2]\n`).join('')}`),
  'dups.yaml': `d: 0\n${'d: 1\n'.repeat(300)}`,
  'nested.yaml': `n: ${'{a: '.repeat(60)}1${'}'.repeat(60)}\n`,
  'schema.json': JSON.stringify({ type: 'object', properties: { p: { type: 'string', pattern: '^(a+)+$' } } }),
  'pattern.yaml': lines('# yaml-language-server: $schema=schema.json', `p: ${'a'.repeat(30)}!`),
  'datum.yaml': lines("lookup_options: {'^(a+)+$': deep}", `${'a'.repeat(30)}!: {x: 1}`),
  'deckhand.yaml': lines(
    '---',
    'schema: deckhand/LayeringPolicy/v1',
    'metadata: {schema: metadata/Control/v1, name: layering, storagePolicy: cleartext}',
    'data: {layerOrder: [site]}',
    '---',
    'schema: deckhand/Certificate/v1',
    'metadata: {schema: metadata/Document/v1, name: src, storagePolicy: cleartext, layeringDefinition: {abstract: false, layer: site}}',
    `data: ${'a'.repeat(30)}!`,
    '---',
    'schema: armada/Chart/v1',
    'metadata:',
    '  schema: metadata/Document/v1',
    '  name: dest',
    '  storagePolicy: cleartext',
    '  layeringDefinition: {abstract: false, layer: site}',
    '  substitutions:',
    "    - src: {schema: deckhand/Certificate/v1, name: src, path: ., pattern: '^(a+)+$'}",
    "      dest: {path: .v, pattern: '(a|aa)+$'}",
    `data: {v: ${'a'.repeat(30)}}`,
  ),
  [ENTRY]: lines(
    '#include',
    'l0-0.yaml',
    'l0-1.yaml',
    'glob/*.yaml',
    ...Array(8).fill('part.yaml.gz'),
    'dups.yaml',
    'nested.yaml',
  ),
}

// The shapes of issue #38, small, for the mutations to grow: a long string aliased into a 13-rule
// `allOf` (diagnostics bounded in size), alias keys repeated (duplicates in strict mode), a variable
// in an include path, a Datum store whose handler key is written with an escape, quotes or flow style.
const RULES_13 = [
  { maxLength: 1 },
  { minLength: 100_000 },
  { pattern: '^a' },
  { pattern: '^b' },
  { pattern: '^c' },
  { enum: ['a', 'b'] },
  { const: 'a' },
  { type: 'number' },
  { type: 'boolean' },
  { type: 'array' },
  { type: 'object' },
  { type: 'null' },
  { not: { type: 'string' } },
]
const SECRETS: Record<string, string> = {
  'amplify.json': JSON.stringify({
    type: 'object',
    properties: Object.fromEntries(['big', 'b1', 'b2', 'b3', 'b4'].map((key) => [key, { allOf: RULES_13 }])),
  }),
  'amplify.yaml': lines(
    '# yaml-language-server: $schema=amplify.json',
    `big: &a ${'x'.repeat(2048)}`,
    'b1: *a',
    'b2: *a',
    'b3: *a',
    'b4: *a',
  ),
  'alias-keys.yaml': lines('? &k x', ': 1', '*k : 0', '*k : 0', '*k : 0'),
  'mode.yaml': lines('#include', '?cfg/${mode}/app.yaml'),
  'cfg/app.yaml': lines('leaked: true'),
  'store/Datum.yml': lines(
    'ResolutionPrecedence:',
    '  - AllNodes\\$($Node.NodeName)',
    'DatumHandlers:',
    '  "Datum.Protected\\x44ata::ProtectedDatum":',
    '    CommandOptions: { PlainTextPassword: S3cret }',
    "  'datum.invokecommand::INVOKECOMMAND': {SkipDuringLoad: true}",
  ),
  'store/AllNodes/n1.yml': lines('NodeName: n1', 'Configurations: [Base]', "Secret: '[ENC=bm90IHhtbA==]'"),
  [ENTRY]: lines('#include', 'amplify.yaml', 'alias-keys.yaml', 'mode.yaml'),
}

/** Writes the seed cases into `out` and returns their manifest (also written as out/manifest.json). */
export function prepareSeeds(
  out: string,
  bench: CorpusParams = { entries: 4, depth: 5, size: 'small', seed: '1' },
): SeedManifest {
  const cases: SeedCase[] = []
  const counts: Record<SeedOrigin, number> = { fixture: 0, conformance: 0, bench: 0, hostile: 0 }
  const add = (seed: SeedCase): void => {
    cases.push(seed)
    counts[seed.origin] += seed.files.length
  }

  // Test fixtures: each folder holding entries, as it is.
  const fixtures = join(REPO, 'test', 'fixtures')
  if (existsSync(fixtures)) {
    const byFolder = new Map<string, string[]>()
    for (const file of walk(fixtures).filter((f) => f.endsWith('.merged.yaml'))) {
      const folder = dirname(file)
      byFolder.set(folder, [...(byFolder.get(folder) ?? []), file])
    }
    for (const [folder, entries] of byFolder) {
      const dir = `fixture-${cases.length}`
      const files = walk(folder).filter(isInput)
      for (const file of files) cpSync(file, join(out, dir, relative(folder, file)))
      add({
        dir,
        entries: entries.map((e) => relative(folder, e)),
        files: files.map((f) => relative(folder, f)),
        origin: 'fixture',
      })
    }
  }

  // Conformance inputs: every file alone, and each multi-file case folder behind an #include entry.
  if (existsSync(CONFORMANCE_ROOT)) {
    const inputs = walk(CONFORMANCE_ROOT).filter(isInput)
    for (const file of inputs) {
      const dir = `conformance-${cases.length}`
      mkdirSync(join(out, dir), { recursive: true })
      writeFileSync(join(out, dir, ENTRY), readFileSync(file))
      add({ dir, entries: [ENTRY], files: [ENTRY], origin: 'conformance' })
    }
    const folders = new Map<string, string[]>()
    for (const file of inputs) {
      const system = relative(CONFORMANCE_ROOT, file).split('/')[0]!
      if (system === 'cloud-init') continue
      const caseFolder = join(CONFORMANCE_ROOT, ...relative(CONFORMANCE_ROOT, file).split('/').slice(0, 2))
      folders.set(caseFolder, [...(folders.get(caseFolder) ?? []), file])
    }
    for (const [folder, files] of folders) {
      if (files.length < 2) continue
      const dir = `conformance-${cases.length}`
      const names = files.map((f) => relative(folder, f))
      for (const file of files) cpSync(file, join(out, dir, relative(folder, file)))
      writeFileSync(join(out, dir, ENTRY), lines('#include', ...names.filter((n) => n !== 'options.yaml')))
      add({ dir, entries: [ENTRY], files: [ENTRY, ...names], origin: 'conformance' })
    }
  }

  // The benchmark corpus: include chains with merge_how layers.
  const benchDir = join(out, 'bench')
  try {
    const manifest = generateCorpus(benchDir, bench) as { entries: { entry: string; chain: string[] }[] }
    const files = [...new Set(manifest.entries.flatMap((e) => [e.entry, ...e.chain]))]
    add({ dir: 'bench', entries: manifest.entries.map((e) => e.entry), files, origin: 'bench' })
  } catch (error) {
    // The generator lives outside the repo; without it the other seeds still run.
    console.warn(`fuzz: no benchmark corpus (${(error as Error).message.split('\n')[0]})`)
  }

  const hostileDir = join(out, 'hostile')
  for (const [name, content] of Object.entries(HOSTILE)) {
    mkdirSync(hostileDir, { recursive: true })
    writeFileSync(join(hostileDir, name), content)
  }
  add({
    dir: 'hostile',
    entries: [ENTRY, ...Object.keys(HOSTILE).filter((n) => n !== ENTRY && !n.endsWith('.gz'))],
    files: Object.keys(HOSTILE),
    origin: 'hostile',
  })

  const boundsDir = join(out, 'hostile-bounds')
  for (const [name, content] of Object.entries(BOUNDS)) {
    mkdirSync(dirname(join(boundsDir, name)), { recursive: true })
    writeFileSync(join(boundsDir, name), content)
  }
  add({
    dir: 'hostile-bounds',
    entries: [ENTRY, 'pattern.yaml', 'datum.yaml', 'deckhand.yaml'],
    files: Object.keys(BOUNDS),
    origin: 'hostile',
  })

  const secretsDir = join(out, 'hostile-secrets')
  for (const [name, content] of Object.entries(SECRETS)) {
    mkdirSync(dirname(join(secretsDir, name)), { recursive: true })
    writeFileSync(join(secretsDir, name), content)
  }
  add({
    dir: 'hostile-secrets',
    entries: [ENTRY, 'amplify.yaml', 'alias-keys.yaml', 'mode.yaml', 'store/Datum.yml'],
    files: Object.keys(SECRETS),
    origin: 'hostile',
  })

  const result = { cases, counts }
  writeFileSync(join(out, 'manifest.json'), JSON.stringify(result))
  return result
}
