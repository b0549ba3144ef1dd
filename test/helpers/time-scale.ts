// A test's timeout bounds its work: seconds of a core, which is what the work costs. vitest counts wall
// time, and on a loaded machine (CI runners shared with other jobs, a workstation building something
// else) each process gets a fraction of a core, so the same work takes several times longer and a bound
// that holds on an idle machine fails. Every timeout of the suite is therefore the idle bound times the
// run's scale: the load per core when the run starts (at least 1, at most MAX_SCALE), or TEST_TIME_SCALE
// when set. The ratio a bound keeps to the work (far above linear, far below quadratic, in
// test/security) is the same at any load, since both sides slow down alike; a hang still fails.
import { availableParallelism, loadavg } from 'node:os'

/** Beyond this the machine is too loaded to test on: a hang must still end the run within hours. */
const MAX_SCALE = 20

/** The scale for a load average (1 and 5 minutes) on `cores`: the larger average per core, a tenth's precision. */
export function timeScaleOf([one = 0, five = 0]: number[], cores: number): number {
  // The larger of the two averages: a run that starts in a lull of a busy machine still meets its load.
  const perCore = Math.max(one, five) / Math.max(1, cores)
  return Math.min(MAX_SCALE, Math.max(1, Math.round(perCore * 10) / 10))
}

/** The scale this run's timeouts take: TEST_TIME_SCALE (set by vitest.config.ts for the workers too). */
export function resolveTimeScale(env: NodeJS.ProcessEnv = process.env): number {
  const asked = env.TEST_TIME_SCALE
  if (asked !== undefined && asked !== '') {
    const scale = Number(asked)
    if (!(scale >= 1 && scale <= MAX_SCALE))
      throw new Error(`TEST_TIME_SCALE must be a number from 1 to ${MAX_SCALE}, not ${JSON.stringify(asked)}`)
    return scale
  }
  // loadavg() is [0, 0, 0] on Windows: scale 1 there.
  return timeScaleOf(loadavg(), availableParallelism())
}

/** `ms` of an idle machine at this run's scale: for the timeouts a test file gives itself. */
export function scaled(ms: number): number {
  return Math.round(ms * resolveTimeScale())
}
