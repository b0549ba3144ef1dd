// The documentation site (`npm run docs:dev`, `npm run docs:build`): the guide holds the sections the
// README had; the reference pages are docs/*.md as they were. A dead link fails the build (VitePress's
// default), and the build runs in the test suite (test/docs/site.test.ts).
import { defineConfig } from 'vitepress'

const REPOSITORY = 'https://github.com/unplugin-merged-yaml/unplugin-merged-yaml'

export default defineConfig({
  title: 'unplugin-merged-yaml',
  description: 'Layered YAML merged at build time into typed ES modules, for every bundler.',
  // The dated results are linked from the performance page; the architecture is the contributors'.
  srcExclude: ['**/node_modules/**'],
  cleanUrls: true,
  lastUpdated: false,
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/getting-started' },
      { text: 'Reference', link: '/guide/options' },
      { text: 'Changelog', link: '/changelog' },
    ],
    socialLinks: [{ icon: 'github', link: REPOSITORY }],
    editLink: { pattern: `${REPOSITORY}/edit/main/docs/:path` },
    search: { provider: 'local' },
    sidebar: [
      {
        text: 'Guide',
        items: [
          { text: 'Getting started', link: '/guide/getting-started' },
          { text: 'Install', link: '/guide/install' },
          { text: 'The config file and sync', link: '/guide/config' },
          { text: 'Importing an entry', link: '/guide/importing' },
          { text: 'TypeScript', link: '/guide/typescript' },
          { text: 'Gathering parts', link: '/guide/gathering' },
          { text: 'Monorepos', link: '/guide/monorepos' },
          { text: 'Validation', link: '/guide/validation' },
          { text: 'Compared with', link: '/guide/compared' },
        ],
      },
      {
        text: 'Bundlers',
        collapsed: true,
        items: ['Vite', 'Rollup', 'Rolldown', 'webpack', 'Rspack', 'esbuild', 'Farm', 'Bun'].map((text) => ({
          text,
          link: `/guide/bundlers/${text.toLowerCase()}`,
        })),
      },
      {
        text: 'Frameworks',
        collapsed: true,
        items: [
          { text: 'Overview', link: '/guide/frameworks' },
          { text: 'Nuxt', link: '/guide/frameworks/nuxt' },
          { text: 'Astro', link: '/guide/frameworks/astro' },
          { text: 'Next.js', link: '/guide/frameworks/next' },
          { text: 'SvelteKit and React Router', link: '/guide/frameworks/vite-based' },
        ],
      },
      {
        text: 'Merging',
        items: [
          { text: 'Values (Helm, Compose)', link: '/values' },
          { text: 'Other vocabularies', link: '/guide/dialects/' },
          { text: 'cloud-init', link: '/guide/dialects/cloud-init' },
          { text: 'Datum', link: '/guide/dialects/datum' },
          { text: 'Datum in depth', link: '/datum' },
          { text: 'Heat', link: '/guide/dialects/heat' },
          { text: 'Heat in depth', link: '/heat' },
          { text: 'Deckhand', link: '/guide/dialects/deckhand' },
          { text: 'Deckhand in depth', link: '/deckhand' },
          { text: 'YAML versions', link: '/yaml-versions' },
          { text: 'The YAML test suite', link: '/yaml-test-suite' },
        ],
      },
      {
        text: 'Tools',
        items: [
          { text: 'The merged-yaml command', link: '/guide/cli' },
          { text: 'Command reference', link: '/cli' },
          { text: 'The inspector', link: '/guide/inspector' },
          { text: 'Inspector in depth', link: '/inspector' },
          { text: 'Editors', link: '/guide/editors' },
          { text: 'Types in your editor', link: '/editor' },
        ],
      },
      {
        text: 'Reference',
        items: [
          { text: 'Options', link: '/guide/options' },
          { text: 'Plugin internals', link: '/plugin' },
          { text: 'The engine API', link: '/guide/api' },
          { text: 'Errors', link: '/errors' },
          { text: 'Security', link: '/security' },
          { text: 'Performance', link: '/guide/performance' },
          { text: 'Performance in depth', link: '/performance' },
          { text: 'Results', link: '/results/' },
        ],
      },
      {
        text: 'Contributing',
        collapsed: true,
        items: [
          { text: 'Development', link: '/guide/development' },
          { text: 'Architecture', link: '/architecture' },
          { text: 'Releasing', link: '/releasing' },
          { text: 'Changelog', link: '/changelog' },
        ],
      },
    ],
  },
})
