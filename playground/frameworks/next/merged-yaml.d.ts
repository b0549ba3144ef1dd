// Every `*.merged.yaml` import typed `any` until the plugin has written its declaration (a fresh
// checkout): the sidecar beside the entry (`app.merged.d.yaml.ts`) then takes precedence.
/// <reference types="unplugin-merged-yaml/client" />
