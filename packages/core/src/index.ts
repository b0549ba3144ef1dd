// @merged-yaml/core's public API (semver applies). What only the CLI and the plugin need is in internal.ts.
export { prepareEntry, render, renderSync } from './render-api.ts'
export type { PreparedEntry, RenderHooks, RenderResult } from './render.ts'
export type { EntrySchema } from './pipeline/validate.ts'
export type { SchemaOption } from './options.ts'
export { createRenderCache } from './render-cache.ts'
export type { RenderCache, RenderCacheStats } from './render-cache.ts'
// The defaults of `deny` and `limits`, to extend them (`deny: [...DEFAULT_DENY, 'secrets/**']`).
export { DEFAULT_DENY, DEFAULT_LIMITS } from './options.ts'
export type { CommonOptions, Limits, StackMode } from './options.ts'
export { findWorkspaceRoot } from './workspace-root.ts'
export type { RenderOptions } from './render-options.ts'
export { ERROR_CODES } from './dialects/registry.ts'
export type { ErrorCode } from './codes.ts'
export { formatDiagnostic, isMergedYamlError, MergedYamlError } from './diagnostics.ts'
export type { ChainLink, Diagnostic, Position, Severity } from './diagnostics.ts'
export type { SourceDocument } from './source-document.ts'
export type { HistoryAction, HistoryEvent, HistoryPart, HistoryPath, ValueHistory } from './provenance/history.ts'
export type { SourceLocation, ValueSource, ValueSources } from './provenance/value-sources.ts'
export type { YamlVersion } from './yaml/types.ts'
export type { DialectName, DialectOptions } from './dialects/registry.ts'
export type { HeatMode, HeatOptions, HeatParameterType } from './dialects/heat/index.ts'
export type { ValuesOptions } from './dialects/values/index.ts'
export type {
  DatumHandlerContext,
  DatumHandlerFunction,
  DatumLookupOptions,
  DatumOptions,
  DatumStrategyInput,
} from './dialects/datum/types.ts'
export type { DeckhandOptions } from './dialects/deckhand/index.ts'
