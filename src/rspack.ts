import { createRspackPlugin } from 'unplugin'
import { unpluginFactory } from './core/factory.ts'

/** `unplugin-merged-yaml` for Rspack: `plugins: [MergedYaml(options)]`. */
export default createRspackPlugin(unpluginFactory)
