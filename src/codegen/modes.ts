// The modes an entry's declaration covers unless the plugin's `modes` option says otherwise: here,
// beside the generators, because `merged-yaml check` and `merged-yaml types` cover the same ones.
export const DEFAULT_MODES: readonly string[] = ['development', 'production']

const MODE_VARIABLE = Buffer.from('${mode}')

/** Whether a file's bytes name `${mode}`: an entry none of whose files does has one value in every mode. */
export function namesMode(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(MODE_VARIABLE)
}
