import { createFarmPlugin } from 'unplugin'
import { unpluginFactory } from './core/factory.ts'

/** `unplugin-merged-yaml` for Farm: `plugins: [MergedYaml(options)]`. */
export default createFarmPlugin(unpluginFactory)
