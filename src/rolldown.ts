import { createRolldownPlugin } from 'unplugin'
import { unpluginFactory } from './core/factory.ts'

/** `unplugin-merged-yaml` for Rolldown: `plugins: [MergedYaml(options)]`. */
export default createRolldownPlugin(unpluginFactory)
