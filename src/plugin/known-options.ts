// The plugin's option names, checked before anything else: its own (with `dts`'s keys) and render()'s,
// but for those it does not read (`history`, `sources`); a misspelt one names the option meant.
import type { RenderOptions } from '@merged-yaml/core'
import { assertKnownOptions, invalidOption, suggestName } from '@merged-yaml/core/internal'
import type { OptionsTaker } from '@merged-yaml/core/internal'
import { PLUGIN_NAME } from './options.ts'
import type { DtsMode, DtsOptions, Options, RenderOnlyOption } from './options.ts'

type PluginOwnOption = Exclude<keyof Options, keyof RenderOptions>

/** What the plugin takes besides render()'s options, and what it refuses of them (the types say the same). */
const PLUGIN_OPTIONS: OptionsTaker = {
  name: PLUGIN_NAME,
  own: {
    include: true,
    exclude: true,
    dts: Object.keys({ mode: true, file: true, asConst: true, provenance: true } satisfies OptionKeys<DtsOptions>),
    modes: true,
    cache: true,
    inspector: true,
    serverOnly: true,
    serverBuild: true,
    verboseWarnings: true,
  } satisfies OptionKeys<Pick<Options, PluginOwnOption>, readonly string[] | true>,
  refused: {
    history: 'declarations say where each value came from (`dts.provenance`); `merged-yaml explain` shows the history',
    sources: 'declarations say where each value came from: see `dts.provenance`',
  } satisfies OptionKeys<Pick<RenderOptions, RenderOnlyOption>, string>,
}

/** Every key of `T`, each with a `Value`: the type keeps such a list complete and exact. */
type OptionKeys<T, Value = true> = { readonly [K in keyof Required<T>]: Value }

const DTS_MODES: readonly DtsMode[] = ['sidecar', 'ambient']

/** Refuses a `dts` mode that is neither sidecar nor ambient (`'sidcar'`), naming the one meant. */
function checkDtsMode(mode: unknown, option: string): void {
  if (mode === undefined || (DTS_MODES as readonly unknown[]).includes(mode)) return
  const suggestion = typeof mode === 'string' ? suggestName(mode, DTS_MODES) : undefined
  invalidOption(`option '${option}' must be 'sidecar' or 'ambient', not ${JSON.stringify(mode)}`, suggestion)
}

/**
 * Throws a MergedYamlError (`MY_INVALID_OPTION`) for an option the plugin does not take, or a bad `dts` mode.
 * `source` names where the options were written (the plugin, or the config file).
 */
export function assertPluginOptions(options: Options, source = PLUGIN_NAME): void {
  assertKnownOptions(options, source === PLUGIN_NAME ? PLUGIN_OPTIONS : { ...PLUGIN_OPTIONS, name: source })
  if (typeof options.dts === 'string') checkDtsMode(options.dts, 'dts')
  else if (typeof options.dts === 'object' && options.dts !== null) checkDtsMode(options.dts.mode, 'dts.mode')
}
