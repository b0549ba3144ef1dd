// Server-only entries, SvelteKit's `.server` rule: an entry named `*.server.merged.yaml` (or matching
// the `serverOnly` option), or one whose render made secrets (RenderResult.secret: a Datum store that
// decrypted), loads in server builds only. A client build that loads one fails with MY_SERVER_ONLY,
// located at the import and naming the chain of importers from the build's entry point. Each host says
// whether a load is for the client (Host.clientBuild); where the bundler has no notion of it (Rollup,
// Rolldown alone) the `serverBuild` option says, and unsaid a build is a client build: a value
// refused by mistake costs a flag, one shipped by mistake cannot be taken back.
import { readFileSync, statSync } from 'node:fs'
import { basename, isAbsolute, relative } from 'node:path'
import { MergedYamlError } from '@merged-yaml/core/internal'
import type { Diagnostic } from '@merged-yaml/core'
import type { FilterPattern } from 'unplugin'
import { createPathMatcher } from './id-filter.ts'
import type { ResolvedPluginOptions } from './options.ts'

/** `*.server.merged.yaml` (and `.yml`): always server-only, whatever `serverOnly` adds. */
const SERVER_ONLY_NAME = /\.server\.merged\.ya?ml$/

/** At most this many modules of an import chain are named (a deeper one says how many are left out). */
const MAX_CHAIN = 12

/** An importer larger than this is not searched for the import's place. */
const MAX_IMPORTER_SIZE = 4 * 1024 * 1024

/** Whether an entry's file is server-only by its name (or the `serverOnly` patterns). */
export function createServerOnlyMatcher(serverOnly: FilterPattern): (file: string) => boolean {
  const extra = createPathMatcher(serverOnly)
  return (file) => SERVER_ONLY_NAME.test(file.replaceAll('\\', '/')) || extra(file)
}

/** Whether this load is for a client build: the `serverBuild` option, else what the host says, else yes. */
export function isClientLoad(options: ResolvedPluginOptions, hostSays: boolean | undefined): boolean {
  if (options.serverBuild !== undefined) return !options.serverBuild
  return hostSays ?? true
}

/** Why an entry is server-only, as the message says it. */
export type ServerOnlyReason = 'name' | 'secret'

/**
 * The located error for a server-only entry a client build loaded: at the import in its importer
 * (`chain`: the modules from the build's entry point to the direct importer, as the host knows them),
 * else at the entry.
 */
export function serverOnlyError(
  file: string,
  reason: ServerOnlyReason,
  chain: readonly string[],
  root: string,
  /** What the message says when `chain` is empty: where else the user finds the importers. */
  noChain = 'the bundler does not say which module imports it',
): MergedYamlError {
  const shown = (id: string) => {
    const path = isAbsolute(id) ? relative(root, id) : id
    return path.startsWith('..') ? id : path
  }
  const why =
    reason === 'name'
      ? 'a server-only entry (named *.server.merged.yaml, or matched by the serverOnly option)'
      : 'an entry whose render made secrets (it decrypted Datum.ProtectedData values or ran datum.handlers)'
  const kept = chain.length > MAX_CHAIN ? [...chain.slice(0, 1), ...chain.slice(-(MAX_CHAIN - 1))] : chain
  const lines = kept.map((id, index) => `${'  '.repeat(index + 1)}${shown(id)} imports`)
  if (chain.length > MAX_CHAIN) lines.splice(1, 0, `  … ${chain.length - MAX_CHAIN} more modules`)
  lines.push(`${'  '.repeat(kept.length + 1)}${shown(file)}`)
  const importer = chain.at(-1)
  const message =
    `cannot import ${shown(file)} into code that runs in the browser: it is ${why}, whose values would reach ` +
    `every visitor.\n${importer === undefined ? `  (${noChain})\n` : ''}` +
    `${lines.join('\n')}\nImport it from server code only (SSR, API routes); a Rollup or Rolldown build that ` +
    'runs on a server says so with the serverBuild option'
  const diagnostic: Diagnostic = {
    code: 'MY_SERVER_ONLY',
    severity: 'error',
    message,
    file,
    line: 1,
    column: 1,
    chain: [],
    ...(importer === undefined ? {} : locateImport(importer, file)),
  }
  return new MergedYamlError([diagnostic], root)
}

/** The first place `importer`'s source names the entry's file name, when it is a file that can be read. */
function locateImport(importer: string, file: string): Pick<Diagnostic, 'file' | 'line' | 'column'> | undefined {
  const path = importer.replace(/[?#].*$/, '')
  if (!isAbsolute(path)) return undefined
  let text: string
  try {
    // A source file, not data: one larger than this is not searched.
    if (statSync(path).size > MAX_IMPORTER_SIZE) return { file: path, line: 1, column: 1 }
    text = readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
  const at = text.indexOf(basename(file))
  if (at === -1) return { file: path, line: 1, column: 1 }
  const before = text.slice(0, at)
  const line = before.split('\n').length
  return { file: path, line, column: at - before.lastIndexOf('\n') }
}
