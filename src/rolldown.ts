import { createRolldownPlugin } from 'unplugin'
import { unpluginFactory } from './plugin/factory.ts'

/** `unplugin-merged-yaml` for Rolldown: `plugins: [MergedYaml(options)]`. */
export default createRolldownPlugin(unpluginFactory)
