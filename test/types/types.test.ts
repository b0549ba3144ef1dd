// The generated declarations, checked by `tsc --noEmit` on a fixture project: the plugin writes them
// during a real build (sidecar, ambient, `asConst`), then each file either type-checks or must fail
// on every statement (a misspelt key, a wrong type, a readonly write). `/client` alone types the
// imports (as `any`) without generating anything, and with sidecar declarations gives way to them.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Options } from '../../src/index.ts'
import { build, REPO, removeDir } from '../plugin/bundlers.ts'
import { scaled } from '../helpers/time-scale.ts'

const FIXTURE = join(REPO, 'test/fixtures/plugin/types')
const TSC = join(REPO, 'node_modules/typescript/bin/tsc')
const projects: string[] = []
afterAll(() => projects.forEach(removeDir))

/** A copy of the fixture where the plugin can write declarations, with the package installed. */
function createProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'my-plugin-types-'))
  projects.push(root)
  cpSync(FIXTURE, root, { recursive: true })
  mkdirSync(join(root, 'node_modules'))
  symlinkSync(REPO, join(root, 'node_modules/unplugin-merged-yaml'), 'dir')
  return root
}

interface TscError {
  file: string
  line: number
  code: string
  text: string
}

/** Runs tsc on the given files with the given extra compiler options and returns its errors. */
function typecheck(root: string, files: string[], compilerOptions: Record<string, unknown> = {}): TscError[] {
  const tsconfig = {
    compilerOptions: {
      strict: true,
      noEmit: true,
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      skipLibCheck: true,
      types: [],
      ...compilerOptions,
    },
    files,
  }
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2))
  const run = spawnSync(process.execPath, [TSC, '-p', join(root, 'tsconfig.json'), '--pretty', 'false'], {
    cwd: root,
    encoding: 'utf8',
    timeout: scaled(120_000),
  })
  if (run.status !== 0 && run.status !== 2) throw new Error(`tsc exited with ${run.status}: ${run.stderr}${run.stdout}`)
  return [...run.stdout.matchAll(/^(.+?)\((\d+),\d+\): error (TS\d+): (.*)$/gm)].map((m) => ({
    file: m[1]!,
    line: Number(m[2]),
    code: m[3]!,
    text: m[4]!,
  }))
}

/** The line numbers of a fixture file's statements after its imports (each one must fail). */
function statementLines(root: string, file: string): number[] {
  const lines = readFileSync(join(root, file), 'utf8').split('\n')
  const lastImport = lines.findLastIndex((line) => line.startsWith('import '))
  return lines.flatMap((line, i) => (i > lastImport && line.trim() && !line.startsWith('//') ? [i + 1] : []))
}

async function generate(root: string, dts: Options['dts']): Promise<void> {
  await build('rollup', { root, entry: 'src/entry.js', options: { dts } })
}

