#!/usr/bin/env node
// The three packages are released together at one version and depend on each other's exact version
// (test/repository/entries.test.ts). `npm run release` runs bumpp, which bumps the three manifests
// and then runs this script before it commits and tags:
//
//   node scripts/release-version.mjs               sync: the internal dependencies to the new version,
//                                                  CHANGELOG.md's [Unreleased] to `[x.y.z] - date` under
//                                                  a fresh [Unreleased], and the lockfile
//   node scripts/release-version.mjs --check X     exit 1 unless all of that already says X (the release
//                                                  workflow runs it on the tag before publishing)
//
// `--no-lockfile` leaves package-lock.json alone (the tests run the script in a scratch folder).
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'

const MANIFESTS = ['package.json', 'packages/core/package.json', 'packages/cli/package.json']
const CHANGELOG = 'CHANGELOG.md'
const UNRELEASED = /^## \[Unreleased\]\s*$/m

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'))
const writeJson = (file, value) => writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`)

/** Every way the repository disagrees with `version`, in words. */
function disagreements(version) {
  const manifests = MANIFESTS.map((file) => ({ file, manifest: readJson(file) }))
  const names = new Set(manifests.map(({ manifest }) => manifest.name))
  const found = []
  for (const { file, manifest } of manifests) {
    if (manifest.version !== version) found.push(`${file}: version ${manifest.version}, not ${version}`)
    for (const [name, range] of Object.entries(manifest.dependencies ?? {}))
      if (names.has(name) && range !== version) found.push(`${file}: depends on ${name}@${range}, not ${version}`)
  }
  if (!new RegExp(`^## \\[${version.replaceAll('.', '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm').test(read(CHANGELOG)))
    found.push(`${CHANGELOG}: no "## [${version}] - YYYY-MM-DD" section`)
  return found
}

function read(file) {
  return readFileSync(file, 'utf8')
}

/** The internal dependencies and the changelog follow the root manifest's (just bumped) version. */
function sync(version, { lockfile }) {
  const names = new Set(MANIFESTS.map((file) => readJson(file).name))
  for (const file of MANIFESTS) {
    const manifest = readJson(file)
    manifest.version = version
    for (const name of Object.keys(manifest.dependencies ?? {}))
      if (names.has(name)) manifest.dependencies[name] = version
    writeJson(file, manifest)
  }
  const changelog = read(CHANGELOG)
  if (!UNRELEASED.test(changelog)) throw new Error(`${CHANGELOG} has no "## [Unreleased]" section to release`)
  const date = new Date().toISOString().slice(0, 10)
  writeFileSync(CHANGELOG, changelog.replace(UNRELEASED, `## [Unreleased]\n\n## [${version}] - ${date}`))
  if (lockfile) execFileSync('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'])
}

const args = process.argv.slice(2)
const check = args.indexOf('--check')
if (check >= 0) {
  const version = args[check + 1]
  if (!version) throw new Error('usage: node scripts/release-version.mjs --check VERSION')
  const found = disagreements(version)
  for (const line of found) process.stderr.write(`${line}\n`)
  process.exitCode = found.length ? 1 : 0
} else {
  sync(readJson('package.json').version, { lockfile: !args.includes('--no-lockfile') })
}
