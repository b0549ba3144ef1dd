// `npm run test:node-versions -- [--properties] [vitest arguments]`: the `unit` project (or, with
// --properties, the property tests, scripts/property-tests.mjs; or the files given) on other Node
// versions than the one running npm — NODE_VERSIONS, default `22,24`. Each version is the npm
// registry's `node` package, installed once into node_modules/.cache/node-versions/<major>; the
// suite itself (its node_modules, dist/) is this checkout's. Exits 1 when any version fails.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { propertyTestFiles, REPO } from './property-tests.mjs'

const versions = (process.env.NODE_VERSIONS ?? '22,24')
  .split(',')
  .map((v) => v.trim())
  .filter(Boolean)
const args = process.argv.slice(2)
const properties = args.includes('--properties')
const rest = args.filter((arg) => arg !== '--properties')
const vitestArgs = ['run', '--project', 'unit', ...(properties ? propertyTestFiles() : []), ...rest]

/** The `node` binary of `version` (a major, or any range npm takes), installed on first use. */
function nodeBinary(version) {
  if (!/^[\w.^~<>=*-]+$/.test(version)) throw new Error(`not a Node version: ${JSON.stringify(version)}`)
  const dir = join(REPO, 'node_modules/.cache/node-versions', version)
  const binary = join(dir, 'node_modules/node/bin/node')
  if (!existsSync(binary)) {
    mkdirSync(dir, { recursive: true })
    // A project of its own: without it, npm would take the repository's package.json for the project and
    // install the `node` package (and a node_modules/.bin/node) into the repository.
    writeFileSync(join(dir, 'package.json'), '{ "private": true }\n')
    console.log(`node-versions: installing node@${version} into ${dir}`)
    const install = spawnSync(
      'npm',
      ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--no-package-lock', `node@${version}`],
      { cwd: dir, stdio: 'inherit' },
    )
    if (install.status !== 0 || !existsSync(binary)) throw new Error(`npm could not install node@${version}`)
  }
  return binary
}

const results = []
for (const version of versions) {
  const node = nodeBinary(version)
  const actual = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()
  console.log(`\nnode-versions: Node ${actual}: vitest ${vitestArgs.join(' ')}`)
  const started = Date.now()
  // The binary's folder first on PATH: child processes the tests start with `node` run it too.
  const env = { ...process.env, PATH: `${join(node, '..')}:${process.env.PATH}` }
  const run = spawnSync(node, [join(REPO, 'node_modules/vitest/vitest.mjs'), ...vitestArgs], {
    cwd: REPO,
    env,
    stdio: 'inherit',
  })
  results.push({ version: actual, ok: run.status === 0, seconds: (Date.now() - started) / 1000 })
}
console.log(
  `\nnode-versions: ${results.map((r) => `${r.version} ${r.ok ? 'passed' : 'FAILED'} (${r.seconds.toFixed(0)} s)`).join(', ')}`,
)
process.exit(results.every((r) => r.ok) ? 0 : 1)
