// Which records of provenance a render keeps besides its value — the `history` and `sources` options
// — and the recorder its merge writes them to: the one place that reads those options.
import type { CommonOptions } from '../options.ts'
import type { ValueHistory } from './history.ts'
import { ProvenanceRecorder } from './recorder.ts'
import type { ValueSources } from './value-sources.ts'

/** The records a render returns: part of its result, so of its fingerprint. */
export interface RequestedRecords {
  history: boolean
  sources: boolean
}

/** What the result carries of the records asked for. */
export interface TakenRecords {
  history?: ValueHistory
  sources?: ValueSources
}

export function requestedRecords(options: Pick<CommonOptions, 'history' | 'sources'>): RequestedRecords {
  return { history: options.history === true, sources: options.sources === true }
}

/**
 * The recorder a render's merge writes to: a history recorder when the history is asked for (the
 * sources record is then made from it), a sources recorder when only the sources are, else none.
 */
export function createProvenanceRecorder(records: RequestedRecords): ProvenanceRecorder | undefined {
  if (records.history) return new ProvenanceRecorder('history')
  return records.sources ? new ProvenanceRecorder('sources') : undefined
}

/** The history the merge recorded, when its recorder kept one (else it is made by merging again). */
export function recordedHistory(recorder: ProvenanceRecorder | undefined): ValueHistory | undefined {
  return recorder?.keeps === 'history' ? recorder.history() : undefined
}

/** The records asked for, from the recorder that kept them. */
export function takeRecords(recorder: ProvenanceRecorder | undefined, records: RequestedRecords): TakenRecords {
  const taken: TakenRecords = {}
  if (recorder && records.history) taken.history = recorder.history()
  if (recorder && records.sources) taken.sources = recorder.sources()
  return taken
}
