// The `cache` option: a new build (a new plugin instance) serves an entry's stored code only while
// everything the entry depends on is what it was; any change renders it again. To tell a served
// module from a rendered one, the tests mark the stored code.
import { existsSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderSync } from '@merged-yaml/core'
import type { RenderOptions } from '@merged-yaml/core'
import type { UnpluginContextMeta, UnpluginOptions } from 'unplugin'
import { afterEach, describe, expect, it } from 'vitest'
import { generateModule } from '../../src/codegen/module.ts'
import { seal, unseal } from '../../src/plugin/disk-cache.ts'
import { RACY_MS } from '../../src/plugin/input-stamps.ts'
import { unpluginFactory } from '../../src/index.ts'
import type { Options } from '../../src/index.ts'
import { lines, writeTree } from '../helpers/tree.ts'

const MARK = '// served from the cache\n'

interface Build {
  load(entry: string): Promise<{ code: string; warnings: string[] }>
  end(): Promise<void>
}

// Every build started, so that each test waits for their cache writes before removing its folder.
const started: Build[] = []

/**
 * One build: a fresh plugin instance, as a new `vite build` process has. `oneOff`: Rollup's `watchMode` is
 * false (`Host.oneOffBuild`), as in `vite build`; otherwise the build may be a watcher's.
 */
function startBuild(root: string, options: Options = {}, oneOff = false): Build {
  const plugin = unpluginFactory(
    { root, dts: false, cache: '.cache', ...options, vars: { mode: 'development', ...options.vars } },
    { framework: 'rollup', versions: {} } as UnpluginContextMeta,
  ) as UnpluginOptions
  const context = (warnings: string[]) => ({
    meta: oneOff ? { watchMode: false } : {},
    addWatchFile: () => {},
    getWatchFiles: () => [],
    error: (message: unknown) => {
      throw new Error(typeof message === 'string' ? message : (message as { message: string }).message)
    },
    warn: (message: unknown) =>
      void warnings.push(typeof message === 'string' ? message : (message as { message: string }).message),
  })
  ;(plugin.buildStart as () => void).call(context([]))
  const build: Build = {
    async load(entry) {
      const warnings: string[] = []
      const hook = plugin.load as { handler: (this: unknown, id: string) => Promise<{ code: string }> }
      return { code: (await hook.handler.call(context(warnings), join(root, entry))).code, warnings }
    },
    // Rollup calls closeBundle once the output is generated: there the build's writes finish.
    async end() {
      await (plugin.buildEnd as () => Promise<void>).call(context([]))
      await (plugin.rollup!.closeBundle as () => Promise<void>).call(context([]))
    },
  }
  started.push(build)
  return build
}

/** Marks every stored module, so that serving one shows. */
function markStored(root: string): number {
  const stored = readdirSync(join(root, '.cache')).filter((name) => name.endsWith('.module'))
  for (const name of stored)
    // Sealed again: a stored module is served only while it matches its checksum.
    writeFileSync(
      join(root, '.cache', name),
      seal(unseal(readFileSync(join(root, '.cache', name), 'utf8'))!.replace('\n', `\n${MARK}`)),
    )
  return stored.length
}

/** Builds once (storing), marks what was stored, and starts the next build. */
async function storedThenNextBuild(root: string, entry: string, options: Options = {}): Promise<Build> {
  const first = startBuild(root, options)
  await first.load(entry)
  await first.end()
  expect(markStored(root)).toBe(1)
  return startBuild(root, options)
}

const fresh = (root: string, entry: string, options: RenderOptions = {}) =>
  generateModule(renderSync(join(root, entry), { root, vars: { mode: 'development' }, ...options }).value)

