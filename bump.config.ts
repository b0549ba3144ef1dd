// `npm run release`: bumpp asks for the version, writes it into the three manifests (released together
// at one version), runs scripts/release-version.mjs (internal dependencies, CHANGELOG.md, lockfile),
// then commits, tags `vX.Y.Z` and pushes; the tag starts .github/workflows/release.yml.
import { defineConfig } from 'bumpp'

export default defineConfig({
  files: ['package.json', 'packages/core/package.json', 'packages/cli/package.json'],
  execute: 'node scripts/release-version.mjs',
  all: true,
  commit: 'chore: release v%s',
  tag: 'v%s',
  push: true,
})
