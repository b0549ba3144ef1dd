import { createRspackPlugin } from 'unplugin'
import { unpluginFactory } from './plugin/factory.ts'

/** `unplugin-merged-yaml` for Rspack: `plugins: [MergedYaml(options)]`. */
export default createRspackPlugin(unpluginFactory)
