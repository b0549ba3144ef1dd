import { createWebpackPlugin } from 'unplugin'
import { unpluginFactory } from './core/factory.ts'

/** `unplugin-merged-yaml` for Webpack: `plugins: [MergedYaml(options)]`. */
export default createWebpackPlugin(unpluginFactory)
