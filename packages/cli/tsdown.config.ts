import { fileURLToPath } from 'node:url'
import { defineConfig } from 'tsdown'

export default defineConfig({
  // `merged-yaml types` writes the plugin's declarations: its pure code generators are bundled in,
  // so that the CLI needs no bundler plugin installed.
  // The config file is read by the plugin's own code too (c12 stays a dependency).
  alias: {
    'unplugin-merged-yaml/codegen': fileURLToPath(new URL('../../src/codegen/index.ts', import.meta.url)),
    'unplugin-merged-yaml/config': fileURLToPath(new URL('../../src/config/index.ts', import.meta.url)),
  },
  // `merged-yaml sync` runs the installed plugin (`unplugin-merged-yaml/sync`), imported when it runs.
  deps: {
    alwaysBundle: ['unplugin-merged-yaml/codegen', 'unplugin-merged-yaml/config'],
    neverBundle: ['unplugin-merged-yaml/sync'],
  },
  entry: ['src/index.ts'],
  format: 'esm',
  platform: 'node',
  // A bin, not a library: no declarations.
  dts: false,
  clean: true,
  fixedExtension: false,
  banner: '#!/usr/bin/env node',
})
