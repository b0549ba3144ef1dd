// Farm: its config gives the root and mode. Its native `error`/`warn` accept only a string, and
// unplugin hands them an object (a Rust panic that takes the process down): throw and log instead.
import { formatDiagnostic } from '@merged-yaml/core/internal'
import { createDefaultHost, MESSAGE_PREFIX } from './default.ts'
import type { Host, HostParts } from './host.ts'

/** Farm's `targetEnv`: `node`, `node16`, `library-node`, … run on a server; the others in a browser. */
const isNodeTarget = (targetEnv: string): boolean => targetEnv.includes('node')

export function createFarmHost({ info }: HostParts): Host {
  /** Farm's `output.targetEnv` (`browser` by default). */
  let targetEnv: string | undefined
  /**
   * `farm build` compiles once in production mode; `farm start` and `farm watch` run in development mode,
   * and `farm build --watch` sets `compilation.watch`.
   */
  let oneOff = false
  return {
    ...createDefaultHost({
      farm: {
        configResolved(config) {
          info.root = config.root
          info.mode = config.compilation?.mode
          targetEnv = config.compilation?.output?.targetEnv ?? 'browser'
          oneOff = config.compilation?.mode === 'production' && !config.compilation.watch
        },
      },
    }),
    clientBuild: () => (targetEnv === undefined ? undefined : !isNodeTarget(targetEnv)),
    oneOffBuild: () => oneOff,
    error(_context, error) {
      // Without a stack trace, as every host's errors (default.ts).
      throw Object.assign(new Error(error.message), { code: error.code, stack: '' })
    },
    warn(_context, warning, root) {
      console.warn(`${MESSAGE_PREFIX} ${formatDiagnostic(warning, root)}`)
    },
  }
}
