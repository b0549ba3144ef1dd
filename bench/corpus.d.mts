export declare const REPO_ROOT: string
export declare const GEN_CORPUS: string
export declare const CACHE_FOLDER: string
export interface CorpusParams {
  entries: number
  depth: number
  size: string
  seed?: string
  /** Include lines as an app writes them: `${mode}` and a glob (t3). */
  appShaped?: boolean
  /** 'values': the layers without their cloud-init directives, merged in the values dialect. */
  dialect?: 'values'
}
export declare const CORPORA: Record<
  'm50' | 's200' | 'l5' | 's1000' | 't3' | 'values-m50' | 'values-s200' | 'values-l5' | 'values-t3',
  CorpusParams
>
export interface CorpusManifest {
  params: CorpusParams & { seed: string }
  layers: Record<string, { bytes: number; topLevelKeys: number; mergeHow: string | null }>
  entries: {
    entry: string
    chain: string[]
    json: string
    plain: string
    chainYamlBytes: number
    jsonBytes: number
    plainBytes: number
  }[]
  totals: {
    uniqueLayerFiles: number
    uniqueLayerYamlBytes: number
    chainYamlBytes: number
    mergedJsonBytes: number
    mergedPlainYamlBytes: number
  }
  /** 'values': the baselines (json/, plain/) are the entries merged as Helm merges values files. */
  dialect?: 'values'
}
export declare function generateCorpus(out: string, params: CorpusParams): CorpusManifest
