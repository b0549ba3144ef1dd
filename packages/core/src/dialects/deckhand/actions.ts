// The layering actions (`DocumentLayering._apply_action`, `deep_merge`, `deep_delete`): each action
// turns the parent's rendered data into the next accumulated value; the child's own data only
// supplies the values at the action paths.
import type { ErrorCode } from '../../codes.ts'
import type { Reporter } from '../../reporter.ts'
import { suggestName } from '../../suggest.ts'
import { DECKHAND_CODES } from './codes.ts'
import { describeDocument } from './document.ts'
import type { DeckhandDocument, RawAction } from './document.ts'
import { formatSteps, parseActionPath, PathError, readPath, writePath } from './path.ts'
import type { ActionPath, PathStep } from './path.ts'
import { deepCopy, pyEquals } from './values.ts'
import { getOwn, isMapping, setOwn } from '../../values.ts'
import type { Mapping } from './values.ts'

export const ACTION_METHODS = ['merge', 'replace', 'delete'] as const

/** What one action did, for the history: the path, the child's value written there, or where it deleted. */
export interface AppliedAction {
  method: 'merge' | 'replace' | 'delete'
  position: number
  /** The action's path as steps below `data` (empty for the root). */
  steps: readonly PathStep[]
  /** merge and replace: the child's value at the path. */
  childValue?: unknown
  /** merge: the parent's value at the path before, when both were mappings (merged key by key). */
  mergedInto?: unknown
  /** delete: where the value was removed (`[]`: the whole data emptied). */
  deletedAt?: readonly (string | number)[]
}

export interface ActionContext {
  child: DeckhandDocument
  parent: DeckhandDocument
  report: Reporter
  /** Told what each action did (the history). */
  onApplied?: (applied: AppliedAction) => void
}

/**
 * Deckhand's `deep_merge`: keys of `src` win, mappings present on both sides merge recursively,
 * lists and scalars (null included) replace.
 */
export function deepMerge(dst: Mapping, src: Mapping): void {
  for (const key of Object.keys(src)) {
    const old = getOwn(dst, key)
    const value = src[key]
    if (isMapping(old) && isMapping(value)) deepMerge(old, value)
    else setOwn(dst, key, value)
  }
}

type Location = (string | number)[]

/** Where `deep_delete` strikes: the first value equal to `target` in a depth-first walk. */
export function findFirstEqual(value: unknown, target: unknown, at: Location = []): Location | undefined {
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : isMapping(value)
      ? Object.keys(value).map((k) => [k, value[k]])
      : []
  for (const [key, child] of entries) {
    if (pyEquals(child, target)) return [...at, key]
    const found = findFirstEqual(child, target, [...at, key])
    if (found) return found
  }
  return undefined
}

function removeAt(root: unknown, location: Location): void {
  let node = root
  for (const key of location.slice(0, -1))
    node = Array.isArray(node) ? node[key as number] : getOwn(node as Mapping, key as string)
  const last = location[location.length - 1]!
  if (Array.isArray(node)) node.splice(last as number, 1)
  else delete (node as Mapping)[last as string]
}

function sameLocation(steps: readonly PathStep[], location: Location): boolean {
  return (
    steps.length === location.length &&
    steps.every((step, i) => (step.kind === 'field' ? step.key : step.index) === location[i])
  )
}

function formatLocation(location: Location): string {
  return formatSteps(
    location.map((key) =>
      typeof key === 'number' ? { kind: 'index', index: key } : { kind: 'field', key, quoted: false },
    ),
  )
}

class ActionRunner {
  private readonly base: (string | number)[]

  constructor(
    private readonly action: RawAction,
    private readonly position: number,
    private readonly context: ActionContext,
  ) {
    this.base = ['metadata', 'layeringDefinition', 'actions', position]
  }

  private fail(code: ErrorCode, message: string, field: 'method' | 'path'): never {
    return this.context.report.fail({ code, message, doc: this.context.child.source, path: [...this.base, field] })
  }

  private get label(): string {
    return (
      `action ${this.position + 1} (${this.action.method} ${String(this.action.path)}) of ` +
      `${describeDocument(this.context.child)}`
    )
  }

