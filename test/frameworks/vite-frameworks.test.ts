// Vite-based frameworks take the Vite entry as it is (`unplugin-merged-yaml/vite` in their
// vite.config): SvelteKit (playground/frameworks/sveltekit) and React Router 7 in framework mode, the
// successor of Remix (playground/frameworks/react-router), each prerendering its page with the merged
// values of a production build.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { pageValues, PRODUCTION, run } from './apps.ts'
import { skipUnlessAvailable, titleUnlessAvailable } from '../helpers/available.ts'
import { bin, copyApp, frameworksMissing, removeCopies } from './install.ts'

const FRAMEWORKS = [
  {
    name: 'SvelteKit',
    app: 'sveltekit',
    command: ['vite', 'build'],
    page: '.svelte-kit/output/prerendered/pages/index.html',
  },
  { name: 'React Router', app: 'react-router', command: ['react-router', 'build'], page: 'build/client/index.html' },
] as const

const missing = await frameworksMissing()

describe.skipIf(skipUnlessAvailable(missing))(
  titleUnlessAvailable('Vite-based frameworks', missing),
  { timeout: 120_000 },
  () => {
    afterAll(removeCopies)

    for (const { name, app: folder, command, page } of FRAMEWORKS) {
      it(`${name}: ${command.join(' ')} prerenders the merged values`, async () => {
        const app = copyApp(folder)
        const build = await run(bin(command[0]), command.slice(1), app)
        expect(build.code, build.output).toBe(0)
        const values = pageValues(readFileSync(join(app, page), 'utf8'))
        expect(values).toEqual({ title: `Merged YAML on ${name}`, ...PRODUCTION })
      })
    }
  },
)
