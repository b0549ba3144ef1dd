/** Optimal-string-alignment distance: Levenshtein plus adjacent transpositions (`mdoe` → `mode` is 1). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1)
      d[i]![j] = best
    }
  }
  return d[a.length]![b.length]!
}

/** Names longer than this are no misspelt name: none is suggested (the distance costs their length squared). */
const MAX_NAME = 256

/** The closest candidate to a misspelt name (`lst` → `list`), or undefined when none is close. */
export function suggestName(name: string, candidates: readonly string[]): string | undefined {
  if (name.length > MAX_NAME) return undefined
  const needle = name.toLowerCase()
  const limit = Math.max(1, Math.floor(needle.length / 3)) + (needle.length > 5 ? 1 : 0)
  let best: string | undefined
  let bestScore = Infinity
  for (const candidate of candidates) {
    // The distance is at least the difference of the lengths: a candidate that far is not computed.
    if (Math.abs(candidate.length - needle.length) > limit) continue
    const score = editDistance(needle, candidate.toLowerCase())
    if (score < bestScore) {
      best = candidate
      bestScore = score
    }
  }
  return best !== undefined && bestScore <= limit && best !== name ? best : undefined
}
