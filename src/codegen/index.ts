// The pure code generators, as `unplugin-merged-yaml/codegen`: what the plugin writes (module code,
// declarations, from the merged value or the entry's JSON Schema), for tools that write the same
// text without a bundler (the `merged-yaml types` command).
export { generateModule } from './module.ts'
export { generateAmbientModule, generateDeclaration, generateType } from './declaration.ts'
export type { DeclarationSchema, TypeOptions } from './declaration.ts'
export { SchemaTypePrinter } from './schema-type.ts'
export type { SchemaTypeOptions } from './schema-type.ts'
export { DEFAULT_MODES, namesMode } from './modes.ts'
// The inspector (the dev server's page at /__merged-yaml/, `merged-yaml explain --format html`).
export { createInspectorReport } from './inspector/report.ts'
export { formatPath } from './inspector/value-tree.ts'
export type {
  InspectorInput,
  InspectorRender,
  InspectorReport,
  InspectorStatus,
  LayerNode,
  ValueNode,
} from './inspector/report.ts'
export { generateInspectorChannel, generateInspectorPage, inspectorContentSecurityPolicy } from './inspector/page.ts'
export type { InspectorEntrySummary, InspectorPageOptions } from './inspector/page.ts'
