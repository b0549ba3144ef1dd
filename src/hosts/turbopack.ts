// Turbopack runs no bundler plugin, only webpack-style loaders (`turbopack.rules`): the loader context
// gives the root (`rootContext`, the project), mode and environment (`target`, client-build.ts) on every
// call, and takes the dependencies. Files and missing files it watches alike; a folder
// (`addContextDependency`) as a `**` glob under it. Reporting is the default: turbopack-loader.ts turns
// `error` into the loader's failure and `warn` into `emitWarning`, which Next.js prints for files outside
// node_modules.
import type { MergedYamlError } from '@merged-yaml/core'
import { turbopackClientBuild } from './client-build.ts'
import { createDefaultHost, errorModule } from './default.ts'
import type { Host, HostParts, LoadContext } from './host.ts'

/**
 * A message as an Error whose text is the located diagnostic. Its stack is its first line only:
 * Turbopack reads the lines of a stack as frames, and the text already says where.
 */
export function toLoaderError(message: string): Error {
  const error = new Error(message)
  error.stack = `Error: ${message.split('\n', 1)[0]}`
  return error
}

export function createTurbopackHost({ info, exists }: HostParts): Host {
  const base = createDefaultHost()
  return {
    ...base,
    cachesAcrossBuilds: true,
    prepare({ loader }) {
      if (!loader) return
      info.root = loader.rootContext
      info.mode = loader.mode
    },
    clientBuild: turbopackClientBuild,
    noImportChain:
      'Turbopack does not tell a loader who imports it; ' +
      "in the App Router, Next.js's import trace for 'server-only' does",
    watch({ loader }, deps) {
      if (!loader) return
      for (const file of deps.files) {
        if (exists(file)) loader.addDependency(file)
        else loader.addMissingDependency(file)
      }
      for (const dir of deps.dirs) loader.addContextDependency(dir)
    },
    error(context: LoadContext, error: MergedYamlError): string {
      const { loader } = context
      if (error.diagnostics[0]?.code !== 'MY_SERVER_ONLY' || !loader?.emitError) return base.error(context, error)
      // The loader is not told who imports the entry, and Turbopack names no importer for a loader's
      // failure. A server-only entry is what a module requiring Next.js's `server-only` is: the error is
      // emitted (the build fails with it) and the module requires `server-only`, whose check in a Client
      // Component fails too, with Next.js's import trace from the page to the entry. A CommonJS module:
      // Turbopack then takes its exports as dynamic, and reports no import of it as missing.
      loader.emitError(toLoaderError(error.message))
      return `require('server-only');\n${errorModule(error)}`
    },
  }
}
