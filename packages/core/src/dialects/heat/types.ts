/** The HOT parameter types that direct Heat's `merge` / `deep_merge`. */
export type HeatParameterType = 'string' | 'number' | 'comma_delimited_list' | 'json' | 'boolean'

export const HEAT_PARAMETER_TYPES: readonly HeatParameterType[] = [
  'string',
  'number',
  'comma_delimited_list',
  'json',
  'boolean',
]

/** Whose merge to reproduce. */
export type HeatMode = 'server' | 'heatclient'

/** Options of the Heat dialect (`RenderOptions.heat`). */
export interface HeatOptions {
  /**
   * `'server'`: Heat's `merge_environments` (`parameter_merge_strategies`, type-directed merges,
   * conflicts). `'heatclient'`: python-heatclient's client-side `deep_update` fold (everything
   * deep-merged, lists replaced, no strategies, no types).
   * @default 'server'
   */
  mode?: HeatMode
  /**
   * HOT template file(s), relative to the entry file, whose `parameters:` declare the parameter
   * types — Heat's `all_param_schemata`: list the root template first, the first declaration of a
   * name wins. A document of the entry with a `heat_template_version` key declares types the same way
   * (after these files). With no declaration at all, types are inferred from the values.
   * @default []
   */
  template?: string | readonly string[]
  /**
   * Parameter types given directly, name → HOT type. They take precedence over templates.
   * @default {}
   */
  parameterTypes?: Readonly<Record<string, HeatParameterType>>
  /**
   * The environment before the files are merged (Heat's `params`), for example request-level
   * `parameters`. Taken as given, like Heat: a section that a file sets must be present.
   * @default server mode: `{ parameters: {}, resource_registry: {}, parameter_defaults: {},
   * encrypted_param_names: [], event_sinks: [] }` (what Heat's REST API builds); heatclient mode: `{}`
   */
  initial?: Readonly<Record<string, unknown>>
}
