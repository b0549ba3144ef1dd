// Farm: its config gives the root and mode. Its native `error`/`warn` accept only a string, and
// unplugin hands them an object (a Rust panic that takes the process down): throw and log instead.
import { formatDiagnostic } from '@merged-yaml/core'
import { createDefaultHost, MESSAGE_PREFIX } from './default.ts'
import type { Host, HostParts } from './host.ts'

export function createFarmHost({ info }: HostParts): Host {
  return {
    ...createDefaultHost({
      farm: {
        configResolved(config) {
          info.root = config.root
          info.mode = config.compilation?.mode
        },
      },
    }),
    error(_context, error) {
      // Without a stack trace, as every host's errors (default.ts).
      throw Object.assign(new Error(error.message), { code: error.code, stack: '' })
    },
    warn(_context, warning, root) {
      console.warn(`${MESSAGE_PREFIX} ${formatDiagnostic(warning, root)}`)
    },
  }
}
