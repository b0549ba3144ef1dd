// The unplugin: one `load` hook that renders an entry into a module, plus per-bundler glue for the
// root, the mode, watching and HMR.
import { isMergedYamlError, renderSync } from '@merged-yaml/core'
import type { RenderResult } from '@merged-yaml/core'
import type { UnpluginFactory } from 'unplugin'
import { makeIdFiltersToMatchWithQuery } from 'unplugin/utils/filter'
import { generateModule } from './codegen.ts'
import { createDeclarationWriter } from './dts-writer.ts'
import type { DeclarationWriter } from './dts-writer.ts'
import { parseEntryId } from './ids.ts'
import { DEFAULT_INCLUDE, engineOptions, resolveDts, resolveOptions, resolveRoot } from './options.ts'
import type { HostInfo, Options } from './options.ts'
import { createCachedReader } from './read-cache.ts'
import { createReporter } from './report.ts'
import { createDependencyGraph, createHotUpdate } from './watch.ts'

export const PLUGIN_NAME = 'unplugin-merged-yaml'

const ESBUILD_DEFAULT_FILTER = /\.merged\.ya?ml$/

export const unpluginFactory: UnpluginFactory<Options | undefined, false> = (rawOptions, meta) => {
  const options = resolveOptions(rawOptions)
  const report = createReporter(meta.framework)
  const host: HostInfo = {}
  const reader = createCachedReader()
  const graph = createDependencyGraph()
  let writer: DeclarationWriter | null | undefined
  const declarations = (): DeclarationWriter | null => {
    if (writer !== undefined) return writer
    const root = resolveRoot(options, host)
    const dts = resolveDts(options.dts, root)
    writer = dts ? createDeclarationWriter(dts, root) : null
    return writer
  }
  const idFilter = {
    include: makeIdFiltersToMatchWithQuery(options.include as string | RegExp | (string | RegExp)[]),
    exclude: makeIdFiltersToMatchWithQuery(options.exclude as string | RegExp | (string | RegExp)[]),
  }

  return {
    name: PLUGIN_NAME,
    enforce: 'pre',

    load: {
      filter: { id: idFilter },
      handler(id) {
        const entry = parseEntryId(id)
        if (!entry) return
        const engine = engineOptions(options, host, entry.query)
        const read = new Set<string>()
        let result: RenderResult
        try {
          result = renderSync(entry.file, engine, {
            readFile: (path) => {
              read.add(path)
              return reader.read(path)
            },
          })
        } catch (error) {
          if (!isMergedYamlError(error)) throw error
          // Keep watching what the entry read, so fixing the broken file recovers.
          const files = new Set([entry.file, ...read, ...graph.filesOf(id)])
          for (const d of error.diagnostics) files.add(d.file)
          graph.set(id, files)
          for (const file of files) this.addWatchFile(file)
          return report.error(this, error)
        }
        const files = [...result.files, ...result.missing]
        graph.set(id, files)
        for (const file of files) this.addWatchFile(file)
        for (const warning of result.warnings) report.warn(this, warning, engine.root!)
        declarations()?.update(entry, result.value)
        // Rolldown (and Vite 8 on it) must be told that a .yaml file now holds JavaScript.
        return { code: generateModule(result.value), map: null, moduleType: 'js' } as { code: string; map: null }
      },
    },

    buildEnd() {
      declarations()?.flush()
    },

    vite: {
      configResolved(config) {
        host.root = config.root
        host.mode = config.mode
      },
      // Vite dev drops `addWatchFile` from `load` on a module's first load (vitejs/vite#18103):
      // registering the files again from `transform` makes Vite watch them.
      transform: {
        filter: { id: idFilter },
        handler(_code, id) {
          for (const file of graph.filesOf(id)) this.addWatchFile(file)
          return null
        },
      },
      hotUpdate: createHotUpdate(graph),
    },
    webpack(compiler) {
      host.root = compiler.options.context
      host.mode = compiler.options.mode
    },
    rspack(compiler) {
      host.root = compiler.options.context
      host.mode = compiler.options.mode
    },
    esbuild: {
      // esbuild calls back into JS for every file its filter matches: keep it narrow when we can.
      onLoadFilter: options.include === DEFAULT_INCLUDE ? ESBUILD_DEFAULT_FILTER : /.*/,
      loader: 'js',
      config(initial) {
        host.root = initial.absWorkingDir
      },
    },
    bun: {
      loader: 'js',
      setup(build) {
        host.root = build.config.root
      },
    },
    rolldown: {
      options(input) {
        host.root = input.cwd
      },
    },
    farm: {
      configResolved(config) {
        host.root = config.root
        host.mode = config.compilation?.mode
      },
    },
  }
}
