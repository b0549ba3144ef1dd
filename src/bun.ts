import { createBunPlugin } from 'unplugin'
import { unpluginFactory } from './plugin/factory.ts'

/** `unplugin-merged-yaml` for Bun: `plugins: [MergedYaml(options)]`. */
export default createBunPlugin(unpluginFactory)
