// Small statistics for the benchmark: medians and spreads of repeated, interleaved measurements.

export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (sorted.length - 1) * q
  const lo = Math.floor(at)
  const hi = Math.ceil(at)
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo)
}

export const median = (values) => quantile(values, 0.5)

/** Median and interquartile range, and the extremes, of a list of numbers. */
export function summarize(values) {
  return {
    n: values.length,
    median: median(values),
    p25: quantile(values, 0.25),
    p75: quantile(values, 0.75),
    min: Math.min(...values),
    max: Math.max(...values),
  }
}

/** Repetitions that make one sample of `run` last about `ms` (short runs are mostly timer noise). */
function repetitionsFor(run, ms) {
  const start = performance.now()
  run()
  const once = performance.now() - start
  return Math.max(1, Math.min(1000, Math.ceil(ms / Math.max(once, 0.01))))
}

/**
 * Runs each variant `rounds` times, interleaved (the order rotates every round, so drift in the
 * machine's load hits every variant alike), after an untimed warm-up; a sample repeats a short run
 * to last about `sampleMs`. Returns the time of one run, per variant and round.
 */
export function interleave(variants, rounds, sampleMs = 100) {
  const names = Object.keys(variants)
  const times = Object.fromEntries(names.map((name) => [name, []]))
  const reps = Object.fromEntries(names.map((name) => [name, repetitionsFor(variants[name], sampleMs)]))
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + round) % names.length]
      const start = performance.now()
      for (let r = 0; r < reps[name]; r++) variants[name]()
      times[name].push((performance.now() - start) / reps[name])
    }
  }
  return times
}
