// The modes an entry's declaration covers unless the plugin's `modes` option says otherwise: here,
// beside the generators, because `merged-yaml check` and `merged-yaml types` cover the same ones.
export const DEFAULT_MODES: readonly string[] = ['development', 'production']
