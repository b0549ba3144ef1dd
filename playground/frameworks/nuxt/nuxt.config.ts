// nuxt.config.ts
export default defineNuxtConfig({
  modules: [['unplugin-merged-yaml/nuxt', { dts: 'sidecar' }]],
})
