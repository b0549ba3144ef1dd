// ajv's errors as violations: the path of the value each is about, what kind of place to point at,
// and a message that says what was found. The errors of the branches of a failed `anyOf`/`oneOf` give
// way to that one error, as Python's jsonschema (Deckhand's) reports it; so does `if` to its branch's.
import type { ErrorObject } from 'ajv/dist/core.js'
import { suggestName } from '../suggest.ts'
import { describeValue, isMapping, quoteValue } from '../values.ts'
import type { PathSegment } from '../values.ts'
import { pointerPath } from './compile.ts'

export interface Violation {
  /** The value the schema rejects (for a missing or an extra key: the mapping it is in), from the validated value. */
  path: PathSegment[]
  /** `missing`: a required key is absent from the mapping at `path`; `extra`: `key` is not allowed there. */
  kind: 'value' | 'missing' | 'extra'
  /** The key missing or not allowed. */
  key?: string
  /** The ajv keyword (`type`, `required`, `enum`, …). */
  keyword: string
  /** What is wrong, without the location: `must be integer, not the string "eighty"`. */
  message: string
  /** JSON pointer of the failing keyword in the schema (`#/properties/port/type`). */
  schemaPath: string
  suggestion?: string
}

const quote = quoteValue

const BRANCHES = new Set(['anyOf', 'oneOf'])

/** Whether `inner`'s segments start with `outer`'s. */
function startsWith(inner: string, outer: string): boolean {
  return outer === '' || inner === outer || inner.startsWith(`${outer}/`)
}

/**
 * The errors a user acts on: each failed `anyOf`/`oneOf` takes the place of its branches' errors
 * (those just before it, inside its value, from its branches or from schemas they `$ref`), and an
 * `if` failure gives way to its `then`/`else` errors.
 */
export function reportedErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  const kept: ErrorObject[] = []
  for (const error of errors) {
    if (error.keyword === 'if') continue
    if (BRANCHES.has(error.keyword)) {
      const owner = error.schemaPath.slice(0, -error.keyword.length - 1)
      while (kept.length > 0) {
        const last = kept.at(-1)!
        const inBranch = last.schemaPath.startsWith(`${error.schemaPath}/`)
        const viaRef = !last.schemaPath.startsWith(`${owner}/`)
        if (!startsWith(last.instancePath, error.instancePath) || !(inBranch || viaRef)) break
        kept.pop()
      }
    }
    kept.push(error)
  }
  return kept
}

/** Allowed values a message lists at most (an enum of thousands is not spelt out). */
const MAX_LISTED = 20

function listed(values: readonly unknown[]): string {
  const shown = values.slice(0, MAX_LISTED).map(quote).join(', ')
  return values.length > MAX_LISTED ? `${shown}, … (${values.length - MAX_LISTED} more)` : shown
}

function describe(error: ErrorObject): { message: string; suggestion?: string } {
  const params = error.params as Record<string, unknown>
  const found = describeValue(error.data)
  switch (error.keyword) {
    case 'type':
      return { message: `must be ${String(params.type).replaceAll(',', ' or ')}, not ${found}` }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]) ?? []
      const strings = allowed.filter((v): v is string => typeof v === 'string')
      const suggestion = typeof error.data === 'string' ? suggestName(error.data, strings) : undefined
      return { message: `must be one of ${listed(allowed)}, not ${found}`, ...(suggestion ? { suggestion } : {}) }
    }
    case 'const':
      return { message: `must be ${quote(params.allowedValue)}, not ${found}` }
    case 'required':
    case 'dependencies':
    case 'dependentRequired':
      return { message: `must have the property ${quote(params.missingProperty)}` }
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const key = String(params.additionalProperty ?? params.unevaluatedProperty)
      const known = isMapping(error.parentSchema) && isMapping(error.parentSchema.properties)
      const suggestion = known ? suggestName(key, Object.keys(error.parentSchema!.properties as object)) : undefined
      return { message: 'is not a property the schema allows', ...(suggestion ? { suggestion } : {}) }
    }
    default: {
      const shown = typeof error.data === 'object' && error.data !== null ? '' : `, not ${found}`
      return { message: `${error.message ?? `fails ${error.keyword}`}${shown}` }
    }
  }
}

/** The violations of `value` that ajv reported. */
export function toViolations(errors: readonly ErrorObject[], value: unknown): Violation[] {
  return reportedErrors(errors).map((error) => {
    const params = error.params as Record<string, unknown>
    const path = pointerPath(error.instancePath, value)
    const { message, suggestion } = describe(error)
    const violation: Violation = { path, kind: 'value', keyword: error.keyword, message, schemaPath: error.schemaPath }
    if (typeof params.missingProperty === 'string') {
      violation.kind = 'missing'
      violation.key = params.missingProperty
    } else if (typeof (params.additionalProperty ?? params.unevaluatedProperty) === 'string') {
      violation.kind = 'extra'
      violation.key = String(params.additionalProperty ?? params.unevaluatedProperty)
    }
    if (suggestion) violation.suggestion = suggestion
    return violation
  })
}
