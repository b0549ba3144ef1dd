// How many cases a property test tries: its own count in `npm test`, times PROPERTY_SCALE when a
// wider search asks for more (`npm run fuzz`). The seed every property starts from is fixed per run
// (test/setup/property-seed.ts), so a run's counterexample replays exactly.
const SCALE = Number(process.env.PROPERTY_SCALE ?? 1)

if (!(SCALE > 0)) throw new Error(`PROPERTY_SCALE must be a positive number, not ${process.env.PROPERTY_SCALE}`)

export function propertyRuns(runs: number): number {
  return Math.max(1, Math.round(runs * SCALE))
}
