// next.config.ts
import type { NextConfig } from 'next'
import MergedYaml from 'unplugin-merged-yaml/webpack'

const nextConfig: NextConfig = {
  // `next dev` and `next build` run Turbopack, which takes loaders, not plugins.
  turbopack: {
    rules: {
      '*.merged.yaml': { loaders: ['unplugin-merged-yaml/loader'], as: '*.js' },
    },
  },
  // `next build --webpack` and `next dev --webpack`.
  webpack(config) {
    config.plugins.push(MergedYaml())
    return config
  },
}

export default nextConfig
