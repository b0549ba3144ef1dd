// Bounds on a value as the generated module will spell it out. Aliases and JSON-patch copies share
// subtrees, so a small file can stand for a huge or cyclic value: this walks every distinct node once
// (iteratively, sizes memoised per shared object) and measures what serialising it would produce.
import { weakMemo } from '../memo.ts'
import { isCollection, isImmutable, leafSize } from '../values.ts'
import type { Immutable } from '../values.ts'
import type { PathSegment } from '../values.ts'

export interface ValueLimits {
  maxDepth: number
  maxValueSize: number
}

export interface ValueProblem {
  code: 'MY_VALUE_CYCLE' | 'MY_VALUE_TOO_DEEP' | 'MY_VALUE_TOO_LARGE'
  message: string
  /** Where in the value: the node that closes the cycle, passes the depth, or passes the size. */
  path: PathSegment[]
}

interface Frame {
  node: object
  key: PathSegment | undefined
  keys: string[] | undefined
  index: number
  size: number
  height: number
}

// Immutable containers (the render cache's shared documents, and the subtrees merges take from them)
// cannot change, so their measures, once complete, hold in every later check: a build checks each
// shared layer once, not once per entry, and skips the layers' subtrees inside merged values. No
// cycle can pass through an immutable subtree that was measured to the end.
const immutableMeasures = weakMemo<Immutable, { size: number; height: number }>(
  'value limits: the size and height of an immutable subtree',
  'keyed on immutable values only',
)

// The quick walk recurses once per level; past this many levels the iterative walk runs alone.
const MAX_QUICK_DEPTH = 2000

/** Height of the subtree the last `quickSize` call measured (a second return value, unboxed). */
let quickHeight = 0

/**
 * The size of `node`, or -1 once it breaks a limit (or closes a cycle, which shows as unbounded
 * depth). `room` is how many levels it may still take. Plain recursion without the bookkeeping the
 * located walk needs; a shared subtree is walked again, which the size bound keeps finite. Frozen
 * subtrees entered from a mutable parent keep their measures, as in the located walk.
 */
function quickSize(node: object, room: number, maxValueSize: number, parentFrozen: boolean): number {
  if (room < 1) return -1
  const frozen = isImmutable(node)
  const memo = frozen && !parentFrozen
  if (memo) {
    const known = immutableMeasures.peek(node)
    if (known) {
      if (known.height > room || known.size > maxValueSize) return -1
      quickHeight = known.height
      return known.size
    }
  }
  let size = 2
  let height = 1
  const keys = Array.isArray(node) ? undefined : Object.keys(node)
  const count = keys ? keys.length : (node as unknown[]).length
  for (let i = 0; i < count; i++) {
    let child: unknown
    if (keys) {
      const key = keys[i]!
      child = (node as Record<string, unknown>)[key]
      size += key.length + 3
    } else child = (node as unknown[])[i]
    if (isCollection(child)) {
      const childSize = quickSize(child, room - 1, maxValueSize, frozen)
      if (childSize < 0) return -1
      size += childSize
      if (quickHeight >= height) height = quickHeight + 1
    } else size += leafSize(child)
    if (size > maxValueSize) return -1
  }
  if (memo) immutableMeasures.set(node as Immutable, { size, height })
  quickHeight = height
  return size
}

/**
 * The first way `value` breaks the limits, or undefined. Depth counts nested mappings and lists
 * (a scalar document has depth 0, `{a: 1}` depth 1); size is the approximate length of its JSON.
 */
export function checkValueLimits(value: unknown, limits: ValueLimits): ValueProblem | undefined {
  if (!isCollection(value))
    return leafSize(value) > limits.maxValueSize ? tooLarge([], leafSize(value), limits) : undefined
  // Most values are within the limits: a quick walk says so; only a value it refuses (or one
  // deeper than plain recursion should go) takes the located walk, which finds where.
  if (limits.maxDepth <= MAX_QUICK_DEPTH && quickSize(value, limits.maxDepth, limits.maxValueSize, false) >= 0)
    return undefined
  return locateProblem(value, limits)
}

