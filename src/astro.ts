import { createAstroIntegration } from './hosts/astro.ts'

/** `unplugin-merged-yaml` for Astro: `integrations: [MergedYaml(options)]`. */
export default createAstroIntegration
