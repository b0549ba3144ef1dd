// The tags `yaml` resolves beyond its schema's own (its "known tags"), made plain data. `yaml` gives
// `!!set` as a JS Set, `!!omap` as a Map and `!!timestamp` as a Date, which JSON, the module code and
// the declarations cannot hold (a Set passed for a mapping without keys: a silent `{}`). Here:
// - `!!set`: a mapping whose values are all null, as YAML 1.2 writes it (and the YAML test suite's
//   in.json); PyYAML makes a Python set of the keys, which JSON has no form for;
// - `!!omap` and `!!pairs`: in YAML 1.2 a list of one-pair mappings (the suite's in.json); in 1.1 a
//   list of [key, value] lists, as PyYAML's list of (key, value) tuples is written in JSON;
// - `!!timestamp`: its text (PyYAML makes a datetime; JSON has none).
// Anything else keeps `yaml`'s checks and messages (an error where a tag does not fit).
import type { CollectionTag, Pair, ScalarTag, Tags, YAMLMap, YAMLSeq } from 'yaml'
import { yamlModule } from './yaml-module.ts'
import type { YamlVersion } from './types.ts'

const TAG = 'tag:yaml.org,2002:'

const setTag: CollectionTag = {
  collection: 'map',
  default: false,
  tag: `${TAG}set`,
  resolve(map, onError) {
    const { isMap } = yamlModule()
    if (!isMap(map)) onError('Expected a mapping for this tag')
    else if (!map.hasAllNullValues(true)) onError('Set items must all have null values')
    return map
  },
}

/** The pair of each item of a `!!omap` or `!!pairs` list (a one-pair mapping), or undefined after an error. */
function pairsOf(seq: YAMLMap.Parsed | YAMLSeq.Parsed, onError: (message: string) => void): Pair[] | undefined {
  const { isMap, isPair, isSeq } = yamlModule()
  if (!isSeq(seq)) {
    onError('Expected a sequence for this tag')
    return undefined
  }
  const pairs: Pair[] = []
  for (const item of seq.items as unknown[]) {
    if (isPair(item)) pairs.push(item)
    else if (isMap(item) && item.items.length === 1) pairs.push(item.items[0]!)
    else {
      onError('Each item must be a mapping of one key and its value (each pair its own sequence indicator)')
      return undefined
    }
  }
  return pairs
}

function pairListTag(name: 'omap' | 'pairs', version: YamlVersion): CollectionTag {
  return {
    collection: 'seq',
    default: false,
    tag: `${TAG}${name}`,
    resolve(seq, onError) {
      const pairs = pairsOf(seq, onError)
      if (pairs === undefined) return seq
      const { isScalar, Scalar, YAMLMap: MapNode, YAMLSeq: SeqNode } = yamlModule()
      // YAML 1.2 forbids a key twice in an ordered map; PyYAML does not check.
      if (name === 'omap' && version === '1.2') {
        const seen = new Set<unknown>()
        for (const { key } of pairs) {
          if (!isScalar(key)) continue
          if (seen.has(key.value)) onError(`Ordered maps must not include duplicate keys: ${String(key.value)}`)
          seen.add(key.value)
        }
      }
      const list = seq as YAMLSeq<unknown>
      list.items = pairs.map((pair) => {
        const key = pair.key as YAMLMap.Parsed['items'][number]['key']
        if (version === '1.2') {
          const map = new MapNode()
          map.items.push(pair)
          map.range = key?.range
          return map
        }
        const tuple = new SeqNode()
        const value = pair.value ?? Object.assign(new Scalar(null), { range: key?.range })
        tuple.items.push(key, value)
        tuple.range = key?.range
        return tuple
      })
      return list
    },
  }
}

const timestampAsText: ScalarTag = {
  identify: () => false,
  default: false,
  tag: `${TAG}timestamp`,
  resolve: (source: string) => source,
}

/** The tags to put before a schema's own (the first tag of a name wins). */
export function plainCollectionTags(version: YamlVersion): Tags {
  return [setTag, pairListTag('omap', version), pairListTag('pairs', version), timestampAsText]
}
