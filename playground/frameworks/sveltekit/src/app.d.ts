// Within the include of .svelte-kit/tsconfig.json (src/**): the client types type every
// `*.merged.yaml` import until its declaration is written (a fresh checkout type-checks).
/// <reference types="unplugin-merged-yaml/client" />
