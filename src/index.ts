import { createUnplugin } from 'unplugin'
import { unpluginFactory } from './plugin/factory.ts'

export { unpluginFactory, PLUGIN_NAME } from './plugin/factory.ts'
export { generateModule } from './codegen/module.ts'
export { generateDeclaration, generateAmbientModule, generateType } from './codegen/declaration.ts'
export type { TypeOptions } from './codegen/declaration.ts'
export type { DtsMode, DtsOptions, Options } from './plugin/options.ts'
export { defineConfig } from './config/config-file.ts'
// What declarations of entries with a Standard Schema module name: their type is its output type.
export type { StandardSchemaV1 } from '@standard-schema/spec'

/** The plugin for every bundler: `unplugin.vite()`, `unplugin.webpack()`, … (or `unplugin-merged-yaml/<bundler>`). */
export const unplugin = /* #__PURE__ */ createUnplugin(unpluginFactory)

export default unplugin
