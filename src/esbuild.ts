import { createEsbuildPlugin } from 'unplugin'
import { unpluginFactory } from './plugin/factory.ts'

/** `unplugin-merged-yaml` for esbuild: `plugins: [MergedYaml(options)]`. */
export default createEsbuildPlugin(unpluginFactory)
