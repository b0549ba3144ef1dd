// `unplugin-merged-yaml/client`: a type for every `*.merged.yaml` import, for projects that generate
// no declarations (`dts: false`). Generated declarations (option `dts`) give each entry its real shape
// and named exports; sidecar declarations take precedence over this one. Do not combine it with the
// ambient declarations file (`dts: 'ambient'`): both would match the same imports.
declare module '*.merged.yaml' {
  /** The merged value of the entry. */
  const value: any
  export default value
}

declare module '*.merged.yml' {
  /** The merged value of the entry. */
  const value: any
  export default value
}
