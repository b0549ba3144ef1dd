// A test that cannot run here (no Chromium, no framework install, no registry) is a decision a reader
// sees. Locally it skips, the reason in its title (test/setup/skipped-reporter.ts lists every skip
// with it at the end of the run). In CI (`CI=true`) it fails the run instead, with the reason: CI
// provides everything these tests need, so a skip there would hide a test that never ran.

/** Whether this run is CI's (`CI` set to anything but `false` or `0`, as CI services set it). */
export const IN_CI = !!process.env.CI && !/^(?:false|0)$/i.test(process.env.CI)

/** Thrown, in CI, for a test that cannot run: the run fails with the reason. */
export class UnavailableInCi extends Error {
  override name = 'UnavailableInCi'
}

/**
 * Whether tests that need something skip: false when `missing` is undefined (it is there); true,
 * locally, when it says what is missing; in CI, an error with that reason instead.
 */
export function skipUnlessAvailable(missing: string | undefined): boolean {
  if (missing === undefined) return false
  if (IN_CI) throw new UnavailableInCi(`CI=true, and this test cannot run: ${missing}`)
  return true
}

/** The title of tests that need something: `title (skipped: why)` when it is missing. */
export const titleUnlessAvailable = (title: string, missing: string | undefined): string =>
  missing === undefined ? title : `${title} (skipped: ${missing})`
