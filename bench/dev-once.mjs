#!/usr/bin/env node
// One Vite dev server session in a fresh process, driven by headless Chromium, reported as one JSON
// line on stdout. Run by dev.mjs: node dev-once.mjs '{"variant":"dts","root":"…","main":"…",…}'
//   variant: dts (our plugin, default options but `cache: false`) | dts-cached (with `cache: true`,
//            its folder filled by an earlier session) | json (the pre-merged JSON, imported natively)
//   main:    the app module (relative to root): imports every entry, sets globalThis.__benchLoadedAt
//            once they are all loaded, accepts its own hot updates; its probe records the Vite
//            client's update events in globalThis.__benchUpdates (dev.mjs writes both)
//   count:   how many values the app holds once loaded (checked)
//   edit:    { file, check } to measure hot updates: `file` (relative to root) is edited `edits` times
//            (a new top-level key each time) and restored afterwards; `check` is the path, in the
//            app's first value, where the new key must appear ('' for ours, 'base' for json)
//   edits:   how many edits are measured (after one that is not)
//
// start: from before Vite (and our plugin) are imported to the moment the page's app module has run
// with every entry loaded, on the wall clock (the page's performance.timeOrigin + now, and ours).
// hot updates: from the edit's write to the Vite client's `vite:afterUpdate` (the new modules have
// run in the page and hold the edited value), and to `vite:beforeUpdate` (the update's message
// reached the page). A full reload instead of a hot update fails the session.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM, DTS_CACHE_FOLDER } from './corpus.mjs'

const { variant, root, main, count, edit, edits = 3 } = JSON.parse(process.argv[2])
const now = () => performance.timeOrigin + performance.now()
// `dts-cached` keeps its modules where `cache: true` does in Vite, the cacheDir (which the dev server
// does not watch); the cacheDir is set inside the corpus so that dev.mjs can empty it.
const OPTIONS = { dts: { cache: false }, 'dts-cached': { cache: true } }

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
let server
let restore
try {
  const page = await browser.newPage()
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  if (process.env.BENCH_DEBUG) page.on('console', (m) => process.stderr.write(`console: ${m.text()}\n`))
  if (process.env.BENCH_DEBUG) page.on('framenavigated', (f) => process.stderr.write(`navigated: ${f.url()}\n`))

  // Written before the server starts: Vite reloads the page when an HTML file changes.
  const html = `dev-${main.replace(/\.js$/, '')}.html`
  const pageHtml = `<!doctype html>\n<script type="module" src="/${main}"></script>\n`
  if (!existsSync(join(root, html)) || readFileSync(join(root, html), 'utf8') !== pageHtml)
    writeFileSync(join(root, html), pageHtml)

  const started = now()
  const { createServer } = await import('vite')
  const plugins = OPTIONS[variant] ? [(await import('unplugin-merged-yaml/vite')).default(OPTIONS[variant])] : []
  server = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    clearScreen: false,
    server: { port: 0, host: '127.0.0.1' },
    cacheDir: join(root, DTS_CACHE_FOLDER),
    plugins,
  })
  await server.listen()
  const { port } = server.httpServer.address()
  await page.goto(`http://127.0.0.1:${port}/${html}`)
  await page.waitForFunction(() => globalThis.__benchLoadedAt, undefined, { polling: 50, timeout: 300_000 })
  const loaded = await page.evaluate(() => ({
    at: globalThis.__benchLoadedAt,
    n: globalThis.__mergedYamlBench.length,
    page: globalThis.__benchPage,
  }))
  if (loaded.n !== count) throw new Error(`the page holds ${loaded.n} values, not ${count}`)
  const result = { startMs: loaded.at - started, updates: [] }

  if (edit) {
    const path = join(root, edit.file)
    const original = readFileSync(path, 'utf8')
    restore = () => writeFileSync(path, original)
    // Let the server settle (declarations are written shortly after the loads).
    await new Promise((resolve) => setTimeout(resolve, 1000))
    for (let n = 0; n <= edits; n++) {
      const before = await page.evaluate(() => globalThis.__benchUpdates.length)
      const marker = `edit-${n}-${Date.now()}`
      const text = edit.file.endsWith('.json')
        ? JSON.stringify({ ...JSON.parse(original), bench_hmr: marker })
        : `${original.replace(/\n?$/, '\n')}bench_hmr: ${marker}\n`
      const written = now()
      writeFileSync(path, text)
      await page.waitForFunction((k) => globalThis.__benchUpdates.length > k, before, {
        polling: 20,
        timeout: 120_000,
      })
      const update = await page.evaluate(
        ({ k, check }) => {
          const first = globalThis.__mergedYamlBench[0]
          const holder = check ? first[check] : first
          return { ...globalThis.__benchUpdates[k], value: holder?.bench_hmr, page: globalThis.__benchPage }
        },
        { k: before, check: edit.check },
      )
      if (update.page !== loaded.page) throw new Error('the page reloaded instead of a hot update')
      if (update.value !== marker) throw new Error(`after a hot update the page holds ${update.value}, not ${marker}`)
      if (n > 0) result.updates.push({ appliedMs: update.applied - written, arrivedMs: update.arrived - written })
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }
  if (errors.length) throw new Error(`errors in the page: ${errors.join('\n')}`)
  process.stdout.write(`${JSON.stringify(result)}\n`)
} finally {
  restore?.()
  await server?.close()
  await browser.close()
}
