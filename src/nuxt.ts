import { mergedYamlNuxtModule } from './hosts/nuxt.ts'

/** `unplugin-merged-yaml` for Nuxt: `modules: [['unplugin-merged-yaml/nuxt', options]]`. */
export default mergedYamlNuxtModule
