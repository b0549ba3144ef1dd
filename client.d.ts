// `unplugin-merged-yaml/client`: every `*.merged.yaml` import typed as `any` — its default export and
// any named export — so that `tsc` passes before the plugin has written a declaration (a fresh
// checkout, CI before a build) and in projects that generate none (`dts: false`). Generated sidecar
// declarations take precedence over these shorthand modules: an entry whose declaration exists has
// its real shape. Do not combine them with the ambient declarations file (`dts: 'ambient'`): both
// would match the same imports.
declare module '*.merged.yaml'
declare module '*.merged.yml'
