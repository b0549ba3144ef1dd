import { createVitePlugin } from 'unplugin'
import { unpluginFactory } from './core/factory.ts'

/** `unplugin-merged-yaml` for Vite: `plugins: [MergedYaml(options)]`. */
export default createVitePlugin(unpluginFactory)
