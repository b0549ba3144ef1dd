// The project config file as the CLI reads it (bundled into `merged-yaml`, as codegen is): found,
// loaded by c12 and checked exactly as the plugin does, then split as the plugin splits its options.
export { CONFIG_FILE_NAMES, loadProjectConfig, mergeOptions } from './config-file.ts'
export type { ConfigRequest, ProjectConfig } from './config-file.ts'
export { DEFAULT_INCLUDE, resolvePluginOptions } from '../plugin/options.ts'
export type { Options, ResolvedPluginOptions } from '../plugin/options.ts'
