import { createVitePlugin } from 'unplugin'
import { unpluginFactory } from './plugin/factory.ts'

/** `unplugin-merged-yaml` for Vite: `plugins: [MergedYaml(options)]`. */
export default createVitePlugin(unpluginFactory)
