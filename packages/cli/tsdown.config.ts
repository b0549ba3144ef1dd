import { fileURLToPath } from 'node:url'
import { defineConfig } from 'tsdown'

export default defineConfig({
  // `merged-yaml types` writes the plugin's declarations: its pure code generators are bundled in,
  // so that the CLI needs no bundler plugin installed.
  alias: { 'unplugin-merged-yaml/codegen': fileURLToPath(new URL('../../src/codegen/index.ts', import.meta.url)) },
  deps: { alwaysBundle: ['unplugin-merged-yaml/codegen'] },
  entry: ['src/index.ts'],
  format: 'esm',
  platform: 'node',
  // A bin, not a library: no declarations.
  dts: false,
  clean: true,
  fixedExtension: false,
  banner: '#!/usr/bin/env node',
})
