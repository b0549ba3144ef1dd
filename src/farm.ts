import { createFarmPlugin } from 'unplugin'
import { unpluginFactory } from './plugin/factory.ts'

/** `unplugin-merged-yaml` for Farm: `plugins: [MergedYaml(options)]`. */
export default createFarmPlugin(unpluginFactory)
