// A one-off build prints the first warning of each code in full and, at its end, one summary per code:
// a count per layer with its first locations, the layers that warn most first. `verboseWarnings`
// prints every warning. Counted through a real `vite build`, everything it prints captured; then through
// each bundler's one-off build (the shared bundler table), its warnings and what the plugin printed.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Stats } from 'webpack'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Diagnostic } from '@merged-yaml/core'
import type { Options } from '../../src/index.ts'
import MergedYamlVite from '../../src/vite.ts'
import MergedYamlWebpack from '../../src/webpack.ts'
import { createWarningSummary, SUMMARY_LAYERS, SUMMARY_LOCATIONS } from '../../src/plugin/warning-summary.ts'
import { lines, writeTree } from '../helpers/tree.ts'
import { build, BUNDLERS, bunUnavailable } from './bundlers.ts'
import type { BundlerName } from './bundlers.ts'

const ENTRIES = 30
const KEYS = 5

// cloud-init keeps the first layer's values: each key a later layer sets again is a MY_MERGE_DISCARDED
// warning (strict mode). shared.yaml's warn once per build (the same location in every entry); each
// entry's own layer warns KEYS times.
function corpus(entries = ENTRIES): string {
  const keys = Array.from({ length: KEYS }, (_, k) => `key${k}: base`)
  const files: Record<string, string> = {
    'base.yaml': lines('#cloud-config', 'merge_how: dict(recurse_list)+list(append)+str()', ...keys),
    'shared.yaml': lines(...keys.map((key) => key.replace('base', 'shared'))),
  }
  const imports: string[] = []
  for (let i = 0; i < entries; i++) {
    files[`apps/app-${i}.yaml`] = lines(...keys.map((key) => key.replace('base', `app-${i}`)))
    files[`app-${i}.merged.yaml`] = lines('#include', 'base.yaml', 'shared.yaml', `apps/app-${i}.yaml`)
    imports.push(`import app${i} from './app-${i}.merged.yaml'`)
  }
  files['main.js'] = lines(...imports, `globalThis.apps = [${imports.map((_, i) => `app${i}`).join(', ')}]`)
  return writeTree(files, 'warning-summary')
}

/** Builds the corpus with Vite and returns every line printed meanwhile. */
async function printedBy(root: string, options: Options): Promise<string[]> {
  const printed: string[] = []
  const capture = (...args: unknown[]) => void printed.push(...args.map(String).join(' ').split('\n'))
  const spies = [vi.spyOn(console, 'warn'), vi.spyOn(console, 'log'), vi.spyOn(console, 'error')]
  for (const spy of spies) spy.mockImplementation(capture)
  try {
    const { build } = await import('vite')
    await build({
      root,
      configFile: false,
      logLevel: 'warn',
      mode: 'production',
      plugins: [MergedYamlVite({ dts: false, cache: false, ...options })],
      build: { write: false, rolldownOptions: { input: `${root}/main.js` } },
    })
  } finally {
    for (const spy of spies) spy.mockRestore()
  }
  return printed
}

