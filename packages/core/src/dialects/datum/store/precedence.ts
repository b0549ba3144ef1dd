// The layers of a node (Resolve-Datum's path prefixes): each ResolutionPrecedence entry through the
// handlers (an entry may be an `[x= … =]` giving several paths), split at `\` or `/`, and each
// segment expanded as a PowerShell string with `$Node` (`AllNodes\$($Node.Environment)\…`).
import type { Reporter } from '../../../reporter.ts'
import { Deferred } from '../handlers/deferred.ts'
import { expandString } from '../handlers/ps-evaluate.ts'
import { PowerShellError, stringOf, textOf, Unsupported } from '../handlers/ps-values.ts'
import type { HandlerEnvironment } from '../handlers/registry.ts'
import { locate } from '../types.ts'
import type { Where } from '../types.ts'
import type { DatumStore } from './store.ts'

export interface StoreLayerPath {
  /** The path from `$Datum` (a store, its folders, a file, keys inside it). */
  segments: string[]
  /** The prefix as written after the handlers (`AllNodes\$($Node.Environment)\$($Node.NodeName)`). */
  text: string
  where: Where
}

function unsupported(report: Reporter, where: Where, text: string, error: Unsupported): void {
  report.lenient({
    code: 'MY_DATUM_EXPRESSION_UNSUPPORTED',
    message:
      `the ResolutionPrecedence entry '${text}': ${error.message} is not evaluated here; lenient mode uses ` +
      'the text as it is',
    ...locate(where),
  })
}

/** The prefixes after the handlers (`$PathPrefixes | ConvertTo-Datum`). */
function prefixesOf(store: DatumStore, env: HandlerEnvironment): { text: string; where: Where }[] {
  const { definition, handlers, root, context } = store
  const entries =
    definition.precedence ??
    (definition.stores
      ? []
      : [...root.stores.values()].map((folder) => ({
          value: folder.segments.join('\\'),
          where: { doc: definition.doc, path: [] },
        })))
  const prefixes: { text: string; where: Where }[] = []
  for (const entry of entries) {
    const value = handlers.convert(new Deferred(entry.value, store.definitionFile, entry.where), env, entry.where)
    for (const item of Array.isArray(value) ? value : [value]) {
      const text = stringOf(item) ?? (item === null ? undefined : textOf(item))
      if (text === undefined) {
        context.report.lenient({
          code: 'MY_DATUM_INVALID_PRECEDENCE',
          message:
            `the ResolutionPrecedence entry '${entry.value}' gives no path (Join-Path fails on null); ` +
            'lenient mode skips it',
          ...locate(entry.where),
        })
        continue
      }
      prefixes.push({ text, where: entry.where })
    }
  }
  return prefixes
}

/** The layer paths of a node, most specific first. */
export function resolvePrecedence(store: DatumStore, env: HandlerEnvironment): StoreLayerPath[] {
  const { report } = store.context
  const scope = store.handlers.scope(env, store.definitionFile)
  return prefixesOf(store, env).map(({ text, where }) => {
    if (text.includes('<%=')) {
      unsupported(report, where, text, new Unsupported('a <%= … %> script block'))
    }
    const segments = text.split(/[\\/]/).map((segment) => {
      try {
        return expandString(segment, scope)
      } catch (error) {
        if (error instanceof PowerShellError) {
          report.fail({
            code: 'MY_DATUM_HANDLER_ERROR',
            message: `the ResolutionPrecedence entry '${text}' fails: ${error.message} (Resolve-Datum fails here too)`,
            ...locate(where),
          })
        }
        if (!(error instanceof Unsupported)) throw error
        unsupported(report, where, text, error)
        return segment
      }
    })
    return { segments, text, where }
  })
}
