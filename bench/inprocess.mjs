// In-process measurements on one corpus: parse speed (ours, our precise reader, js-yaml, `yaml`, and
// JSON.parse of the layers' data written as JSON and of the pre-merged JSON), merge
// speed (the cloud-init merge against a hand-written recursive merge of the same layers) and
// codegen (the plugin's module code against JSON.stringify of the same values).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { REPO_ROOT } from './corpus.mjs'
import { interleave, median, summarize } from './stats.mjs'

const require = createRequire(join(REPO_ROOT, 'package.json'))
const jsYaml = require('js-yaml')
const YAML = require('yaml')

const MB = 1e6

// The simple deep merge of gen-corpus.mjs: plain objects recurse, arrays append, later scalars win.
const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v)
function handMerge(a, b) {
  if (isPlainObject(a) && isPlainObject(b)) {
    const out = { ...a }
    for (const k of Object.keys(b)) out[k] = k in a ? handMerge(a[k], b[k]) : b[k]
    return out
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.concat(b)
  return b
}
const withoutDirectives = (o) => {
  const { merge_how: _how, merge_type: _type, ...rest } = o
  return rest
}

const ratioSummary = (ours, base) => summarize(ours.map((t, i) => t / base[i]))

export function measureInProcess(internals, dir, manifest, { rounds }) {
  // What a render with the default options parses with: YAML 1.2, noting where 1.1 reads otherwise.
  const parseOptions = { version: '1.2', allowDuplicateKeys: true, maxAliasCount: 10_000, flagVersionDifferences: true }
  const layers = Object.keys(manifest.layers)
  const texts = layers.map((file) => readFileSync(join(dir, file), 'utf8'))
  const yamlBytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0)
  const jsonTexts = manifest.entries.map((e) => readFileSync(join(dir, e.json), 'utf8'))
  const jsonBytes = jsonTexts.reduce((sum, text) => sum + Buffer.byteLength(text), 0)

  // The same data as JSON: each layer's value written as JSON, for JSON.parse on the layers themselves.
  const layerJsonTexts = texts.map((t) => JSON.stringify(jsYaml.load(t)))
  const layerJsonBytes = layerJsonTexts.reduce((sum, text) => sum + Buffer.byteLength(text), 0)

  // Parse: every unique layer once per run.
  const parse = interleave(
    {
      ours: () => texts.forEach((t) => internals.parseYamlStream(t, parseOptions)),
      jsYaml: () => texts.forEach((t) => jsYaml.loadAll(t)),
      json: () => jsonTexts.forEach((t) => JSON.parse(t)),
      jsonLayers: () => layerJsonTexts.forEach((t) => JSON.parse(t)),
    },
    rounds,
  )
  // Our precise reader (on `yaml`'s CST: what a layer the fast readers hand over costs), like `yaml`: fewer rounds.
  const preciseTimes = interleave(
    { precise: () => texts.forEach((t) => internals.parseYamlStreamPrecise(t, parseOptions)) },
    Math.max(2, Math.ceil(rounds / 4)),
  ).precise
  // `yaml` is ten times slower: fewer rounds.
  const yamlTimes = interleave(
    { yaml: () => texts.forEach((t) => YAML.parseAllDocuments(t).forEach((d) => d.toJS())) },
    Math.max(2, Math.ceil(rounds / 4)),
  ).yaml
  const mbps = (bytes, times) => bytes / MB / (median(times) / 1000)

  // Merge: every entry's chain, from parsed layers, with our cloud-init merge and the hand merge.
  const parsed = new Map(layers.map((file, i) => [file, internals.parseYamlStream(texts[i], parseOptions)[0]]))
  const documentOf = (file) => {
    const path = join(dir, file)
    const origin = {
      file: path,
      fileText: texts[layers.indexOf(file)],
      chain: [],
      lineOffset: 0,
      anchor: { line: 1, column: 1 },
    }
    return internals.createSourceDocument(parsed.get(file), origin, origin.fileText, {}, 0)
  }
  const chains = manifest.entries.map((e) =>
    e.chain.map((file) => ({ kind: 'yaml', doc: documentOf(file), headerless: true, empty: false })),
  )
  const plainChains = manifest.entries.map((e) => e.chain.map((file) => withoutDirectives(parsed.get(file).value)))
  const mergeOptions = { stack: 'scoped', mergeHow: internals.DEFAULT_MERGE_HOW }
  let merged = []
  const merge = interleave(
    {
      ours: () => {
        merged = chains.map((parts) =>
          internals.mergeCloudInit([{ kind: 'scope', parts }], mergeOptions, new internals.Reporter(false)),
        )
      },
      hand: () => plainChains.forEach((chain) => chain.reduce((acc, layer) => handMerge(acc, layer), {})),
    },
    rounds,
  )
  const chainBytes = manifest.totals.chainYamlBytes

  // Codegen: the module code for every merged value, and JSON.stringify of the same values.
  let codeBytes = 0
  const codegen = interleave(
    {
      ours: () => {
        codeBytes = 0
        for (const value of merged) codeBytes += internals.generateModule(value).length
      },
      stringify: () => merged.forEach((value) => JSON.stringify(value)),
    },
    rounds,
  )

  return {
    parse: {
      yamlBytes,
      jsonBytes,
      layerJsonBytes,
      mbPerSecond: {
        ours: mbps(yamlBytes, parse.ours),
        precise: mbps(yamlBytes, preciseTimes),
        jsYaml: mbps(yamlBytes, parse.jsYaml),
        yaml: mbps(yamlBytes, yamlTimes),
        json: mbps(jsonBytes, parse.json),
        jsonLayers: mbps(layerJsonBytes, parse.jsonLayers),
      },
      oursOverJsYaml: ratioSummary(parse.ours, parse.jsYaml),
      // Time to read the layers' data from YAML ÷ from the same data as JSON (per round).
      oursOverJsonLayers: ratioSummary(parse.ours, parse.jsonLayers),
      times: {
        ours: summarize(parse.ours),
        jsYaml: summarize(parse.jsYaml),
        precise: summarize(preciseTimes),
        yaml: summarize(yamlTimes),
        json: summarize(parse.json),
        jsonLayers: summarize(parse.jsonLayers),
      },
    },
    merge: {
      chainYamlBytes: chainBytes,
      mbPerSecond: { ours: mbps(chainBytes, merge.ours), hand: mbps(chainBytes, merge.hand) },
      oursOverHand: ratioSummary(merge.ours, merge.hand),
      times: { ours: summarize(merge.ours), hand: summarize(merge.hand) },
    },
    codegen: {
      codeBytes,
      oursOverStringify: ratioSummary(codegen.ours, codegen.stringify),
      times: { ours: summarize(codegen.ours), stringify: summarize(codegen.stringify) },
    },
  }
}
