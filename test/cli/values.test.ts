// The values dialect from the command line: `--dialect values`, cloud-init's flags choosing cloud-init
// for an entry without markers, and the warnings `check --max-warnings 0` fails on.
import { describe, expect, it } from 'vitest'
import { lines, writeTree } from '../helpers/tree.ts'
import { run } from './helpers.ts'

const tree = () =>
  writeTree({
    'app.merged.yaml': lines('#include', 'base.yaml', 'production.yaml'),
    'base.yaml': lines('api:', '  url: dev', '  retries: 3'),
    'production.yaml': lines('api:', '  url: prod'),
  })

describe('merged-yaml and the values dialect', () => {
  it('merges an entry without markers as values; --stack per-part or --dialect cloud-init choose cloud-init', async () => {
    const cwd = tree()
    const values = await run(['render', 'app.merged.yaml', '--format', 'json'], { cwd })
    expect([values.code, JSON.parse(values.stdout)]).toEqual([0, { api: { url: 'prod', retries: 3 } }])
    for (const flags of [
      ['--stack', 'per-part'],
      ['--dialect', 'cloud-init'],
    ]) {
      const cloudInit = await run(['render', 'app.merged.yaml', '--format', 'json', ...flags], { cwd })
      expect([cloudInit.code, JSON.parse(cloudInit.stdout)]).toEqual([0, { api: { url: 'prod' } }])
    }
  })

  it('--dialect values merges an entry with a #cloud-config header as values', async () => {
    const cwd = writeTree({
      'app.merged.yaml': lines('#include', 'base.yaml', 'production.yaml'),
      'base.yaml': lines('#cloud-config', 'api: {url: dev, retries: 3}'),
      'production.yaml': lines('api: {url: prod}'),
    })
    const r = await run(['render', 'app.merged.yaml', '--format', 'json', '--dialect', 'values'], { cwd })
    expect(JSON.parse(r.stdout)).toEqual({ api: { url: 'prod', retries: 3 } })
  })

  it("check --max-warnings 0 fails on what cloud-init's merge keeps out", async () => {
    const cwd = writeTree({
      'app.merged.yaml': lines('#include', 'base.yaml', 'production.yaml'),
      'base.yaml': lines('#cloud-config', 'merge_how: dict(recurse_list)+list(append)+str()', 'api: {timeoutMs: 5000}'),
      'production.yaml': lines('api: {timeoutMs: 2500}'),
    })
    const r = await run(['check', 'app.merged.yaml', '--max-warnings', '0'], { cwd })
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('production.yaml:1:7: warning MY_MERGE_DISCARDED')
  })
})
