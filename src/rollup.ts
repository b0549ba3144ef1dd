import { createRollupPlugin } from 'unplugin'
import { unpluginFactory } from './core/factory.ts'

/** `unplugin-merged-yaml` for Rollup: `plugins: [MergedYaml(options)]`. */
export default createRollupPlugin(unpluginFactory)
