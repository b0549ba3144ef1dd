// Standard Schema modules (Zod, Valibot, ArkType, …): a TypeScript or JavaScript module named by the
// `schema` option, its export (`#name`, else `default`) loaded with jiti — the loader c12 uses, which
// runs TypeScript in Node without a build step — loaded on first use (an entry without one never pays
// for it). One jiti for the process, its module cache kept for the libraries (node_modules); the
// schema's own files are dropped from it and run again when one of them changes on disk, so an edited
// schema revalidates in a watch session. Loads run one at a time: dropping modules from the cache
// while another load runs would mix two versions of a file.
import { statSync } from 'node:fs'
import { extname } from 'node:path'
import type { StandardSchemaV1 } from '@standard-schema/spec'

/** Extensions of a schema given as a module: anything else is a JSON Schema (JSON or YAML). */
const MODULE_EXTENSIONS = new Set(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs'])

/** `./config/app.schema.ts#appSchema`: the module's path and the export (`default` without `#`). */
interface SchemaModuleTarget {
  path: string
  exportName: string
}

/**
 * The module a `schema` value names, or undefined when it names a JSON Schema: a module extension,
 * alone or followed by `#export` (a JavaScript identifier).
 */
export function schemaModuleTarget(target: string): SchemaModuleTarget | undefined {
  const hash = target.lastIndexOf('#')
  const path = hash === -1 ? target : target.slice(0, hash)
  if (!MODULE_EXTENSIONS.has(extname(path).toLowerCase())) return undefined
  const exportName = hash === -1 ? 'default' : target.slice(hash + 1)
  return { path, exportName }
}

/** Whether `name` can be the `#export` of a schema module. */
export const isExportName = (name: string): boolean => /^[A-Za-z_$][\w$]*$/.test(name)

/** A schema module loaded: its export, and the files of the module's own that ran (node_modules left out). */
interface LoadedSchemaModule {
  schema: StandardSchemaV1
  /** The schema file first, then the local modules it imported, absolute. */
  files: string[]
}

/** Why a module could not give a Standard Schema: said by `loadSchemaModule`'s rejections. */
export class SchemaModuleError extends Error {
  override name = 'SchemaModuleError'
}

interface Jiti {
  import(id: string): Promise<unknown>
  cache: Record<string, unknown>
}

let jiti: Promise<Jiti> | undefined

async function loader(): Promise<Jiti> {
  jiti ??= import('jiti').then(({ createJiti }) =>
    // fsCache off: a build writes no transpiled copies of the user's schema anywhere.
    createJiti(import.meta.url, { moduleCache: true, fsCache: false, interopDefault: false }),
  )
  return jiti
}

/** The state of a file on disk, to know whether a loaded module is stale. */
const stamp = (file: string): string => {
  try {
    const stats = statSync(file, { bigint: true })
    return `${stats.size}:${stats.mtimeNs}:${stats.ino}`
  } catch {
    return 'missing'
  }
}

interface Loaded {
  stamps: Map<string, string>
  module: Promise<{ namespace: Record<string, unknown>; files: string[] }>
}

const loaded = new Map<string, Loaded>()
let queue: Promise<unknown> = Promise.resolve()

const isOwnFile = (file: string): boolean => !/[\\/]node_modules[\\/]/.test(file)

// Every file of a schema's own (not a library's) that a load ran: each load runs them all again, so
// that it sees its files' edits, and so that what it runs is what it depends on (two schemas may
// share a module).
const ownFiles = new Set<string>()

async function importFresh(file: string) {
  const instance = await loader()
  for (const own of ownFiles) delete instance.cache[own]
  const before = new Set(Object.keys(instance.cache))
  try {
    const namespace = (await instance.import(file)) as Record<string, unknown>
    const files = [file, ...Object.keys(instance.cache).filter((f) => !before.has(f) && isOwnFile(f) && f !== file)]
    for (const own of files) ownFiles.add(own)
    return { namespace, files }
  } catch (error) {
    // A module that failed half-way must run again from the start next time.
    for (const own of Object.keys(instance.cache)) if (!before.has(own) && isOwnFile(own)) ownFiles.add(own)
    throw error
  }
}

function loadNamespace(file: string): Loaded['module'] {
  const previous = loaded.get(file)
  if (previous && [...previous.stamps].every(([f, s]) => stamp(f) === s)) return previous.module
  const entry: Loaded = { stamps: new Map([[file, stamp(file)]]), module: Promise.resolve() as never }
  entry.module = queue.then(async () => {
    const result = await importFresh(file)
    for (const own of result.files) entry.stamps.set(own, stamp(own))
    return result
  })
  queue = entry.module.catch(() => undefined)
  // A failed load is not kept: the next render tries again (the file may be fixed by then).
  entry.module.catch(() => loaded.get(file) === entry && loaded.delete(file))
  loaded.set(file, entry)
  return entry.module
}

/** Whether `value` implements Standard Schema version 1. */
function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false
  const standard = (value as { '~standard'?: unknown })['~standard']
  if (typeof standard !== 'object' || standard === null) return false
  const { version, validate } = standard as { version?: unknown; validate?: unknown }
  return version === 1 && typeof validate === 'function'
}

/** A short text for what a module exports, for messages. */
function describeExport(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'function') return 'a function'
  if (typeof value === 'object') return 'an object without `~standard` (version 1, with `validate`)'
  return `the ${typeof value} ${JSON.stringify(value)?.slice(0, 40)}`
}

/**
 * Loads `file` (absolute) and returns its export `exportName`, which must implement Standard Schema.
 * Rejects with a SchemaModuleError saying why (the module's own error when it fails to run).
 */
export async function loadSchemaModule(file: string, exportName: string): Promise<LoadedSchemaModule> {
  let module: Awaited<Loaded['module']>
  try {
    module = await loadNamespace(file)
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    throw new SchemaModuleError(`the schema module does not load (${reason})`)
  }
  const { namespace, files } = module
  if (!Object.hasOwn(namespace, exportName)) {
    const names = Object.keys(namespace).filter((name) => isStandardSchema(namespace[name]))
    const which = exportName === 'default' ? 'no default export' : `no export '${exportName}'`
    const hint = names.length > 0 ? `; its Standard Schema exports: ${names.map((n) => `#${n}`).join(', ')}` : ''
    throw new SchemaModuleError(`the schema module has ${which}${hint}`)
  }
  const schema = namespace[exportName]
  if (!isStandardSchema(schema)) {
    const what = exportName === 'default' ? 'its default export' : `its export '${exportName}'`
    throw new SchemaModuleError(
      `${what} is not a Standard Schema: ${describeExport(schema)} (Zod ≥ 3.24, Valibot ≥ 1.0 and ArkType ≥ 2.0 ` +
        `schemas are)`,
    )
  }
  return { schema, files }
}
