export { prepareEntry, render, renderSync } from './render.ts'
export type { PreparedEntry, RenderHooks, RenderResult } from './render.ts'
export type { EntrySchema } from './pipeline/validate.ts'
export type { SchemaOption } from './options.ts'
export type { DialectSchemaCheck } from './dialects/types.ts'
export { hashContent } from './pipeline/fingerprint.ts'
export { createRenderCache } from './render-cache.ts'
export type { RenderCache, RenderCacheStats } from './render-cache.ts'
export { DEFAULT_DENY, DEFAULT_LIMITS, DEFAULT_MERGE_HOW } from './options.ts'
export type { CommonOptions, Limits, ResolvedOptions, StackMode } from './options.ts'
export { resolveOptions } from './render-options.ts'
// For the plugin and the CLI, which check their options and flags as render() does (with the names meant).
export { assertKnownOptions, RENDER_OPTION_NAMES } from './option-names.ts'
export type { OptionsTaker } from './option-names.ts'
export { suggestName } from './suggest.ts'
export { findWorkspaceRoot } from './workspace-root.ts'
export type { RenderOptions } from './render-options.ts'
export { ERROR_CODES } from './codes.ts'
export type { ErrorCode } from './codes.ts'
export { createCodeFrame, formatDiagnostic, isMergedYamlError, MergedYamlError } from './diagnostics.ts'
export type { ChainLink, Diagnostic, Position, Severity } from './diagnostics.ts'
export type { SourceDocument } from './source-document.ts'
export type { HistoryAction, HistoryEvent, HistoryPart, HistoryPath, ValueHistory } from './provenance/history.ts'
export type { SourceLocation, ValueSource, ValueSources } from './provenance/value-sources.ts'
export type { YamlVersion } from './yaml/types.ts'
export { DIALECT_NAMES } from './dialects/registry.ts'
export type { DialectName, DialectOptions } from './dialects/registry.ts'
export { DIALECT_SURFACES, withDialectOption } from './dialects/surface.ts'
export type { DialectSurface } from './dialects/surface.ts'
export type { Dialect, DialectContext, DialectFlag, DialectResult } from './dialects/types.ts'
export type { HeatMode, HeatOptions, HeatParameterType } from './dialects/heat/index.ts'
export type {
  DatumHandlerContext,
  DatumHandlerFunction,
  DatumLookupOptions,
  DatumOptions,
  DatumStrategyInput,
} from './dialects/datum/types.ts'
export type { DeckhandOptions } from './dialects/deckhand/index.ts'
