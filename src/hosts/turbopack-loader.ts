// The plugin as a webpack-style loader, for Turbopack (`turbopack.rules` in next.config, with
// `as: '*.js'`): the same entry rendering, module code and located errors as the bundler plugin.
// Turbopack keeps its loader processes between calls, so one plugin per options object keeps the
// render cache (unchanged layers are not read again); each call ends like a build (declarations and
// disk-cache writes), as no build end comes.
import type { UnpluginMessage } from 'unplugin'
import { createMergedYaml } from '../plugin/factory.ts'
import type { MergedYaml } from '../plugin/factory.ts'
import type { Options } from '../plugin/options.ts'
import type { LoadContext, LoaderRunnerContext } from './host.ts'
import { toLoaderError } from './turbopack.ts'

type LoaderCallback = (error: Error | null, code?: string) => void

/** The loader context Turbopack's loader runner gives (a subset of webpack's). */
export interface LoaderContext extends LoaderRunnerContext {
  resourcePath: string
  resourceQuery: string
  getOptions(): Options
  emitWarning(warning: Error): void
  async(): LoaderCallback
}

/** One plugin per options: Turbopack gives each rule's options as JSON, so their text identifies them. */
const plugins = new Map<string, MergedYaml>()

function pluginFor(options: Options): MergedYaml {
  const key = JSON.stringify(options)
  let plugin = plugins.get(key)
  if (!plugin) {
    plugin = createMergedYaml(options, 'turbopack')
    plugins.set(key, plugin)
  }
  return plugin
}

const toError = (message: UnpluginMessage): Error => toLoaderError(message.message)

export function mergedYamlLoader(this: LoaderContext, _source: string): void {
  runLoader(this)
}

function runLoader(loader: LoaderContext): void {
  const callback = loader.async()
  const { resourcePath, resourceQuery } = loader
  let failure: Error | undefined
  const context: LoadContext = {
    loader,
    addWatchFile: (file) => loader.addDependency(file),
    error(message) {
      failure ??= toError(typeof message === 'string' ? { message } : message)
    },
    warn(message) {
      loader.emitWarning(toError(typeof message === 'string' ? { message } : message))
    },
  }
  const plugin = pluginFor(loader.getOptions())
  let loading: ReturnType<MergedYaml['load']>
  try {
    loading = plugin.load(context, resourcePath + resourceQuery)
  } catch (error) {
    callback(error as Error)
    return
  }
  // A promise for every entry (the pipeline and its dialect load on first use); undefined for none.
  Promise.resolve(loading)
    .then(async (result) => {
      await plugin.buildEnd()
      return result
    })
    .then(
      (result) => {
        if (failure) callback(failure)
        else if (result === undefined)
          // `turbopack.rules` matches paths only: a query the plugin does not own (`?raw`) still comes here.
          callback(new Error(`${resourcePath}${resourceQuery}: the query is not one of an entry's`))
        else callback(null, typeof result === 'string' ? result : result.code)
      },
      (error: unknown) => callback(error as Error),
    )
}
