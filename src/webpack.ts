import { createWebpackPlugin } from 'unplugin'
import { unpluginFactory } from './plugin/factory.ts'

/** `unplugin-merged-yaml` for Webpack: `plugins: [MergedYaml(options)]`. */
export default createWebpackPlugin(unpluginFactory)
