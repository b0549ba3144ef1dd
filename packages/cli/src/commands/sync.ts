// `merged-yaml sync [entries…]`: writes the declaration of every entry of the project (the config
// file's `include`) exactly as the bundler plugin writes it — the installed plugin does the writing
// (`unplugin-merged-yaml/sync`) — so that `tsc` finds them on a fresh clone (`"prepare": "merged-yaml
// sync"`). An entry that does not render in one of the config's modes fails it, located, as `check`
// says. `--list-inputs` prints every file the entries read or look for, for a build cache's inputs.
import { relative } from 'node:path'
import { createRenderCache, isMergedYamlError, render } from '@merged-yaml/core'
import type { RenderOptions } from '@merged-yaml/core'
import { ENGINE_OPTIONS, modesOf, parseCommand, toRenderOptions, UsageError } from '../args.ts'
import type { FlagValues } from '../args.ts'
import { EXIT_DIAGNOSTICS, EXIT_OK } from '../context.ts'
import type { Context } from '../context.ts'
import { inMode, writeDiagnostics } from '../entry.ts'
import { plural } from '../format.ts'
import { helpText } from '../help.ts'
import { findProjectEntries, loadCommandConfig } from '../project.ts'
import { checkFiles, expandEntries, writeText } from './check.ts'

/** The flags sync takes besides its own: declarations depend on the config file only. */
const SYNC_ENGINE_FLAGS = new Set(['config', 'no-config', 'help'])

function refuseEngineFlags(values: FlagValues): void {
  for (const name of Object.keys(ENGINE_OPTIONS))
    if (values[name] !== undefined && !SYNC_ENGINE_FLAGS.has(name))
      throw new UsageError(
        `sync writes what the plugin writes from the config file's options alone: put '--${name}' ` +
          'in merged-yaml.config.* (every tool reads it)',
        'sync',
      )
}

/**
 * Every file the entries read in each mode, every optional file or glob match they looked for in
 * vain, and every glob include, relative to `cwd` and sorted: what decides their values and declarations.
 */
async function listInputs(files: readonly string[], options: RenderOptions, modes: readonly string[]) {
  const inputs = new Set<string>()
  const cache = createRenderCache()
  for (const file of files)
    for (const mode of modes) {
      try {
        const result = await render(file, inMode(options, mode), { cache })
        for (const path of [...result.files, ...result.missing, ...result.globs]) inputs.add(path)
      } catch (error) {
        if (!isMergedYamlError(error)) throw error
        const deps = error.dependencies
        for (const path of [file, ...(deps?.files ?? []), ...(deps?.missing ?? []), ...(deps?.globs ?? [])])
          inputs.add(path)
      }
    }
  return inputs
}

/** The plugin's writer, from the installed plugin (the CLI alone writes no declaration). */
async function importWriter() {
  try {
    return (await import('unplugin-merged-yaml/sync')).writeDeclarations
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error
    throw new UsageError("sync writes the bundler plugin's declarations: install unplugin-merged-yaml", 'sync')
  }
}

export async function runSync(args: readonly string[], ctx: Context): Promise<number> {
  const { values, positionals } = parseCommand('sync', args)
  if (values.help) {
    ctx.stdout.write(helpText('sync'))
    return EXIT_OK
  }
  refuseEngineFlags(values)
  const config = await loadCommandConfig('sync', values, ctx.cwd)
  const files =
    positionals.length > 0 ? expandEntries(positionals, ctx.cwd, 'sync') : findProjectEntries(config, ctx.cwd)
  const modes = modesOf(values, config)
  const options = toRenderOptions('sync', values, ctx.cwd, ctx.env, config)
  if (values['list-inputs']) {
    const inputs = await listInputs(files, options, modes)
    for (const path of [...inputs].sort()) ctx.stdout.write(`${relative(ctx.cwd, path).replaceAll('\\', '/')}\n`)
    return EXIT_OK
  }
  // The verdict of `check` (located errors, every mode), then the plugin writes what renders.
  const report = await checkFiles(files, options, modes)
  if (!report.ok) writeText(ctx, { ...report, entries: report.entries.filter((entry) => !entry.ok) }, undefined)
  const writeDeclarations = await importWriter()
  const synced = await writeDeclarations(files, config?.options ?? {}, config?.folder ?? ctx.cwd, modes[0]!)
  // What the plugin refused on its own (an entry named that its include does not take).
  writeDiagnostics(
    ctx.stdout,
    ctx.out,
    synced.filter((e) => !e.ok && report.entries.every((c) => c.file !== e.file || c.ok)).flatMap((e) => e.diagnostics),
    ctx.cwd,
  )
  const written = synced.filter((entry) => entry.ok).length
  ctx.stdout.write(`${plural(written, 'entry', 'entries')} declared (${modes.join(', ')})\n`)
  return report.ok && written === synced.length ? EXIT_OK : EXIT_DIAGNOSTICS
}
