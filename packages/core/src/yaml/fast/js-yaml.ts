// js-yaml and the schemas the fast path reads with, loaded on first use, as `yaml` is
// (../yaml-module.ts): the block reader (../block/) reads most layers without it, and loading it
// costs every build's start its parse and set-up (a fixed cost that weighs most in an app of a few
// small layers). Loaded once and never changed afterwards: the only state this folder keeps beyond
// a parse. The engine runs on Node, where js-yaml resolves as CommonJS.
import { createRequire } from 'node:module'
import type * as JsYaml from 'js-yaml'
import type { Schema } from 'js-yaml'
import { PyYamlUnreadable, resolvePlain11, resolvePlain12 } from '../scalars.ts'
import { mayDiffer, plainScalar11 } from '../version-differences.ts'

// A tag no document names: the listener sends every node with an explicit tag to the precise path.
export const PLAIN_TAG = 'tag:merged-yaml.invalid,2026:plain'

// What a plain scalar resolves to when it needs the precise path: one PyYAML cannot read (1.1), or
// one YAML 1.1 reads otherwise (1.2 with flagVersionDifferences), whose position js-yaml does not
// give. Found in the values (read.ts's inspect) or as the key '[object Object]' (js-yaml stringifies
// keys): nothing of a parse outlives it.
export const NEEDS_PRECISE: object = Object.freeze({})

/** js-yaml, and a schema per way of resolving plain scalars (each a pure function of the scalar). */
export interface JsYamlReader {
  loadAll: typeof JsYaml.loadAll
  schemas: Readonly<Record<'1.1' | '1.2' | '1.2 flagged', Schema>>
}

function schemaResolving(jsYaml: typeof JsYaml, resolvePlain: (source: string) => unknown): Schema {
  const plain = new jsYaml.Type(PLAIN_TAG, { kind: 'scalar', resolve: () => true, construct: resolvePlain })
  return jsYaml.FAILSAFE_SCHEMA.extend({ implicit: [plain] })
}

function createReader(jsYaml: typeof JsYaml): JsYamlReader {
  return {
    loadAll: jsYaml.loadAll,
    schemas: Object.freeze({
      '1.1': schemaResolving(jsYaml, (source) => {
        const value = resolvePlain11(source)
        return value instanceof PyYamlUnreadable ? NEEDS_PRECISE : value
      }),
      '1.2': schemaResolving(jsYaml, resolvePlain12),
      '1.2 flagged': schemaResolving(jsYaml, (source) => {
        const value = resolvePlain12(source)
        return mayDiffer(source) && plainScalar11(source, value) !== undefined ? NEEDS_PRECISE : value
      }),
    }),
  }
}

let loaded: JsYamlReader | undefined

export function jsYamlReader(): JsYamlReader {
  loaded ??= createReader(createRequire(import.meta.url)('js-yaml') as typeof JsYaml)
  return loaded
}
