// A fresh clone stays clean: `npm install` leaves the committed lockfiles as they are. npm rewrites a
// lockfile that misses an entry it would write (another platform's optional package, a dependency
// added to package.json only), so each committed lockfile is given to `npm install
// --package-lock-only` in a scratch folder, with the package.json files committed beside it, and must
// come back unchanged. The committed files (HEAD), not the working tree: `npm install` has already
// rewritten the working tree's lockfile in the clone this runs in. How to regenerate: CONTRIBUTING.md.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { skipUnlessAvailable, titleUnlessAvailable } from '../helpers/available.ts'
import { scaled } from '../helpers/time-scale.ts'

const REPO = resolve(import.meta.dirname, '../..')
const scratch: string[] = []
afterAll(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

/** A committed file's text, or undefined when it is not in HEAD. */
function committed(path: string): string | undefined {
  const git = spawnSync('git', ['show', `HEAD:${path}`], { cwd: REPO, encoding: 'utf8', maxBuffer: 64 << 20 })
  return git.status === 0 ? git.stdout : undefined
}

const noCheckout = committed('package.json') === undefined ? 'not a git checkout with a commit' : undefined

interface Lockfile {
  packages: Record<string, { version?: string }>
}

/** The packages one lockfile has and the other has not, or at another version. */
function lockDifferences(before: Lockfile, after: Lockfile): string[] {
  const names = new Set([...Object.keys(before.packages), ...Object.keys(after.packages)])
  return [...names].flatMap((name) => {
    const [a, b] = [before.packages[name], after.packages[name]]
    if (!a) return [`+ ${name}@${b!.version}`]
    if (!b) return [`- ${name}@${a.version}`]
    return a.version === b.version ? [] : [`~ ${name}: ${a.version} → ${b.version}`]
  })
}

/** The folders of a project (relative to the repository) whose package.json npm reads. */
function projectFolders(project: string): string[] {
  const manifest = JSON.parse(committed(join(project, 'package.json'))!) as { workspaces?: string[] }
  return [project, ...(manifest.workspaces ?? []).map((workspace) => join(project, workspace))]
}

describe.skipIf(skipUnlessAvailable(noCheckout))(
  titleUnlessAvailable('the committed lockfiles are what `npm install` writes', noCheckout),
  () => {
    // The repository's own, and the one of the frameworks the tests install (test/frameworks).
    it.for(['.', 'test/frameworks'])('%s/package-lock.json', (project, { skip }) => {
      const dir = mkdtempSync(join(tmpdir(), 'my-lockfile-'))
      scratch.push(dir)
      for (const folder of projectFolders(project)) {
        const file = join(dir, relative(project, folder), 'package.json')
        mkdirSync(dirname(file), { recursive: true })
        writeFileSync(file, committed(join(folder, 'package.json'))!)
      }
      const lockfile = committed(join(project, 'package-lock.json'))
      expect(lockfile, `${project}/package-lock.json is committed`).toBeDefined()
      writeFileSync(join(dir, 'package-lock.json'), lockfile!)
      const flags = ['--package-lock-only', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund']
      const npm = spawnSync('npm', ['install', ...flags], { cwd: dir, encoding: 'utf8', timeout: scaled(300_000) })
      const output = `${npm.stdout}${npm.stderr}`
      if (npm.status !== 0 && /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ENETUNREACH/.test(output)) {
        const why = `npm cannot reach the registry: ${output.trim().split('\n')[0]}`
        skip(skipUnlessAvailable(why), why)
      }
      expect(npm.status, output).toBe(0)
      const after = readFileSync(join(dir, 'package-lock.json'), 'utf8')
      const changes = lockDifferences(JSON.parse(lockfile!) as Lockfile, JSON.parse(after) as Lockfile)
      expect(changes, `npm install rewrites ${project}/package-lock.json (see CONTRIBUTING.md)`).toEqual([])
      expect(after === lockfile, `npm install rewrites ${project}/package-lock.json (see CONTRIBUTING.md)`).toBe(true)
    })
  },
)
