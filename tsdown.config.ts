import { defineConfig } from 'tsdown'

// The root package, unplugin-merged-yaml: the core, one entry per bundler and framework, the Turbopack
// loader, and the directive schema for editors (written by scripts/directive-schema.ts, checked by test/schema).
export default defineConfig({
  entry: [
    'src/index.ts',
    'src/vite.ts',
    'src/rollup.ts',
    'src/rolldown.ts',
    'src/webpack.ts',
    'src/rspack.ts',
    'src/esbuild.ts',
    'src/farm.ts',
    'src/bun.ts',
    'src/nuxt.ts',
    'src/astro.ts',
    'src/loader.ts',
    // The pure code generators, `unplugin-merged-yaml/codegen` (the CLI bundles them).
    'src/codegen/index.ts',
    // The plugin writing a project's declarations without a bundler (`merged-yaml sync` imports it).
    'src/sync.ts',
  ],
  format: 'esm',
  platform: 'node',
  dts: true,
  clean: true,
  // unplugin and the engine are dependencies; bundler types (vite, webpack, …) stay imports of the
  // user's own bundler, never copies.
  deps: { skipNodeModulesBundle: true },
  // `.js`/`.d.ts`, the names package.json `exports` point at.
  fixedExtension: false,
  copy: [{ from: 'schema/directives.json', to: 'dist/schema' }],
})
