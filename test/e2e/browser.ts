import { existsSync } from 'node:fs'
import { chromium } from 'playwright-core'
import type { Browser } from 'playwright-core'

/** Debian's Chromium (`apt-get install chromium`; `.ci/run` installs it), or the one CHROMIUM_PATH names. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Why the browser tests cannot run here, or undefined (see test/helpers/available.ts). */
export const chromiumMissing = existsSync(CHROMIUM)
  ? undefined
  : `no Chromium at ${CHROMIUM} (\`apt-get install chromium\`, or set CHROMIUM_PATH)`

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // No sandbox as root in CI; no background networking on a machine without network.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  })
}