describe('the cache option', () => {
  let root = ''
  afterEach(async () => {
    await Promise.all(started.splice(0).map((build) => build.end()))
    rmSync(root, { recursive: true, force: true })
  })

  const layered = () =>
    writeTree({
      'base.yaml': lines('name: base', 'list: [1]'),
      'env/development.yaml': lines('merge_how: dict(recurse_list)+list(append)', 'list: [2]'),
      'app.merged.yaml': lines('#include', 'base.yaml', 'env/${mode}.yaml', '?local.yaml', 'features/*.yaml'),
      'features/a.yaml': lines('a: true'),
      'features/c.yaml': lines('c: true'),
    })

  it('serves the stored code while nothing changed, with its warnings', async () => {
    root = writeTree({
      'base.yaml': lines('name: base'),
      'app.merged.yaml': lines('#include', 'base.yaml', 'text/x-shellscript.sh'),
      'text/x-shellscript.sh': lines('#!/bin/sh', 'echo hi'),
    })
    const build = startBuild(root)
    const first = await build.load('app.merged.yaml')
    await build.end()
    expect(first.warnings.join('\n')).toContain('MY_PART_UNHANDLED')
    expect(markStored(root)).toBe(1)
    const served = await startBuild(root).load('app.merged.yaml')
    expect(served.code).toBe(MARK + fresh(root, 'app.merged.yaml'))
    expect(served.warnings).toEqual(first.warnings)
  })

  it.each([
    [
      'an included layer is edited (same size)',
      (dir: string) => writeFileSync(join(dir, 'base.yaml'), lines('name: BASE', 'list: [1]')),
    ],
    [
      'a file matching a glob include appears',
      (dir: string) => writeFileSync(join(dir, 'features/b.yaml'), lines('b: true')),
    ],
    [
      'a missing optional include appears',
      (dir: string) => writeFileSync(join(dir, 'local.yaml'), lines('local: true')),
    ],
    ['a globbed file is deleted', (dir: string) => rmSync(join(dir, 'features/a.yaml'))],
  ])('renders again when %s', async (_what, change) => {
    root = layered()
    const next = await storedThenNextBuild(root, 'app.merged.yaml')
    change(root)
    expect((await next.load('app.merged.yaml')).code).toBe(fresh(root, 'app.merged.yaml'))
  })

  it('renders again for other options (mode, vars, engine options)', async () => {
    root = layered()
    writeFileSync(join(root, 'env/production.yaml'), lines('list: [3]'))
    await storedThenNextBuild(root, 'app.merged.yaml')
    expect((await startBuild(root, { vars: { mode: 'production' } }).load('app.merged.yaml')).code).toBe(
      fresh(root, 'app.merged.yaml', { vars: { mode: 'production' } }),
    )
    expect((await startBuild(root, { mergeHow: 'dict()+list()+str()' }).load('app.merged.yaml')).code).toBe(
      fresh(root, 'app.merged.yaml', { mergeHow: 'dict()+list()+str()' }),
    )
  })

  it('keeps one stored module per mode: builds in turns serve their own', async () => {
    root = layered()
    writeFileSync(join(root, 'env/production.yaml'), lines('list: [3]'))
    const production = { vars: { mode: 'production' } }
    for (const options of [{}, production]) {
      const build = startBuild(root, options)
      await build.load('app.merged.yaml')
      await build.end()
    }
    expect(markStored(root)).toBe(2)
    expect((await startBuild(root).load('app.merged.yaml')).code).toBe(MARK + fresh(root, 'app.merged.yaml'))
    expect((await startBuild(root, production).load('app.merged.yaml')).code).toBe(
      MARK + fresh(root, 'app.merged.yaml', production),
    )
  })

  it("renders again when a file a dialect's options name changed (a Heat template)", async () => {
    root = writeTree({
      'template.yaml': lines(
        'heat_template_version: 2018-08-31',
        'parameters:',
        '  count: {type: number}',
        '  names: {type: comma_delimited_list}',
      ),
      'a.yaml': lines('parameters: {count: 1, names: "x"}'),
      'app.merged.yaml': lines('#include', 'a.yaml'),
    })
    const heat = { dialect: 'heat', heat: { template: 'template.yaml' } } as const
    const next = await storedThenNextBuild(root, 'app.merged.yaml', heat)
    expect((await next.load('app.merged.yaml')).code.startsWith(MARK)).toBe(true)
    writeFileSync(
      join(root, 'template.yaml'),
      lines('heat_template_version: 2018-08-31', 'parameters:', '  count: {type: string}', '  names: {type: string}'),
    )
    const again = (await startBuild(root, heat).load('app.merged.yaml')).code
    expect(again).toBe(fresh(root, 'app.merged.yaml', heat))
    expect(again.startsWith(MARK)).toBe(false)
  })

  it("renders a Datum store's node again when a layer of the store is edited", async () => {
    root = writeTree({
      'store/Datum.yml': lines('ResolutionPrecedence:', '  - AllNodes\\$($Node.Name)', '  - Roles\\Web'),
      'store/AllNodes/web01.yml': lines('Configurations: [Web]'),
      'store/Roles/Web.yml': lines('Web: {Port: 80}'),
    })
    const id = 'store/Datum.yml?node=web01'
    const node = { datum: { node: 'web01' } }
    const next = await storedThenNextBuild(root, id)
    expect((await next.load(id)).code).toBe(MARK + fresh(root, 'store/Datum.yml', node))
    writeFileSync(join(root, 'store/Roles/Web.yml'), lines('Web: {Port: 81}'))
    const again = (await startBuild(root).load(id)).code
    expect(again).toBe(fresh(root, 'store/Datum.yml', node))
    expect(again).toContain('81')
  })

  it('never stores a failed render, and recovers from a damaged cache', async () => {
    root = writeTree({ 'base.yaml': lines('a: [1'), 'app.merged.yaml': lines('#include', 'base.yaml') })
    const build = startBuild(root)
    await expect(build.load('app.merged.yaml')).rejects.toThrow(/MY_YAML_SYNTAX/)
    await build.end()
    expect(existsSync(join(root, '.cache')) && readdirSync(join(root, '.cache')).length).toBeFalsy()
    writeFileSync(join(root, 'base.yaml'), lines('a: [1]'))
    const next = startBuild(root)
    await next.load('app.merged.yaml')
    await next.end()
    for (const name of readdirSync(join(root, '.cache'))) writeFileSync(join(root, '.cache', name), '{"fingerprint": ')
    expect((await startBuild(root).load('app.merged.yaml')).code).toBe(fresh(root, 'app.merged.yaml'))
  })

  it('writes declarations from the stored value when serving', async () => {
    root = writeTree({
      'base.yaml': lines('name: base', 'port: 80'),
      'app.merged.yaml': lines('#include', 'base.yaml'),
    })
    const sidecar = join(root, 'app.merged.d.yaml.ts')
    const next = await storedThenNextBuild(root, 'app.merged.yaml', { dts: 'sidecar' })
    const written = readFileSync(sidecar, 'utf8')
    rmSync(sidecar)
    expect((await next.load('app.merged.yaml')).code.startsWith(MARK)).toBe(true)
    await next.end()
    expect(readFileSync(sidecar, 'utf8')).toBe(written)
    expect(written).toContain('port')
  })
})