describe('a one-off build’s warnings', () => {
  let root = ''
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('are summarised: the first of each code in full, then a count per layer with its first locations', async () => {
    root = corpus()
    const printed = await printedBy(root, {})
    const text = printed.join('\n')
    // Shown in full: one warning, located and framed.
    expect(text.match(/warning MY_MERGE_DISCARDED/g)).toHaveLength(1)
    // The rest: shared.yaml's KEYS less the one shown, and every entry's own layer's.
    const rest = KEYS - 1 + ENTRIES * KEYS
    expect(text).toContain(`MY_MERGE_DISCARDED: ${rest} more warnings in ${ENTRIES + 1} layers`)
    const layerLines = printed.filter((line) => / ×\d+ \(/.test(line))
    expect(layerLines).toHaveLength(SUMMARY_LAYERS)
    expect(layerLines[0]).toMatch(
      new RegExp(
        `^ {2}apps/app-\\d+\\.yaml ×${KEYS} \\(${Array(SUMMARY_LOCATIONS).fill('\\d+:\\d+').join(', ')}, …\\)$`,
      ),
    )
    expect(text).toContain(`and ${ENTRIES + 1 - SUMMARY_LAYERS} more layers`)
    expect(text).toContain('`merged-yaml check`, the inspector, or the option `verboseWarnings: true`')
    // Tens of lines, where every warning in full takes more than a thousand.
    expect(printed.length).toBeLessThan(40)
  })

  it('are all shown with verboseWarnings, and no summary', async () => {
    root = corpus()
    const text = (await printedBy(root, { verboseWarnings: true })).join('\n')
    expect(text.match(/warning MY_MERGE_DISCARDED/g)).toHaveLength(KEYS + ENTRIES * KEYS)
    expect(text).not.toContain('more warnings in')
  })
})

/** Entries of the corpus each bundler builds: fewer than Vite's above, the same shape. */
const BUNDLER_ENTRIES = 6
const SKIPPED: Partial<Record<BundlerName, string | undefined>> = { bun: bunUnavailable() }

/** webpack and Rspack print a build's warnings with its stats: the summary is one of the compilation's warnings. */
const SUMMARY_IN_STATS: readonly BundlerName[] = ['webpack', 'rspack']

/**
 * A one-off build of the corpus with `bundler`: the warnings it reports (`reported`), and those with what
 * the plugin printed on the console (`text`).
 */
async function warnedBy(bundler: BundlerName, root: string, options: Options) {
  const reported: string[] = []
  const printed: string[] = []
  const spy = vi.spyOn(console, 'warn').mockImplementation((...args) => void printed.push(args.map(String).join(' ')))
  try {
    const request = { root, entry: 'main.js', options: { dts: false, cache: false, ...options }, warnings: reported }
    await build(bundler, request)
  } finally {
    spy.mockRestore()
  }
  return { reported: reported.join('\n'), text: [...reported, ...printed].join('\n') }
}

describe('a summary', () => {
  it('groups thousands in its counts as en-US does', () => {
    const summary = createWarningSummary('[p]')
    const warning = { code: 'MY_MERGE_DISCARDED', severity: 'warning', message: 'm', file: '/app/a.yaml', column: 1 }
    for (let line = 1; line <= 12_346; line++) summary.showNow({ ...warning, line } as Diagnostic)
    expect(summary.take('/app')[0]).toBe(
      '[p] MY_MERGE_DISCARDED: 12,345 more warnings in 1 layer, like the one shown above:',
    )
  })
})

describe.each(BUNDLERS)('a one-off %s build’s warnings', (bundler) => {
  const skip = SKIPPED[bundler]
  const title = (text: string) => (skip ? `${text} (skipped: ${skip})` : text)
  let root = ''
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it.skipIf(skip)(title('are the first of each code, then a summary with the count of the others'), async () => {
    root = corpus(BUNDLER_ENTRIES)
    const { reported, text } = await warnedBy(bundler, root, {})
    expect(text.match(/warning MY_MERGE_DISCARDED/g)).toHaveLength(1)
    const rest = KEYS - 1 + BUNDLER_ENTRIES * KEYS
    const summary = `MY_MERGE_DISCARDED: ${rest} more warnings in ${BUNDLER_ENTRIES + 1} layers`
    expect(text).toContain(summary)
    if (SUMMARY_IN_STATS.includes(bundler)) expect(reported).toContain(summary)
  })

  it.skipIf(skip)(title('are all shown with verboseWarnings'), async () => {
    root = corpus(BUNDLER_ENTRIES)
    const { text } = await warnedBy(bundler, root, { verboseWarnings: true })
    expect(text.match(/warning MY_MERGE_DISCARDED/g)).toHaveLength(KEYS + BUNDLER_ENTRIES * KEYS)
    expect(text).not.toContain('more warnings in')
  })
})

describe('a webpack watch build’s warnings', () => {
  let root = ''
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('are every render’s, not summarised: a compiler that watches runs no one-off build', async () => {
    root = corpus(BUNDLER_ENTRIES)
    const { default: webpack } = await import('webpack')
    const compiler = webpack({
      mode: 'production',
      context: root,
      entry: './main.js',
      output: { path: mkdtempSync(join(tmpdir(), 'my-out-webpack-')) },
      plugins: [MergedYamlWebpack({ dts: false, cache: false })],
      infrastructureLogging: { level: 'none' },
    })
    // The first compilation of `watch()`, then the watcher closed.
    const stats = await new Promise<Stats>((resolve, reject) => {
      const watching = compiler.watch({}, (error, stats) =>
        watching!.close(() => (error ? reject(error) : resolve(stats!))),
      )
    })
    await new Promise<void>((resolve) => compiler.close(() => resolve()))
    const text = stats.compilation.warnings.map((warning) => warning.message).join('\n')
    // Each entry's: shared.yaml's KEYS and its own layer's.
    expect(text.match(/warning MY_MERGE_DISCARDED/g)).toHaveLength(BUNDLER_ENTRIES * 2 * KEYS)
    expect(text).not.toContain('more warnings in')
  })
})
