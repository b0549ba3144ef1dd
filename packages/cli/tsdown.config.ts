import { defineConfig } from 'tsdown'

export default defineConfig({
  entry: ['src/index.ts'],
  format: 'esm',
  platform: 'node',
  // A bin, not a library: no declarations.
  dts: false,
  clean: true,
  fixedExtension: false,
  banner: '#!/usr/bin/env node',
})
