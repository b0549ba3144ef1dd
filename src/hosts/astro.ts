// Astro: an integration that adds the Vite plugin to Astro's Vite config, with Astro's `root`, and
// adds the client types to the ones Astro generates (`.astro/`), so that `*.merged.yaml` imports are
// typed before the first build writes their declarations. `${mode}` is Vite's mode under Astro
// (`development` in `astro dev`, `production` in `astro build`).
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { createVitePlugin } from 'unplugin'
import { PLUGIN_NAME, unpluginFactory } from '../plugin/factory.ts'
import type { Options } from '../plugin/options.ts'

/** The parts of Astro's integration hooks the integration uses (`astro`'s `AstroIntegration`). */
export interface AstroIntegrationLike {
  name: string
  hooks: {
    'astro:config:setup': (setup: {
      config: { root: URL }
      updateConfig(config: { vite: { plugins: Plugin[] } }): unknown
    }) => void
    'astro:config:done': (done: { injectTypes?(types: { filename: string; content: string }): unknown }) => void
  }
}

/** `integrations: [MergedYaml(options)]` in astro.config. */
export function createAstroIntegration(options: Options = {}): AstroIntegrationLike {
  return {
    name: PLUGIN_NAME,
    hooks: {
      'astro:config:setup'({ config, updateConfig }) {
        const root = options.root ?? fileURLToPath(config.root)
        updateConfig({ vite: { plugins: [createVitePlugin(unpluginFactory)({ ...options, root }) as Plugin] } })
      },
      'astro:config:done'({ injectTypes }) {
        injectTypes?.({ filename: 'types.d.ts', content: '/// <reference types="unplugin-merged-yaml/client" />\n' })
      },
    },
  }
}
