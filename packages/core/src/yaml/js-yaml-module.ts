// js-yaml, loaded on first use, as `yaml` is (yaml-module.ts): the block reader (block.ts) reads most
// layers without it, and loading it costs every build's start its parse and set-up (a fixed cost
// that weighs most in an app of a few small layers). The engine runs on Node, where js-yaml resolves
// as CommonJS.
import { createRequire } from 'node:module'
import type * as JsYaml from 'js-yaml'

let loaded: typeof JsYaml | undefined

export function jsYamlModule(): typeof JsYaml {
  loaded ??= createRequire(import.meta.url)('js-yaml') as typeof JsYaml
  return loaded
}