describe('generated declarations', () => {
  it('sidecar: x.merged.d.yaml.ts next to each entry, with allowArbitraryExtensions', async () => {
    const root = createProject()
    await generate(root, true)
    expect(existsSync(join(root, 'src/config/app.merged.d.yaml.ts'))).toBe(true)
    expect(existsSync(join(root, 'src/other/app.merged.d.yaml.ts'))).toBe(true)

    const errors = typecheck(root, ['src/main.ts', 'src/typos.ts'], { allowArbitraryExtensions: true })
    expect(errors.filter((e) => e.file !== 'src/typos.ts')).toEqual([])
    expect(errors.map((e) => e.line)).toEqual(statementLines(root, 'src/typos.ts'))
    expect(errors[0]!.text).toMatch(/Property 'ulr' does not exist on type '{ url: string; timeout: number; }'/)
  })

  it('ambient: one declarations file, entries told apart by their shortest distinct path', async () => {
    const root = createProject()
    await generate(root, 'ambient')
    const ambient = readFileSync(join(root, 'merged-yaml.d.ts'), 'utf8')
    expect(ambient).toContain('declare module "*/config/app.merged.yaml" {')
    expect(ambient).toContain('declare module "*/other/app.merged.yaml" {')

    const errors = typecheck(root, ['merged-yaml.d.ts', 'src/main.ts', 'src/typos.ts'])
    expect(errors.filter((e) => e.file !== 'src/typos.ts')).toEqual([])
    expect(errors.map((e) => e.line)).toEqual(statementLines(root, 'src/typos.ts'))
  })

  it('asConst: literal, readonly types', async () => {
    const root = createProject()
    await generate(root, { asConst: true })
    const errors = typecheck(root, ['src/main.ts', 'src/const-checks.ts', 'src/const-typos.ts'], {
      allowArbitraryExtensions: true,
    })
    expect(errors.filter((e) => e.file !== 'src/const-typos.ts')).toEqual([])
    expect(errors.map((e) => e.line)).toEqual(statementLines(root, 'src/const-typos.ts'))
    expect(errors[0]!.code).toBe('TS2540') // cannot assign to a read-only property
  })

  it("from the entry's JSON Schema: required and optional keys, enums, oneOf, $refs, in every mode", async () => {
    const root = createProject()
    await generate(root, true)
    const sidecar = readFileSync(join(root, 'src/schema/app.merged.d.yaml.ts'), 'utf8')
    expect(sidecar).toContain('/** Where the shop listens. */\ntype Server = {')
    expect(sidecar).toContain(`mode: "production" | "development"`)
    const errors = typecheck(root, ['src/schema-main.ts', 'src/schema-typos.ts'], { allowArbitraryExtensions: true })
    expect(errors.filter((e) => e.file !== 'src/schema-typos.ts')).toEqual([])
    expect(errors.map((e) => e.line)).toEqual(statementLines(root, 'src/schema-typos.ts'))
    expect(errors[0]!.text).toMatch(/Type '"prod"' is not assignable to type '"production" \| "development"'/)
  })

  it('across modes: the same declaration whichever mode built last, a key only one mode sets optional', async () => {
    const root = createProject()
    // Only development sets `devtools`; production (env/production.yaml) does not.
    writeFileSync(join(root, 'src/config/env/development.yaml'), 'devtools: true\napi:\n  url: http://localhost\n')
    writeFileSync(
      join(root, 'src/modes.ts'),
      "import config from './config/app.merged.yaml'\nexport const devtools: boolean | undefined = config.devtools\n",
    )
    const { build: viteBuild } = await import('vite')
    const { default: MergedYaml } = await import('../../src/vite.ts')
    const texts: string[] = []
    for (const mode of ['development', 'production', 'development']) {
      await viteBuild({
        root,
        mode,
        configFile: false,
        logLevel: 'silent',
        plugins: [MergedYaml({ dts: 'sidecar' })],
        build: { write: false, rolldownOptions: { input: join(root, 'src/entry.js') } },
      })
      texts.push(readFileSync(join(root, 'src/config/app.merged.d.yaml.ts'), 'utf8'))
      const errors = typecheck(root, ['src/main.ts', 'src/modes.ts'], { allowArbitraryExtensions: true })
      expect(errors, `tsc after a ${mode} build`).toEqual([])
    }
    expect(new Set(texts).size).toBe(1)
    expect(texts[0]).toContain('  devtools?: boolean\n')
  })

  it('sidecar with the client types: tsc passes before any build, the declarations take over after one', async () => {
    const root = createProject()
    const compilerOptions = { allowArbitraryExtensions: true, types: ['unplugin-merged-yaml/client'] }
    expect(typecheck(root, ['src/client.ts'], compilerOptions)).toEqual([])
    await generate(root, true)
    const errors = typecheck(root, ['src/main.ts', 'src/typos.ts'], compilerOptions)
    expect(errors.filter((e) => e.file !== 'src/typos.ts')).toEqual([])
    expect(errors.map((e) => e.line)).toEqual(statementLines(root, 'src/typos.ts'))
  })

  it('unplugin-merged-yaml/client types the import when nothing is generated', () => {
    const root = createProject()
    expect(typecheck(root, ['src/client.ts'])).toEqual([
      expect.objectContaining({ file: 'src/client.ts', text: expect.stringMatching(/Cannot find module/) }),
    ])
    expect(typecheck(root, ['src/client.ts'], { types: ['unplugin-merged-yaml/client'] })).toEqual([])
  })
})
