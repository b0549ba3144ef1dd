// Running the example apps: a framework command with its output, a server until it answers, and
// the three values every app's page shows (data-testid title, api, features).
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, relative } from 'node:path'
import { stripVTControlCharacters } from 'node:util'

export interface Run {
  code: number | null
  /** stdout and stderr together, as a terminal shows them. */
  output: string
}

/**
 * The environment of a framework command: no telemetry, and NODE_ENV and VITEST (vitest's) left out,
 * as the framework sets its own mode.
 */
function frameworkEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra }
  delete env.NODE_ENV
  delete env.VITEST
  return { ...env, NEXT_TELEMETRY_DISABLED: '1', NUXT_TELEMETRY_DISABLED: '1', ASTRO_TELEMETRY_DISABLED: '1' }
}

/** Runs a command to its end (production builds: NODE_ENV is the framework's to set). */
export function run(command: string, args: readonly string[], cwd: string): Promise<Run> {
  const env = frameworkEnv()
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, output }))
  })
}

/** A port free on the loopback address now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

export interface Server {
  url: string
  output(): string
  stop(): Promise<void>
}

/** Starts a server command and waits until `url` answers (up to two minutes). */
export async function startServer(
  command: string,
  args: readonly string[],
  cwd: string,
  url: string,
  extraEnv: Record<string, string> = {},
): Promise<Server> {
  const env = frameworkEnv(extraEnv)
  const child: ChildProcess = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.on('close', () => resolve())
      // The server's own children (Turbopack's loader processes, Nitro's worker) go with it.
      process.kill(-child.pid!, 'SIGTERM')
    })
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command} exited (${child.exitCode}):\n${output}`)
    const ok = await fetch(url).then(
      (response) => response.status < 500,
      () => false,
    )
    if (ok) return { url, output: () => output, stop }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  await stop()
  throw new Error(`${url} did not answer in two minutes:\n${output}`)
}

/** The values a page shows, read from its HTML. */
export function pageValues(html: string): Record<'title' | 'api' | 'features', string | undefined> {
  const value = (id: string) => new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1]
  return { title: value('title'), api: value('api'), features: value('features') }
}

/** Breaks the production layer: a flow list left open, a YAML error at line 4. */
export function breakProductionLayer(app: string): void {
  writeFileSync(
    join(app, 'config/env/production.yaml'),
    '#cloud-config\napi: https://api.example.com\nfeatures: [billing\n',
  )
}

/** What the broken layer fails a build with, wherever the framework prints it. */
export const BROKEN_LAYER = /config\/env\/production\.yaml:4:1: error MY_YAML_SYNTAX/

/** The production values of every app (config/base.yaml under config/env/production.yaml). */
export const PRODUCTION = { api: 'https://api.example.com', features: 'search, billing' }

/** The production value of every app's server-only entry (config/secrets.server.merged.yaml). */
export const SECRET = 'postgres://db.internal/app'

/** The files below `dir` whose bytes hold `text` (searched byte for byte), relative to `dir`. */
export function filesHolding(dir: string, text: string): string[] {
  const needle = Buffer.from(text)
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => readFileSync(file).includes(needle))
    .map((file) => relative(dir, file))
}

/** The JSON a server route answers, failing after 20 s rather than hanging. */
export async function routeJson(url: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, { signal: AbortSignal.timeout(20_000) })
  const text = await response.text()
  if (!response.ok) throw new Error(`${url} answered ${response.status}:\n${text.slice(0, 2000)}`)
  return JSON.parse(text) as Record<string, unknown>
}

/** Breaks the development layer (a flow list left open, a YAML error at line 3), in a dev server. */
export function breakDevelopmentLayer(app: string): void {
  writeFileSync(join(app, 'config/env/development.yaml'), '#cloud-config\nfeatures: [debug\n')
}

/** What the broken development layer fails a render with. */
export const BROKEN_DEVELOPMENT_LAYER = /config\/env\/development\.yaml:3:1: error MY_YAML_SYNTAX/

/** A client-side import of the server-only entry: MY_SERVER_ONLY, naming `importer` then the entry. */
export const serverOnlyRefusal = (importer: RegExp): RegExp =>
  new RegExp(`MY_SERVER_ONLY[\\s\\S]*${importer.source}[^\\n]* imports\\n\\s+config/secrets\\.server\\.merged\\.yaml`)

/** A command's output without its colours (Next.js colours its code frames). */
export const plain = (output: string): string => stripVTControlCharacters(output)