  private path(): ActionPath {
    if (typeof this.action.path !== 'string')
      this.fail(DECKHAND_CODES.invalidDocument, `${this.label} needs a 'path' string such as . or .a.b`, 'path')
    let path: ActionPath
    try {
      path = parseActionPath(this.action.path)
    } catch (error) {
      if (!(error instanceof PathError)) throw error
      return this.fail(DECKHAND_CODES.invalidPath, `${this.label}: ${error.message}`, 'path')
    }
    if (path.strippedKey) {
      const { written, read } = path.strippedKey
      // Deckhand's own reading, not something it skips: a warning in both modes.
      this.context.report.warn({
        code: DECKHAND_CODES.dataPrefix,
        message: `${this.label}: Deckhand removes a leading '.data' from every path, so '${written}' reads '${read}'`,
        doc: this.context.child.source,
        path: [...this.base, 'path'],
        suggestion: `.data${written.startsWith('$') ? written.slice(1) : written}`,
      })
    }
    return path
  }

  private guard<T>(run: () => T): T {
    try {
      return run()
    } catch (error) {
      if (!(error instanceof PathError)) throw error
      return this.fail(DECKHAND_CODES.invalidPath, `${this.label}: ${error.message}`, 'path')
    }
  }

  private missing(where: string): never {
    return this.fail(
      DECKHAND_CODES.missingKey,
      `${this.label}: nothing at '${String(this.action.path)}' in ${where} (MissingDocumentKey)`,
      'path',
    )
  }

  run(accumulated: unknown): unknown {
    const { method } = this.action
    if (!(ACTION_METHODS as readonly string[]).includes(method)) {
      const problem = {
        code: DECKHAND_CODES.unsupportedAction,
        message:
          `unsupported action method '${method}' in ${describeDocument(this.context.child)}; Deckhand ` +
          `supports merge, replace and delete (UnsupportedActionMethod)`,
        doc: this.context.child.source,
        path: [...this.base, 'method'],
      }
      const suggestion = suggestName(method, ACTION_METHODS)
      this.context.report.fail(suggestion ? { ...problem, suggestion } : problem)
    }
    const path = this.path()
    // A null parent document counts as {}; the child's own data is read as it is.
    const acc = deepCopy(accumulated ?? {})
    const childData = deepCopy(getOwn(this.context.child.raw, 'data'))
    const { steps } = path
    const applied = (info: Omit<AppliedAction, 'method' | 'position' | 'steps'>): void =>
      this.context.onApplied?.({ method: method as AppliedAction['method'], position: this.position, steps, ...info })
    if (method === 'delete') {
      if (path.root) {
        applied({ deletedAt: [] })
        return {}
      }
      const target = this.guard(() => readPath(acc, steps))
      if (target === undefined || target === null)
        this.missing(`the parent's rendered data (${describeDocument(this.context.parent)})`)
      const location = findFirstEqual(acc, target)
      if (!location) return acc
      if (!sameLocation(steps, location)) {
        // Deckhand's own result, not something it skips: a warning in both modes.
        this.context.report.warn({
          code: DECKHAND_CODES.deleteElsewhere,
          message:
            `${this.label}: Deckhand deletes the first value equal to the one at '${formatSteps(steps)}', ` +
            `which is at '${formatLocation(location)}', not the value at the path`,
          doc: this.context.child.source,
          path: [...this.base, 'path'],
        })
      }
      removeAt(acc, location)
      applied({ deletedAt: location })
      return acc
    }
    const fromChild = this.guard(() => readPath(childData, steps))
    if (fromChild === undefined || fromChild === null)
      this.missing(`the child's data: ${method} takes its value from the child`)
    if (method === 'replace') {
      const result = this.guard(() => writePath(acc, steps, fromChild, path.source))
      applied({ childValue: fromChild })
      return result
    }
    const fromParent = this.guard(() => readPath(acc, steps))
    let merged = fromChild
    const both = isMapping(fromParent) && isMapping(fromChild)
    const before = both && this.context.onApplied ? deepCopy(fromParent) : undefined
    if (both) {
      deepMerge(fromParent, fromChild)
      merged = fromParent
    }
    const result = this.guard(() => writePath(acc, steps, merged, path.source))
    applied(both ? { childValue: fromChild, mergedInto: before } : { childValue: fromChild })
    return result
  }
}

/** Applies one action of `child` to the parent's accumulated data and returns the new data. */
export function applyAction(
  action: RawAction,
  position: number,
  accumulated: unknown,
  context: ActionContext,
): unknown {
  return new ActionRunner(action, position, context).run(accumulated)
}
