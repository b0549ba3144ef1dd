// `@merged-yaml/core/internal`: NOT PUBLIC API, no semver promise. What only our own packages — the
// CLI (`@merged-yaml/cli`) and the bundler plugin (`unplugin-merged-yaml`), released with the engine
// at one version and depending on that exact version — need of it: the dialect registry's surface
// (flags, import queries), the option-name check they share with render(), did-you-mean, and the
// rule for the folders includes may read. Its names change whenever the engine does; the README and
// docs/ never document it. Anything for users belongs in index.ts.
export { DIALECT_NAMES } from './dialects/registry.ts'
export { DIALECT_SURFACES, isQueriedFile, withDialectOption } from './dialects/surface.ts'
export type { DialectSurface } from './dialects/surface.ts'
export type { DialectFlag, FileQuery } from './dialects/types.ts'
export { assertKnownOptions } from './option-names.ts'
export { invalidOption } from './diagnostics.ts'
export type { OptionsTaker } from './option-names.ts'
export { suggestName } from './suggest.ts'
export { resolveAllow } from './workspace-root.ts'
export { isName } from './path-names.ts'
export type { AllowSources } from './workspace-root.ts'
export { createPathRewriter } from './paths-in-text.ts'
// The pipeline, imported on the plugin's first entry: loading the plugin loads none of it.
export const loadPipeline = () => import('./pipeline-api.ts')
export type Pipeline = Awaited<ReturnType<typeof loadPipeline>>
// What the plugin needs before it loads the pipeline (its options, errors and messages), in the
// chunk both entries share: one MergedYamlError class, whichever entry a caller imported it from.
export { formatDiagnostic, isMergedYamlError, MergedYamlError } from './diagnostics.ts'
export { findWorkspaceRoot } from './workspace-root.ts'
