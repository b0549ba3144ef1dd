import { mergedYamlLoader } from './hosts/turbopack-loader.ts'

/** `unplugin-merged-yaml` as a webpack-style loader, for Turbopack: `turbopack.rules` in next.config. */
export default mergedYamlLoader