/** The located walk: iterative, each distinct node once, with the path to what breaks a limit. */
function locateProblem(value: object, limits: ValueLimits): ValueProblem | undefined {
  const known = isImmutable(value) ? immutableMeasures.peek(value) : undefined
  if (known && known.height <= limits.maxDepth && known.size <= limits.maxValueSize) return undefined
  const sizes = new Map<object, number>()
  const heights = new Map<object, number>()
  const onPath = new Set<object>()
  const stack: Frame[] = []
  const path = (): PathSegment[] => stack.slice(1).map((frame) => frame.key!)
  const push = (node: object, key: PathSegment | undefined): void => {
    onPath.add(node)
    stack.push({ node, key, keys: Array.isArray(node) ? undefined : Object.keys(node), index: 0, size: 2, height: 1 })
  }
  push(value, undefined)
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!
    if (stack.length > limits.maxDepth) {
      return {
        code: 'MY_VALUE_TOO_DEEP',
        message: `the value nests mappings and lists deeper than ${limits.maxDepth} levels (limits.maxDepth)`,
        path: path(),
      }
    }
    const { node, keys } = frame
    const count = keys ? keys.length : (node as unknown[]).length
    if (frame.index === count) {
      stack.pop()
      onPath.delete(node)
      sizes.set(node, frame.size)
      heights.set(node, frame.height)
      if (isImmutable(node)) immutableMeasures.set(node, { size: frame.size, height: frame.height })
      const parent = stack[stack.length - 1]
      if (parent) {
        parent.size += frame.size
        parent.height = Math.max(parent.height, frame.height + 1)
        if (parent.size > limits.maxValueSize) return tooLarge(path(), parent.size, limits)
      }
      continue
    }
    const key: PathSegment = keys ? keys[frame.index]! : frame.index
    frame.index++
    const child: unknown = keys ? (node as Record<string, unknown>)[key] : (node as unknown[])[key as number]
    if (keys) frame.size += (key as string).length + 3
    if (isCollection(child)) {
      if (onPath.has(child)) {
        return {
          code: 'MY_VALUE_CYCLE',
          message:
            'the value contains itself (an alias or a JSON-patch copy inside its own target); it cannot be written out',
          path: [...path(), key],
        }
      }
      let shared = sizes.get(child)
      let height = heights.get(child)
      if (shared === undefined) {
        const measured = isImmutable(child) ? immutableMeasures.peek(child) : undefined
        // Taken as measured only where walking it would find nothing: else the walk reports
        // exactly where, as it would on a value never checked before.
        if (
          measured === undefined ||
          stack.length + measured.height > limits.maxDepth ||
          frame.size + measured.size > limits.maxValueSize
        ) {
          push(child, key)
          continue
        }
        shared = measured.size
        height = measured.height
        sizes.set(child, shared)
        heights.set(child, height)
      }
      // A subtree met before: its size and height count again, as serialising repeats it.
      if (stack.length + height! > limits.maxDepth) {
        return {
          code: 'MY_VALUE_TOO_DEEP',
          message:
            `the value nests mappings and lists deeper than ${limits.maxDepth} levels (limits.maxDepth), ` +
            `through a repeated subtree`,
          path: [...path(), key],
        }
      }
      frame.size += shared
      frame.height = Math.max(frame.height, height! + 1)
    } else {
      frame.size += leafSize(child)
    }
    if (frame.size > limits.maxValueSize) return tooLarge(path(), frame.size, limits)
  }
  return undefined
}

function tooLarge(path: PathSegment[], size: number, limits: ValueLimits): ValueProblem {
  return {
    code: 'MY_VALUE_TOO_LARGE',
    message:
      `the value${path.length > 0 ? ' here' : ''} would take more than ${limits.maxValueSize} bytes written ` +
      `out (at least ${size}; limits.maxValueSize): aliases or JSON-patch copies repeat a large subtree`,
    path,
  }
}
