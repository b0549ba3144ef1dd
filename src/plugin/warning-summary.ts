// What a one-off build prints of its warnings: the first of each code in full (located, with its
// frame, through the bundler), and at the build's end one summary per code of the rest — how many, in
// which layers, the first few locations of each. A generated corpus of 200 entries warns 1 500 times;
// a person reads the pattern, and `merged-yaml check`, the inspector or `verboseWarnings` list them all.
import { relative } from 'node:path'
import type { Diagnostic } from '@merged-yaml/core'

/** Locations listed per layer, and layers per code, in a summary. */
export const SUMMARY_LOCATIONS = 3
export const SUMMARY_LAYERS = 10

interface WarningSummary {
  /** Whether to show this warning now (the first of its code in this build); else it is counted. */
  showNow(warning: Diagnostic): boolean
  /** The summary lines of what was counted, forgotten then (the build's end). */
  take(root: string): string[]
  /** Forgets what was shown and counted (a build starts). */
  clear(): void
}

interface Layer {
  count: number
  locations: string[]
}

// Thousands grouped by hand: toLocaleString's first call loads ICU's number formats (~9 ms of a build).
const grouped = (count: number): string => String(count).replace(/\B(?=(\d{3})+$)/g, ',')

const plural = (count: number, word: string): string => `${grouped(count)} ${word}${count === 1 ? '' : 's'}`

export function createWarningSummary(prefix: string): WarningSummary {
  // Per code: its layers (files) in the order first met, each with its count and first locations.
  const counted = new Map<string, Map<string, Layer>>()
  const shown = new Set<string>()
  return {
    showNow(warning) {
      if (!shown.has(warning.code)) {
        shown.add(warning.code)
        return true
      }
      let layers = counted.get(warning.code)
      if (!layers) counted.set(warning.code, (layers = new Map()))
      let layer = layers.get(warning.file)
      if (!layer) layers.set(warning.file, (layer = { count: 0, locations: [] }))
      layer.count++
      const location = `${warning.line}:${warning.column}`
      if (layer.locations.length < SUMMARY_LOCATIONS && !layer.locations.includes(location))
        layer.locations.push(location)
      return false
    },
    take(root) {
      const lines: string[] = []
      for (const [code, layers] of counted) {
        const total = [...layers.values()].reduce((sum, layer) => sum + layer.count, 0)
        const where = plural(layers.size, 'layer')
        lines.push(`${prefix} ${code}: ${plural(total, 'more warning')} in ${where}, like the one shown above:`)
        // The layers that warn most first: where a fix removes most.
        const ranked = [...layers].sort(([, a], [, b]) => b.count - a.count)
        for (const [file, layer] of ranked.slice(0, SUMMARY_LAYERS)) {
          const more = layer.count > layer.locations.length ? ', …' : ''
          lines.push(`  ${relative(root, file) || file} ×${layer.count} (${layer.locations.join(', ')}${more})`)
        }
        const rest = ranked.slice(SUMMARY_LAYERS)
        if (rest.length > 0) {
          const warnings = rest.reduce((sum, [, layer]) => sum + layer.count, 0)
          lines.push(`  and ${plural(rest.length, 'more layer')} (${plural(warnings, 'warning')})`)
        }
      }
      if (lines.length > 0)
        lines.push(
          `${prefix} every warning: \`merged-yaml check\`, the inspector, or the option \`verboseWarnings: true\``,
        )
      this.clear()
      return lines
    },
    clear() {
      counted.clear()
      shown.clear()
    },
  }
}
