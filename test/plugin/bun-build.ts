// Run by `bun` (see bundlers.ts): builds one entry with the Bun plugin and prints
// `{"code": …}` or `{"error": …}` as the last line of stdout.
import { join } from 'node:path'
import MergedYaml from '../../src/bun.ts'

interface BunBuildOutput {
  success: boolean
  outputs: { text(): Promise<string> }[]
  logs: unknown[]
}
declare const Bun: {
  build(config: Record<string, unknown>): Promise<BunBuildOutput>
}

const { root, entry, options, target } = JSON.parse(process.argv[2]!) as {
  root: string
  entry: string
  options: object
  target: string
}

/** Bun's build errors are an AggregateError of BuildMessages; their text is what a user reads. */
function describe(error: unknown): string {
  const inner = error instanceof AggregateError ? error.errors : [error]
  return inner.map((e) => (e instanceof Error ? e.message : String(e))).join('\n')
}

try {
  const result = await Bun.build({
    entrypoints: [join(root, entry)],
    root,
    format: 'iife',
    minify: true,
    target,
    plugins: [MergedYaml(options)],
  })
  if (!result.success) {
    console.log(JSON.stringify({ error: result.logs.map(describe).join('\n') }))
    process.exitCode = 1
  } else console.log(JSON.stringify({ code: (await Promise.all(result.outputs.map((o) => o.text()))).join('\n') }))
} catch (error) {
  console.log(JSON.stringify({ error: describe(error) }))
  process.exitCode = 1
}
