// Says the scale of the run's timeouts (test/helpers/time-scale.ts; TEST_TIME_SCALE sets it), so that a
// timeout in a log is read against the load the run met.
import { availableParallelism, loadavg } from 'node:os'
import { resolveTimeScale } from '../helpers/time-scale.ts'

export default function setup(): void {
  const [one = 0, five = 0] = loadavg()
  const load = `load ${one.toFixed(1)}, ${five.toFixed(1)} on ${availableParallelism()} cores`
  console.log(`test timeouts: ×${resolveTimeScale()} of an idle machine's (${load})`)
}
