// The names of the options render() takes — derived from the options types and the dialect registry —
// and the check that refuses any other before anything is read: an option nobody reads is a mistake
// (`strict` misspelt would silently leave strict mode on), so it is an error naming the option meant.
import { DIALECTS } from './dialects/registry.ts'
import type { Dialect, OptionKeys } from './dialects/types.ts'
import { invalidOption } from './diagnostics.ts'
import { DEFAULT_LIMITS } from './options.ts'
import type { CommonOptions } from './options.ts'
import { weakMemo } from './memo.ts'
import { suggestName } from './suggest.ts'
import { isMapping } from './values.ts'

/** Options every dialect shares: the type keeps the list complete (a new option fails to compile here). */
const COMMON_OPTION_KEYS: OptionKeys<CommonOptions & { dialect?: string }> = {
  stack: true,
  strict: true,
  yamlVersion: true,
  mergeHow: true,
  root: true,
  allow: true,
  deny: true,
  vars: true,
  limits: true,
  history: true,
  sources: true,
  schema: true,
  dialect: true,
}

/** An option whose value, when it is an object, has known keys: `limits`, a dialect's (`datum`), the plugin's `dts`. */
type NestedOptionNames = Readonly<Record<string, readonly string[]>>

/** The options of render() that hold objects of known keys: `limits` and each dialect's own, from the registry. */
const RENDER_NESTED: NestedOptionNames = Object.fromEntries([
  ['limits', Object.keys(DEFAULT_LIMITS)],
  ...(DIALECTS as readonly Dialect[]).flatMap(({ name, optionKeys }) =>
    optionKeys ? [[name, Object.keys(optionKeys)]] : [],
  ),
])

/** The top-level names render() takes. */
const RENDER_OPTION_NAMES: readonly string[] = [
  ...new Set([...Object.keys(COMMON_OPTION_KEYS), ...Object.keys(RENDER_NESTED)]),
]

/** Who takes a set of options, for a caller that takes render()'s with changes (the bundler plugin). */
export interface OptionsTaker {
  /** Its name in messages: `render()`, `unplugin-merged-yaml`. */
  name: string
  /** Names it takes besides render()'s, each with its keys when its value may be an object of known keys. */
  own?: Readonly<Record<string, readonly string[] | true>>
  /** render()'s options it does not take, each with why (what to use instead). */
  refused?: Readonly<Record<string, string>>
}

const RENDER: OptionsTaker = { name: 'render()' }

/** Options renamed before 1.0, each with its new name: refused, naming the new one. */
const RENAMED_OPTIONS: Readonly<Record<string, string>> = { explain: 'history' }

/** An option renamed: its new name, or why `taker` does not take that either. */
function renamedOption(
  option: string,
  renamed: string,
  taker: string,
  refused: Readonly<Record<string, string>>,
): never {
  if (Object.hasOwn(refused, renamed))
    invalidOption(`${taker} does not take the option '${option}' (now '${renamed}'): ${refused[renamed]}`)
  invalidOption(`unknown option '${option}' (renamed '${renamed}')`, renamed)
}

/** An unknown option: the one it resembles, else the names there are. */
function unknown(option: string, suggestion: string | undefined, taker: string, names: readonly string[]): never {
  if (suggestion) invalidOption(`unknown option '${option}'`, suggestion)
  invalidOption(`unknown option '${option}' (${taker} takes ${names.join(', ')})`)
}

/**
 * The option meant by an unknown `name` among `names`: a misspelling of one of them, or the same name
 * where it belongs (`lookup` → `datum.lookup`, `datum.strict` → `strict`), else a misspelling there.
 */
function meant(name: string, names: readonly string[], elsewhere: readonly string[]): string | undefined {
  const leaf = (path: string) => path.slice(path.lastIndexOf('.') + 1)
  return (
    suggestName(name, names) ??
    elsewhere.find((path) => leaf(path) === name) ??
    elsewhere.find((path) => suggestName(name, [leaf(path)]) !== undefined)
  )
}

/** What a taker takes: render()'s options with its own, less those it refuses; the keys of the nested ones. */
interface TakerNames {
  refused: Readonly<Record<string, string>>
  nested: NestedOptionNames
  topLevel: readonly string[]
}

// Every render checks its options: the names are worked out once per taker, not once per entry.
const takerNames = weakMemo<OptionsTaker, TakerNames>(
  'options: the names an options taker takes',
  "takers are constants (render()'s, the plugin's), never changed",
)

function namesOf(taker: OptionsTaker): TakerNames {
  const refused = taker.refused ?? {}
  const nested: Record<string, readonly string[]> = { ...RENDER_NESTED }
  for (const [name, keys] of Object.entries(taker.own ?? {})) if (keys !== true) nested[name] = keys
  const topLevel = [...RENDER_OPTION_NAMES, ...Object.keys(taker.own ?? {})].filter(
    (name) => !Object.hasOwn(refused, name),
  )
  return { refused, nested, topLevel }
}

/**
 * Refuses an option `taker` does not take — misspelt, misplaced, or one it does not read — at the top
 * level and inside the options that hold objects of known keys, with the option it resembles.
 * Throws a MergedYamlError (`MY_INVALID_OPTION`, at `<options>`).
 */
export function assertKnownOptions(options: unknown, taker: OptionsTaker = RENDER): void {
  if (!isMapping(options))
    invalidOption(`the options of ${taker.name} must be an object, not ${JSON.stringify(options)}`)
  const { refused, nested, topLevel } = takerNames.get(taker, namesOf)
  // Only a message needs them.
  const nestedPaths = () =>
    Object.entries(nested)
      .filter(([name]) => topLevel.includes(name))
      .flatMap(([name, keys]) => keys.map((key) => `${name}.${key}`))
  for (const name of Object.keys(options)) {
    if (Object.hasOwn(refused, name))
      invalidOption(`${taker.name} does not take the option '${name}': ${refused[name]}`)
    if (!topLevel.includes(name)) {
      if (Object.hasOwn(RENAMED_OPTIONS, name)) renamedOption(name, RENAMED_OPTIONS[name]!, taker.name, refused)
      unknown(name, meant(name, topLevel, nestedPaths()), taker.name, topLevel)
    }
    const value = options[name]
    const keys = nested[name]
    if (keys === undefined || !isMapping(value)) continue
    for (const key of Object.keys(value)) {
      if (keys.includes(key)) continue
      const sibling = suggestName(key, keys)
      const suggestion = sibling ? `${name}.${sibling}` : topLevel.includes(key) ? key : meant(key, [], nestedPaths())
      unknown(`${name}.${key}`, suggestion, name, keys)
    }
  }
}
