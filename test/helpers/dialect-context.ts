import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { DialectContext } from '../../packages/core/src/dialects/types.ts'
import type { ResolvedOptions } from '../../packages/core/src/options.ts'
import type { Reporter } from '../../packages/core/src/report.ts'

/**
 * A DialectContext for running a dialect directly in unit tests: the entry is `entry.merged.yaml`
 * under the options' root, and dependencies are read straight from disk relative to it.
 */
export function createTestDialectContext(
  options: ResolvedOptions,
  report: Reporter,
  entry = join(options.root, 'entry.merged.yaml'),
): DialectContext {
  return {
    options,
    report,
    entry,
    readDependency: (path) => readFileSync(resolve(dirname(entry), path), 'utf8'),
    listDependency: (path) => {
      const folder = resolve(dirname(entry), path)
      try {
        return readdirSync(folder).map((name) => ({ name, folder: statSync(join(folder, name)).isDirectory() }))
      } catch {
        return undefined
      }
    },
  }
}
