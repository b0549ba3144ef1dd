import type { Problem } from '../../reporter.ts'
import type { SourceDocument } from '../../source-document.ts'
import type { PathSegment } from '../../values.ts'

/** A strategy as Datum accepts it: a preset name or a mapping of `merge_*` fields. */
export type DatumStrategyInput = string | Record<string, unknown> | null

/** The lookup options of a `Datum.yml`. */
export interface DatumLookupOptions {
  /** The strategy of every path without an option of its own (`^.*`). @default 'MostSpecific' */
  default_lookup_options?: DatumStrategyInput
  /** Strategies by property path (`A\B` or `A/B`, matched ignoring case) or by regex (`^…`). @default {} */
  lookup_options?: Record<string, DatumStrategyInput>
}

/** What a handler given with the `datum.handlers` option is told about the value. */
export interface DatumHandlerContext {
  /** The handler's name in Datum.yml (`Module::Name`). */
  readonly handler: string
  /** Its `CommandOptions` in Datum.yml. */
  readonly options: Readonly<Record<string, unknown>>
  /** The node's data as Datum's `$Node` holds it at that point (undefined while a file loads). */
  readonly node: unknown
  /** The file the value was written in, below the store (`Roles\WebServer`), when known. */
  readonly file: string | undefined
}

/**
 * A handler of your own: called with each string value Datum would pass to handlers (in the order
 * of Datum.yml's `DatumHandlers`); returns the value to use, or undefined to leave it to the next.
 */
export type DatumHandlerFunction = (value: string, context: DatumHandlerContext) => unknown

/** Options of the Datum dialect (`render()`'s `datum` field). */
export interface DatumOptions {
  /**
   * The lookup options of a `Datum.yml`, for entries whose parts do not declare them. A part that
   * declares `default_lookup_options` or `lookup_options` replaces the matching field given here.
   * @default {}
   */
  lookupOptions?: DatumLookupOptions
  /**
   * Resolve one property path (`A\B` or `A/B`) instead of every top-level key: the value is that
   * lookup's result, like Datum's `Resolve-Datum -PropertyPath`. The plugin maps `?lookup=A/B` here.
   * @default undefined (every top-level key is looked up)
   */
  lookup?: string
  /**
   * Renders a Datum store for one node: the entry is the store's `Datum.yml`, and the value is the
   * node's RSOP (Get-DatumRsop), or, with `lookup`, that lookup for the node. The node is named by
   * its path under the store without extension (`AllNodes/Dev/DSCFile01`) or by its NodeName.
   * @default undefined (an entry's layers are its include list)
   */
  node?: string
  /**
   * Properties given to the node before it is rendered, replacing its own (a build script's
   * `$node.Environment = 'Dev'`).
   * @default {}
   */
  nodeProperties?: Record<string, unknown>
  /**
   * Your own Datum handlers, by their name in Datum.yml's `DatumHandlers` (`Module::Name`): a
   * function per handler, which also replaces a built-in one.
   * @default {}
   */
  handlers?: Record<string, DatumHandlerFunction>
  /**
   * The Datum whose knockouts to reproduce: `'main'` (Clear-DatumKnockout removes the markers from
   * every result; list and hash-array items can be knocked out) or `'0.40'` (Datum 0.39 and 0.40,
   * which DscWorkshop's reference RSOPs were built with: markers stay in results, and list knockouts
   * only drop the markers).
   * @default 'main'
   */
  version?: '0.40' | 'main'
}

/** Where a value came from: a node of a document, or an option given to `render()`. */
export interface Where {
  doc?: SourceDocument
  at?: Problem['at']
  path: PathSegment[]
}

/** The `Where` of a node below `where`. */
export function within(where: Where, ...segments: PathSegment[]): Where {
  return { ...where, path: [...where.path, ...segments] }
}

/** The location fields of a Problem about `where`. */
export function locate(where: Where, target?: 'key' | 'value'): Pick<Problem, 'doc' | 'at' | 'path' | 'target'> {
  const located: Pick<Problem, 'doc' | 'at' | 'path' | 'target'> = { path: where.path }
  if (where.doc) located.doc = where.doc
  if (where.at) located.at = where.at
  if (target) located.target = target
  return located
}
