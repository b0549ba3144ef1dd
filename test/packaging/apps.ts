// The fresh apps of pack.test.ts, written file by file: each lists only `unplugin-merged-yaml` (a
// tarball) and its bundler; npm `overrides` point the plugin's own dependencies, unpublished here, at
// their tarballs too.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { REPO } from '../plugin/bundlers.ts'

const versionOf = (dir: string): string =>
  (JSON.parse(readFileSync(join(REPO, dir, 'package.json'), 'utf8')) as { version: string }).version

/** The packages and the file name `npm pack` gives each tarball. */
export const PACKAGES = [
  { name: '@merged-yaml/core', file: `merged-yaml-core-${versionOf('packages/core')}.tgz` },
  { name: '@merged-yaml/cli', file: `merged-yaml-cli-${versionOf('packages/cli')}.tgz` },
  { name: 'unplugin-merged-yaml', file: `unplugin-merged-yaml-${versionOf('.')}.tgz` },
] as const

export type AppKind = 'vite8-monorepo' | 'vite5' | 'vite6' | 'vite7' | 'webpack5-cjs' | 'create-vite'

function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`

/** An entry with a layer per mode: `devtools` only in development; `broken` has a misspelt merger. */
const CONFIG = {
  'app.merged.yaml': '#include\nbase.yaml\nenv/${mode}.yaml\n',
  'base.yaml': 'url: http://localhost:8080\ntimeout: 30\n',
  'env/development.yaml': 'devtools: true\n',
  'env/production.yaml': 'url: https://api.example.com\n',
  'env/broken.yaml': '#cloud-config\nmerge_how: dict(replace)+lst(append)\n',
}

const configIn = (folder: string): Record<string, string> =>
  Object.fromEntries(Object.entries(CONFIG).map(([path, text]) => [`${folder}/${path}`, text]))

/** The webpack config of the CommonJS app, as the README shows it. */
export const WEBPACK_CJS_CONFIG = [
  "const { resolve } = require('node:path')",
  "const MergedYaml = require('unplugin-merged-yaml/webpack').default",
  '',
  'module.exports = {',
  "  mode: 'production',",
  "  entry: './src/main.js',",
  "  output: { path: resolve(__dirname, 'dist'), filename: 'main.js' },",
  '  plugins: [MergedYaml()],',
  '}',
  '',
].join('\n')

/**
 * The create-vite app (test/fixtures/create-vite-app: react-ts's layout — `tsc -b` over project
 * references — without React), its options only in merged-yaml.config.ts, `prepare` running
 * `merged-yaml sync` as the README says.
 */
/** The create-vite app's scripts, as the guide's config page shows them (test/readme.test.ts). */
export const CREATE_VITE_SCRIPTS = { prepare: 'merged-yaml sync', build: 'tsc -b && vite build' }

function createViteFiles(tarballs: Record<string, string>): Record<string, string> {
  const fixture = join(REPO, 'test/fixtures/create-vite-app')
  const files: Record<string, string> = {}
  for (const path of readdirSync(fixture, { recursive: true, encoding: 'utf8' }))
    if (statSync(join(fixture, path)).isFile()) files[path] = readFileSync(join(fixture, path), 'utf8')
  files['package.json'] = json({
    name: 'create-vite-app',
    private: true,
    type: 'module',
    scripts: CREATE_VITE_SCRIPTS,
    devDependencies: {
      'unplugin-merged-yaml': `file:${tarballs['unplugin-merged-yaml']}`,
      '@types/node': '^20.19.0',
      typescript: '~5.9.3',
      vite: '^8.0.0',
    },
    overrides: {
      '@merged-yaml/core': `file:${tarballs['@merged-yaml/core']}`,
      '@merged-yaml/cli': `file:${tarballs['@merged-yaml/cli']}`,
    },
  })
  return files
}

/** Writes the app of `kind` in `root` and returns the folder its commands run in. */
export function writeApp(kind: AppKind, root: string, tarballs: Record<string, string>): string {
  if (kind === 'create-vite') {
    writeFiles(root, createViteFiles(tarballs))
    return root
  }
  const { files, folder } = appFiles(kind as Exclude<AppKind, 'create-vite'>, tarballs)
  writeFiles(root, files)
  return join(root, folder)
}

/** The files of the app of `kind` (paths relative to its root), and the folder its commands run in. */
export function appFiles(
  kind: Exclude<AppKind, 'create-vite'>,
  tarballs: Record<string, string>,
): { files: Record<string, string>; folder: string } {
  const plugin = `file:${tarballs['unplugin-merged-yaml']}`
  const overrides = {
    '@merged-yaml/core': `file:${tarballs['@merged-yaml/core']}`,
    '@merged-yaml/cli': `file:${tarballs['@merged-yaml/cli']}`,
  }
  const html = '<!doctype html>\n<html><body><script type="module" src="/src/main.ts"></script></body></html>\n'
  switch (kind) {
    case 'vite8-monorepo':
      return {
        folder: 'apps/web',
        files: {
          'package.json': json({ name: 'monorepo', private: true, workspaces: ['apps/*'], overrides }),
          ...configIn('config'),
          'apps/web/package.json': json({
            name: 'web',
            private: true,
            type: 'module',
            devDependencies: { 'unplugin-merged-yaml': plugin, typescript: '~5.9.3', vite: '^8.0.0' },
          }),
          'apps/web/index.html': html,
          'apps/web/vite.config.ts': [
            "import { defineConfig } from 'vite'",
            "import MergedYaml from 'unplugin-merged-yaml/vite'",
            '',
            'export default defineConfig({ plugins: [MergedYaml()] })',
            '',
          ].join('\n'),
          'apps/web/src/main.ts': [
            "import config, { url } from '../../../config/app.merged.yaml'",
            '',
            '// Set only in development: optional in the declaration, whichever mode was built last.',
            'const devtools: boolean | undefined = config.devtools',
            'document.body.textContent = `${url} ${config.timeout} ${String(devtools)}`',
            '',
          ].join('\n'),
          'apps/web/tsconfig.json': json({
            compilerOptions: {
              target: 'ES2022',
              lib: ['ES2022', 'DOM'],
              module: 'preserve',
              moduleResolution: 'bundler',
              strict: true,
              noEmit: true,
              skipLibCheck: true,
              allowArbitraryExtensions: true,
              types: ['vite/client'],
            },
            include: ['src', 'vite.config.ts'],
          }),
        },
      }
    case 'vite5':
    case 'vite6':
    case 'vite7':
      return {
        folder: '.',
        files: {
          'package.json': json({
            name: `${kind}-app`,
            private: true,
            type: 'module',
            devDependencies: { 'unplugin-merged-yaml': plugin, vite: `^${kind.slice('vite'.length)}.0.0` },
            overrides,
          }),
          ...configIn('config'),
          'index.html': html.replace('main.ts', 'main.js'),
          'vite.config.js': [
            "import MergedYaml from 'unplugin-merged-yaml/vite'",
            '',
            'export default { plugins: [MergedYaml()] }',
            '',
          ].join('\n'),
          'src/main.js': "import { url } from '../config/app.merged.yaml'\n\ndocument.body.textContent = url\n",
          // esbuild as Vite 6 installs it (no mode of its own: `vars.mode`).
          'esbuild.mjs': [
            "import { build } from 'esbuild'",
            "import MergedYaml from 'unplugin-merged-yaml/esbuild'",
            '',
            'await build({',
            "  entryPoints: ['src/main.js'],",
            '  bundle: true,',
            "  outfile: 'dist-esbuild/main.js',",
            "  plugins: [MergedYaml({ vars: { mode: 'production' } })],",
            '})',
            '',
          ].join('\n'),
        },
      }
    case 'webpack5-cjs':
      return {
        folder: '.',
        files: {
          // No "type": every .js file here is CommonJS.
          'package.json': json({
            name: 'webpack-app',
            private: true,
            devDependencies: { 'unplugin-merged-yaml': plugin, webpack: '^5.0.0' },
            overrides,
          }),
          ...configIn('config'),
          'webpack.config.js': WEBPACK_CJS_CONFIG,
          // webpack's API, so that webpack-cli need not be installed too.
          'build.js': [
            "const webpack = require('webpack')",
            '',
            "webpack(require('./webpack.config.js'), (error, stats) => {",
            '  if (error) throw error',
            '  if (stats.hasErrors()) {',
            "    console.error(stats.toString('errors-only'))",
            '    process.exitCode = 1',
            '  }',
            '})',
            '',
          ].join('\n'),
          'src/main.js': "import config from '../config/app.merged.yaml'\n\nconsole.log(config.url)\n",
        },
      }
  }
}
