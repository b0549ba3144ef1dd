import { createRollupPlugin } from 'unplugin'
import { unpluginFactory } from './plugin/factory.ts'

/** `unplugin-merged-yaml` for Rollup: `plugins: [MergedYaml(options)]`. */
export default createRollupPlugin(unpluginFactory)
