/** Damerau-free Levenshtein distance, small inputs only (names and options). */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1))
      prev = tmp
    }
  }
  return row[b.length]!
}

/** The closest candidate to a misspelt name (`lst` → `list`), or undefined when none is close. */
export function suggestName(name: string, candidates: readonly string[]): string | undefined {
  const needle = name.toLowerCase()
  let best: string | undefined
  let bestScore = Infinity
  for (const candidate of candidates) {
    const score = distance(needle, candidate.toLowerCase())
    if (score < bestScore) {
      best = candidate
      bestScore = score
    }
  }
  const limit = Math.max(1, Math.floor(needle.length / 3)) + (needle.length > 5 ? 1 : 0)
  return best !== undefined && bestScore <= limit && best !== name ? best : undefined
}
