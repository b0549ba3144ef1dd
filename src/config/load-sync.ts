// The config file for the plugin, which bundlers create synchronously and whose `include` decides
// the load hook's filter before any hook runs: c12 (async) runs in a worker thread while this thread
// waits on a shared flag (Atomics.wait), then takes the result off the port. Structured clone keeps
// the options' regular expressions (`include: [/…/]`) and refuses a function: options are data.
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads'
import { c12OptionsFor, configError, resolveConfigFile, toProjectConfig } from './config-file.ts'
import type { ConfigRequest, ProjectConfig } from './config-file.ts'

/** The longest a config file may take to load before the build gives up on it. */
const LOAD_TIMEOUT_MS = 60_000

// CommonJS, as an eval'd worker runs: import c12, load, post the config or the message, raise the flag.
const WORKER = `
const { workerData } = require('node:worker_threads')
const { c12, options, port, flag } = workerData
const done = (message) => {
  try { port.postMessage(message) } catch (error) { port.postMessage({ error: String(error && error.message) }) }
  Atomics.store(flag, 0, 1)
  Atomics.notify(flag, 0)
}
import(c12)
  .then(({ loadConfig }) => loadConfig(options))
  .then((result) => done({ config: result.config }), (error) => done({ error: String(error && error.message) }))
`

/** `loadProjectConfig`, blocking: for the plugin's factory. */
export function loadProjectConfigSync(request: ConfigRequest): ProjectConfig | undefined {
  const file = resolveConfigFile(request)
  if (file === undefined) return undefined
  const c12 = pathToFileURL(createRequire(import.meta.url).resolve('c12')).href
  const flag = new Int32Array(new SharedArrayBuffer(4))
  const { port1, port2 } = new MessageChannel()
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { c12, options: c12OptionsFor(file), port: port2, flag },
    transferList: [port2],
  })
  try {
    const woke = Atomics.wait(flag, 0, 0, LOAD_TIMEOUT_MS)
    const message = receiveMessageOnPort(port1)?.message as { config?: unknown; error?: string } | undefined
    if (woke === 'timed-out' || message === undefined)
      throw configError(file, `the config file did not load within ${LOAD_TIMEOUT_MS / 1000} s`)
    if (message.error !== undefined) throw configError(file, `the config file cannot be loaded: ${message.error}`)
    return toProjectConfig(file, message.config)
  } finally {
    port1.close()
    void worker.terminate()
  }
}
