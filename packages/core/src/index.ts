export { prepareEntry, render, renderSync } from './render.ts'
export type { PreparedEntry, RenderHooks, RenderResult } from './render.ts'
export { hashContent } from './fingerprint.ts'
export { createRenderCache } from './cache.ts'
export type { RenderCache, RenderCacheStats } from './cache.ts'
export { DEFAULT_DENY, DEFAULT_LIMITS, DEFAULT_MERGE_HOW, resolveOptions } from './options.ts'
export type { DialectName, Limits, RenderOptions, ResolvedOptions, StackMode } from './options.ts'
export { createCodeFrame, formatDiagnostic, isMergedYamlError, MergedYamlError } from './diagnostics.ts'
export type { ChainLink, Diagnostic, Position, Severity } from './diagnostics.ts'
export type { SourceDocument } from './source.ts'
export type {
  Provenance,
  ProvenanceAction,
  ProvenanceEvent,
  ProvenancePart,
  ProvenancePath,
} from './merge/provenance.ts'
export type { YamlVersion } from './yaml/parse.ts'
export type { HeatMode, HeatOptions, HeatParameterType } from './dialects/heat/index.ts'
export type { Dialect, DialectContext } from './dialects/types.ts'
export type {
  DatumHandlerContext,
  DatumHandlerFunction,
  DatumLookupOptions,
  DatumOptions,
  DatumStrategyInput,
} from './dialects/datum/index.ts'
export type { DeckhandOptions } from './dialects/deckhand/index.ts'
