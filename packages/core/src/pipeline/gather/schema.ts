// The entry's schema, read with its files: a JSON Schema named by a yaml-language-server modeline
// among the entry's first comment lines (relative to the entry, as editors read it), else the `schema`
// option's (relative to `root`): a JSON Schema, or a Standard Schema module (`.ts`, `.js`, … with an
// optional `#export`), whose file is read here and run by the validate stage. It is read like an
// include — confined, size-limited, a dependency of the entry and part of its fingerprint — so that
// editing it rebuilds, and it cannot leak a file.
import { dirname, isAbsolute, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import picomatch from 'picomatch'
import { MergedYamlError } from '../../diagnostics.ts'
import type { Position } from '../../diagnostics.ts'
import type { ResolvedOptions, SchemaOption } from '../../options.ts'
import type { Problem, Reporter } from '../../reporter.ts'
import { isExportName, schemaModuleTarget } from '../../schema/standard-module.ts'
import type { EntryInputs, GatheredSchema } from './types.ts'

/** A `$schema=` value of a yaml-language-server modeline, and where it is in the entry. */
export interface SchemaModeline {
  target: string
  /** 1-based. */
  position: Position
}

const MODELINE = /^#\s*yaml-language-server\s*:.*?\$schema=(\S+)/
// The lines before the content: headers (`#include`, `#cloud-config`), comments, `---`, directives.
const LEADING = /^\s*(?:#.*|---\s*|%.*)?$/

/** The first `# yaml-language-server: $schema=…` line among the comment lines that start the entry. */
export function findSchemaModeline(text: string): SchemaModeline | undefined {
  const lines = text.split('\n', 200)
  for (const [index, raw] of lines.entries()) {
    const line = raw.replace(/\r$/, '')
    if (!LEADING.test(line)) return undefined
    const match = MODELINE.exec(line.trimStart())
    if (match) {
      const column = line.indexOf('$schema=') + '$schema='.length + 1
      return { target: match[1]!, position: { line: index + 1, column } }
    }
  }
  return undefined
}

/** `https://…`, `urn:…`: a schema a build cannot read (no network). A drive letter (`C:`) is a path. */
const isRemote = (target: string): boolean => /^[a-z][a-z\d+.-]+:/i.test(target) && !target.startsWith('file:')

/** Why a schema path is unusable (`#` naming no export a module can have), or undefined. */
function schemaPathProblem(name: string, path: string): string | undefined {
  if (path === '') return `option '${name}' must not be empty`
  const module = schemaModuleTarget(path)
  if (module && !isExportName(module.exportName))
    return `option '${name}' names the export '${module.exportName}' of ${module.path}, which is no JavaScript name`
  return undefined
}

/** Why the `schema` option is unusable, or undefined. */
export function schemaOptionProblem(schema: SchemaOption | undefined): string | undefined {
  if (schema === undefined || schema === false) return undefined
  if (typeof schema === 'string') return schemaPathProblem('schema', schema)
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return `option 'schema' must be a path, a map from entry globs to paths, or false, not ${JSON.stringify(schema)}`
  for (const [glob, path] of Object.entries(schema)) {
    const name = `schema[${JSON.stringify(glob)}]`
    if (typeof path !== 'string' || path === '')
      return `option '${name}' must be the path of a schema file, not ${JSON.stringify(path)}`
    const problem = schemaPathProblem(name, path)
    if (problem) return problem
  }
  return undefined
}

/** A schema the option names: its file (absolute) and, for a Standard Schema module, its export. */
interface OptionSchema {
  file: string
  module?: { exportName: string }
}

/** The schema the option gives this entry, if any. */
function schemaFromOption(schema: SchemaOption | undefined, entry: string, root: string): OptionSchema | undefined {
  if (schema === undefined || schema === false) return undefined
  let target: string | undefined
  if (typeof schema === 'string') target = schema
  else {
    const path = relative(root, entry).replaceAll('\\', '/')
    target = Object.entries(schema).find(([glob]) => picomatch(glob, { dot: true })(path))?.[1]
  }
  if (target === undefined) return undefined
  const module = schemaModuleTarget(target)
  if (!module) return { file: resolve(root, target) }
  return { file: resolve(root, module.path), module: { exportName: module.exportName } }
}

/**
 * The path of a modeline's `file:` URL. One naming a host (`file://evil.host/x.json`, a network share
 * on Windows) or one that is malformed is refused at the URL: a build reads local files only.
 */
function modelineFilePath(url: string, at: NonNullable<Problem['at']>, report: Reporter): string {
  const refuse = (why: string): never =>
    report.fail({ code: 'MY_SCHEMA_INVALID', message: `the modeline's schema URL '${url}' ${why}`, at })
  let host: string
  try {
    host = new URL(url).hostname
  } catch {
    return refuse('is not a valid file URL')
  }
  if (host !== '' && host.toLowerCase() !== 'localhost')
    refuse(`names the host '${host}': a build reads local files only (write a path or file:///…)`)
  try {
    return fileURLToPath(url)
  } catch (error) {
    return refuse(`is not a valid file URL (${(error as Error).message})`)
  }
}

/** Reads a file under the include rules, reporting problems at `at`. */
export type ReadConfined = (file: string, at: NonNullable<Problem['at']>) => Uint8Array

/**
 * The entry's schema: its modeline's (a remote one is a warning, and the option applies), else the
 * option's. A schema that cannot be read fails the render; a missing one is watched for.
 */
export function gatherSchema(
  entry: string,
  entryText: string,
  options: ResolvedOptions,
  report: Reporter,
  read: ReadConfined,
  inputs: EntryInputs,
): GatheredSchema | undefined {
  if (options.schema === false) return undefined
  const modeline = findSchemaModeline(entryText)
  let named: (OptionSchema & { source: GatheredSchema['source']; at: NonNullable<Problem['at']> }) | undefined
  if (modeline) {
    const at = { file: entry, position: modeline.position, chain: [], source: entryText }
    if (isRemote(modeline.target)) {
      report.warn({
        code: 'MY_SCHEMA_REMOTE',
        message:
          `the modeline names the schema ${modeline.target}, which a build cannot fetch: the value is not ` +
          `validated against it (name a local copy, or set the 'schema' option)`,
        at,
      })
    } else {
      const target = modeline.target.startsWith('file:')
        ? modelineFilePath(modeline.target, at, report)
        : modeline.target
      const file = isAbsolute(target) ? target : resolve(dirname(entry), target)
      named = { file, source: 'modeline', at }
    }
  }
  if (!named) {
    const option = schemaFromOption(options.schema, entry, options.root)
    if (option === undefined) return undefined
    named = { ...option, source: 'option', at: { file: '<options>', position: { line: 1, column: 1 }, chain: [] } }
  }
  try {
    const gathered: GatheredSchema = { file: named.file, bytes: read(named.file, named.at), source: named.source }
    if (named.module) gathered.module = named.module
    return gathered
  } catch (error) {
    // Creating the file fixes the entry: watch for it.
    if (error instanceof MergedYamlError && error.code === 'MY_FILE_NOT_FOUND') inputs.missing.push(named.file)
    throw error
  }
}
