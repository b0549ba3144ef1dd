import { createUnplugin } from 'unplugin'
import { unpluginFactory } from './core/factory.ts'

export { unpluginFactory, PLUGIN_NAME } from './core/factory.ts'
export { generateModule } from './core/codegen.ts'
export { generateDeclaration, generateAmbientModule, generateType } from './core/dts.ts'
export type { TypeOptions } from './core/dts.ts'
export type { DtsMode, DtsOptions, Options } from './core/options.ts'

/** The plugin for every bundler: `unplugin.vite()`, `unplugin.webpack()`, … (or import `unplugin-merged-yaml/<bundler>`). */
export const unplugin = /* #__PURE__ */ createUnplugin(unpluginFactory)

export default unplugin
