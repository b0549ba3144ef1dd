// Builds of one project in several processes at once (a monorepo's task runner), and a build killed
// while it writes declarations: no build fails because of another, and no declaration is left cut
// short. Each build is a child process running the built plugin (dist/) under Rollup.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { GENERATED_MARK } from '../../src/codegen/declaration.ts'
import { lines, writeTree } from '../helpers/tree.ts'
import { REPO } from './bundlers.ts'

const ENTRIES = 30
// Each build is a process that loads Rollup and the plugin: seconds each on a shared machine.
const TIMEOUT = 300_000

/** A project of ENTRIES entries sharing a layer, each imported by main.js. */
function project(): string {
  const files: Record<string, string> = { 'shared.yaml': lines('api:', '  timeoutMs: 5000', '  retries: 3') }
  const imports: string[] = []
  for (let i = 0; i < ENTRIES; i++) {
    files[`config/app-${i}.merged.yaml`] = lines('#include', '../shared.yaml', `own-${i}.yaml`)
    files[`config/own-${i}.yaml`] = lines(
      `name: app-${i}`,
      'list:',
      ...Array.from({ length: 50 }, (_, k) => `  - ${k}`),
    )
    imports.push(`import c${i} from './config/app-${i}.merged.yaml'`)
  }
  files['main.js'] = [...imports, `console.log(${Array.from({ length: ENTRIES }, (_, i) => `c${i}`).join(', ')})`].join(
    '\n',
  )
  return writeTree(files, 'concurrent')
}

// One Rollup build with the built plugin; `provenance` says whether its declarations carry maps.
const BUILD_SCRIPT = `
const [repo, root, provenance] = process.argv.slice(1)
const { createRequire } = await import('node:module')
const require = createRequire(repo + '/package.json')
const { rollup } = await import(require.resolve('rollup'))
const { default: MergedYaml } = await import(repo + '/dist/rollup.js')
const dts = { provenance: provenance === 'true' }
const bundle = await rollup({ input: root + '/main.js', plugins: [MergedYaml({ root, dts })], onwarn() {} })
await bundle.generate({ format: 'es' })
await bundle.close()
console.log('built')
`

interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
  output: string
}

function build(root: string, provenance: boolean, onStart?: (kill: () => void) => void): Promise<Exit> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', BUILD_SCRIPT, REPO, root, String(provenance)])
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk))
    child.on('close', (code, signal) => done({ code, signal, output }))
    onStart?.(() => child.kill('SIGKILL'))
  })
}

const declarations = (root: string) =>
  readdirSync(join(root, 'config'))
    .filter((name) => name.endsWith('.d.yaml.ts'))
    .map((name) => join(root, 'config', name))

/** Whether a declaration is whole: our header, and its last line (the last key's export, or the map's comment). */
const isWhole = (text: string): boolean =>
  text.startsWith(GENERATED_MARK) &&
  /\nexport declare const list: Value\["list"\]\n(?:\/\/# sourceMappingURL=\S+\n?)?$/.test(text)

function expectWhole(root: string): void {
  for (const file of declarations(root)) expect(isWhole(readFileSync(file, 'utf8')), file).toBe(true)
}

describe('builds of one project in several processes', () => {
  it(
    'four parallel builds after a provenance build all succeed, three rounds in a row',
    async () => {
      const root = project()
      for (let round = 0; round < 3; round++) {
        // The provenance build writes maps; each of the next four removes them.
        expect((await build(root, true)).code).toBe(0)
        expect(existsSync(join(root, 'config/app-0.merged.d.yaml.ts.map'))).toBe(true)
        const exits = await Promise.all([1, 2, 3, 4].map(() => build(root, false)))
        for (const exit of exits) expect(exit, exit.output).toMatchObject({ code: 0 })
        expect(existsSync(join(root, 'config/app-0.merged.d.yaml.ts.map'))).toBe(false)
        expect(declarations(root)).toHaveLength(ENTRIES)
        expectWhole(root)
        expect(readdirSync(join(root, 'config')).filter((name) => name.endsWith('.tmp'))).toEqual([])
      }
    },
    TIMEOUT,
  )

  it(
    'a build killed while it writes declarations leaves none cut short, and the next one heals any',
    async () => {
      const root = project()
      // Left by an earlier version killed mid-write: an empty file and one cut inside the header.
      writeFileSync(join(root, 'config/app-1.merged.d.yaml.ts'), '')
      writeFileSync(join(root, 'config/app-2.merged.d.yaml.ts'), GENERATED_MARK.slice(0, 10))
      const killed = await build(root, true, (kill) => {
        // Killed as soon as the first new declaration appears: the others are being written.
        const poll = setInterval(() => {
          if (!existsSync(join(root, 'config/app-0.merged.d.yaml.ts'))) return
          clearInterval(poll)
          kill()
        }, 1)
      })
      expect(killed.signal === 'SIGKILL' || killed.code === 0, killed.output).toBe(true)
      // Whole or absent: the kill leaves no declaration cut short.
      for (const file of declarations(root).filter((file) => !/app-[12]\./.test(file)))
        expect(isWhole(readFileSync(file, 'utf8')), file).toBe(true)
      const next = await build(root, false)
      expect(next.code, next.output).toBe(0)
      expect(next.output).not.toContain('MY_DTS_NOT_OURS')
      expect(declarations(root)).toHaveLength(ENTRIES)
      expectWhole(root)
    },
    TIMEOUT,
  )
})
