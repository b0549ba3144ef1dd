// The built bin, once, in a child process: what `npx merged-yaml` runs after `npm install` (whose
// prepare step builds packages/core and packages/cli).
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { FIXTURES } from './helpers.ts'

const BIN = fileURLToPath(new URL('../../packages/cli/dist/index.js', import.meta.url))
const built = existsSync(BIN)

function bin(...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: FIXTURES, encoding: 'utf8' })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

describe.skipIf(!built)(
  'the merged-yaml bin (packages/cli/dist, built by `npm install` / `npx tsdown` in packages/cli)',
  () => {
    it('starts with a node shebang', () => {
      expect(readFileSync(BIN, 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/)
    })

    it('renders, checks and explains, with the documented exit codes', () => {
      const version = bin('--version')
      expect([version.code, version.stdout]).toEqual([
        0,
        `${JSON.parse(readFileSync(new URL('../../packages/cli/package.json', import.meta.url), 'utf8')).version}\n`,
      ])

      const rendered = bin('render', 'layers/app.merged.yaml', '--format', 'json')
      expect(rendered.code).toBe(0)
      expect(JSON.parse(rendered.stdout)).toEqual({
        server: { port: 443, tls: true, host: '127.0.0.1' },
        packages: ['git', 'curl', 'nginx'],
        log_level: 'warn',
      })

      const checked = bin('check', 'broken/app.merged.yaml', 'layers/app.merged.yaml')
      expect(checked.code).toBe(1)
      expect(checked.stdout).toContain("broken/overrides.yaml:2:12: error MY_UNKNOWN_MERGER: unknown merger 'lst'")
      expect(checked.stdout).toContain('included from broken/app.merged.yaml:3')
      // Not a terminal: no colours.
      expect(checked.stdout).not.toContain('\u001B[')

      const explained = bin('explain', 'layers/app.merged.yaml', 'server.port')
      expect(explained.code).toBe(0)
      expect(explained.stdout).toMatch(
        /server\.port = 443\n {2}set +layers\/base\.yaml:4:3 +dict\(replace\) +8080\n {2}replaced +layers\/env\/production\.yaml:3:3 +dict\(replace\) +443/,
      )

      const usage = bin('render')
      expect(usage.code).toBe(2)
      expect(usage.stderr).toContain('error: render needs an entry')
    })
  },
)