// A stored module is served by its inputs' stamps (size, times, inode) when they hold, without
// gathering the entry again; its fingerprint is then never computed. To show a module served that
// way, the tests break its stored fingerprint: only the stamps can vouch for it. Inputs changed
// within RACY_MS of a build are not stamped (the fingerprint decides), so these tests wait that long.
describe('the cache option, served by its inputs’ stamps', () => {
  let root = ''
  afterEach(async () => {
    await Promise.all(started.splice(0).map((build) => build.end()))
    rmSync(root, { recursive: true, force: true })
  })

  /** Marks every stored module and breaks its fingerprint. */
  function markStampedOnly(dir: string): number {
    const stored = readdirSync(join(dir, '.cache')).filter((name) => name.endsWith('.module'))
    for (const name of stored) {
      const text = unseal(readFileSync(join(dir, '.cache', name), 'utf8'))!
      const newline = text.indexOf('\n')
      const meta = JSON.parse(text.slice(0, newline)) as { fingerprint: string; stamps?: unknown }
      expect(meta.stamps).toBeDefined()
      meta.fingerprint = 'stale'
      writeFileSync(join(dir, '.cache', name), seal(`${JSON.stringify(meta)}\n${MARK}${text.slice(newline + 1)}`))
    }
    return stored.length
  }

  async function stampedThenNextBuild(dir: string, entry: string, options: Options = {}, oneOff = false) {
    await new Promise((done) => setTimeout(done, Number(RACY_MS) + 100))
    const first = startBuild(dir, options, oneOff)
    await first.load(entry)
    await first.end()
    expect(markStampedOnly(dir)).toBe(1)
    return startBuild(dir, options, oneOff)
  }

  const layered = () => {
    const dir = writeTree({
      'base-a.yaml': lines('name: base', 'list: [1]'),
      'base-b.yaml': lines('name: BASE', 'list: [1]'),
      'env/development.yaml': lines('list: [2]'),
      'app.merged.yaml': lines('#include', 'base.yaml', 'env/${mode}.yaml', '?local.yaml', 'features/*.yaml'),
      'features/a.yaml': lines('a: true'),
      'features/c.yaml': lines('c: true'),
    })
    symlinkSync(join(dir, 'base-a.yaml'), join(dir, 'base.yaml'))
    return dir
  }

  it.each([false, true])(
    'serves the stored code while every stamp holds, and declares from the value merged then (one-off: %s)',
    async (oneOff) => {
      root = layered()
      const sidecar = join(root, 'app.merged.d.yaml.ts')
      const next = await stampedThenNextBuild(root, 'app.merged.yaml', { dts: 'sidecar' }, oneOff)
      const written = readFileSync(sidecar, 'utf8')
      rmSync(sidecar)
      expect((await next.load('app.merged.yaml')).code).toBe(MARK + fresh(root, 'app.merged.yaml'))
      await next.end()
      expect(readFileSync(sidecar, 'utf8')).toBe(written)
    },
  )

  const edits: [string, (dir: string) => void][] = [
    [
      'an included layer is edited (same size)',
      (dir) => writeFileSync(join(dir, 'env/development.yaml'), lines('list: [3]')),
    ],
    [
      'a link to a layer is pointed at another file of the same size',
      (dir) => {
        rmSync(join(dir, 'base.yaml'))
        symlinkSync(join(dir, 'base-b.yaml'), join(dir, 'base.yaml'))
      },
    ],
    ['a file matching a glob include appears', (dir) => writeFileSync(join(dir, 'features/b.yaml'), lines('b: true'))],
    ['a missing optional include appears', (dir) => writeFileSync(join(dir, 'local.yaml'), lines('local: true'))],
    ['a globbed file is deleted', (dir) => rmSync(join(dir, 'features/a.yaml'))],
  ]

  // A one-off build checks the stamps with its own memoized stats; any other build asks the disk.
  it.each(
    edits.flatMap(([what, change]) => [
      { what, build: 'a build that may watch', change, oneOff: false },
      { what, build: 'a one-off build', change, oneOff: true },
    ]),
  )('renders again when $what, in $build', async ({ change, oneOff }) => {
    root = layered()
    const next = await stampedThenNextBuild(root, 'app.merged.yaml', {}, oneOff)
    change(root)
    expect((await next.load('app.merged.yaml')).code).toBe(fresh(root, 'app.merged.yaml'))
  })
})
