// The seed every property test (fast-check) of a run starts from: fixed, so that `npm test` tries the
// same cases on every run and machine and a failure in CI replays exactly. PROPERTY_SEED picks another
// (an integer, or `random` for a new one), as the wider search of `npm run fuzz` does
// (scripts/fuzz.mjs). Global setup resolves and prints it once; test/setup/fast-check.ts applies it in
// each test file's worker, which inherits the resolved value.
export const DEFAULT_PROPERTY_SEED = 47

/** The seed PROPERTY_SEED asks for: the default when unset, a fresh one for `random`. */
export function resolvePropertySeed(asked: string | undefined): number {
  if (asked === undefined || asked === '') return DEFAULT_PROPERTY_SEED
  if (asked === 'random') return Math.floor(Math.random() * 2 ** 31) * (Math.random() < 0.5 ? -1 : 1)
  const seed = Number(asked)
  if (!Number.isSafeInteger(seed) || seed < -(2 ** 31) || seed >= 2 ** 31)
    throw new Error(`PROPERTY_SEED must be a 32-bit integer or "random", not ${JSON.stringify(asked)}`)
  return seed
}

export default function setup(): void {
  const seed = resolvePropertySeed(process.env.PROPERTY_SEED)
  process.env.PROPERTY_SEED = String(seed)
  const how = seed === DEFAULT_PROPERTY_SEED ? 'fixed' : 'PROPERTY_SEED'
  console.log(`property tests: fast-check seed ${seed} (${how}; PROPERTY_SEED=${seed} replays this run's cases)`)
}
