// Real Heat environment files (../shared/realworld/heat: the 234 non-Jinja environments of
// tripleo-heat-templates, each alone, and a 13-file overcloud set) against Heat's own
// merge_environments. Each case is an entry of `#include` lines naming the files, first first, in a
// scratch folder. With the reference-compatible options every case gives Heat's merged environment
// (its resource_registry paths resolved as heatclient resolves them, see below); with the default
// options, that or a located error.
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { isMergedYamlError, render } from '@merged-yaml/core'
import { titleUnlessAvailable } from '../helpers/available.ts'
import type { RenderOptions } from '@merged-yaml/core'
import {
  asCorpusJson,
  createTally,
  expectLocated,
  NO_VALUE,
  REALWORLD,
  realworldDir,
  sameOrLocatedError,
} from './shared.ts'

interface Case {
  name: string
  /** Relative to inputs/, in `-e` order. */
  files: string[]
  expected: string
  /** Heat raised this exception class. */
  error?: string
}

const dir = realworldDir('heat')
const cases: Case[] = dir ? JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) : []

/** Heat's exceptions and the diagnostic codes documented for them (docs/heat.md). */
const ERROR_CODES: Record<string, RegExp> = {
  ValueError: /^(MY_HEAT_(NOT_MAPPING|UNKNOWN_SECTION|EMPTY_SECTION|INVALID_PARAMETER)|MY_YAML_\w+)$/,
}

const REFERENCE: RenderOptions = { stack: 'per-part', strict: false, yamlVersion: '1.1' }

type Mapping = Record<string, unknown>
const isMapping = (value: unknown): value is Mapping =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The oracle runs Heat's server-side merge on the raw files, whose registry paths are relative to
 * each file; heatclient resolves every file's paths against that file before Heat merges
 * (template_utils.resolve_environment_urls), and the engine writes the result relative to the entry.
 * Heat's registry merge is shallow (`old[k] = v` for each non-null v), so each key's value in the
 * oracle's output is that of the last file that sets it: resolved against that file here. The
 * corpus sets no `base_url`, which the runner checks.
 */
function resolveRegistry(expected: Mapping, files: readonly string[], entryDir: string): void {
  const registry = expected.resource_registry
  if (!isMapping(registry)) return
  const registries = files.map((file) => {
    const env = parse(readFileSync(file, 'utf8'), { version: '1.1' }) as unknown
    const section = isMapping(env) ? env.resource_registry : undefined
    expect(isMapping(section) ? section.base_url : undefined, `${file}: base_url`).toBeUndefined()
    return { file, section: isMapping(section) ? section : {} }
  })
  /** heatclient's rule: strings that are not built-in types (`OS::…`), URLs or absolute paths. */
  const resolvePaths = (level: Mapping, file: string): void => {
    for (const [key, value] of Object.entries(level)) {
      if (['hooks', 'restricted_actions'].includes(key) || typeof value !== 'string' || value.includes('::')) continue
      if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('/')) continue
      level[key] = relative(entryDir, resolve(dirname(file), value))
    }
  }
  for (const key of Object.keys(registry)) {
    const setter = registries.findLast(({ section }) => section[key] !== undefined && section[key] !== null)
    if (setter === undefined) continue
    const value = registry[key]
    if (key === 'resources' && isMapping(value)) {
      for (const entry of Object.values(value)) if (isMapping(entry)) resolvePaths(entry, setter.file)
    } else {
      const level: Mapping = { [key]: value }
      resolvePaths(level, setter.file)
      registry[key] = level[key]
    }
  }
}

/** The case as an entry in a scratch folder, and Heat's result as the engine writes it. */
function writeCase(c: Case): { entry: string; root: string; expected: Mapping } {
  const root = mkdtempSync(join(tmpdir(), 'my-realworld-heat-'))
  const entry = join(root, `${c.name.replaceAll('/', '-')}.merged.yaml`)
  const files = c.files.map((file) => join(dir!, 'inputs', file))
  writeFileSync(entry, `#include\n${files.join('\n')}\n`)
  const expected = JSON.parse(readFileSync(join(dir!, c.expected), 'utf8')) as Mapping
  // Against each file's real path, as heatclient (Path.resolve) and the engine take it.
  if (c.error === undefined)
    resolveRegistry(
      expected,
      files.map((file) => realpathSync(file)),
      realpathSync(root),
    )
  return { entry, root, expected }
}

describe.skipIf(!dir)(
  titleUnlessAvailable(
    'real Heat environments (../shared/realworld/heat)',
    dir ? undefined : '../shared/realworld is absent',
  ),
  () => {
    const tally = createTally()
    afterAll(() => {
      console.log(`realworld heat, default options: ${tally.summary()}`)
    })

    it('has the 235 cases', () => {
      expect(cases).toHaveLength(235)
    })

    describe("with { stack: 'per-part', strict: false, yamlVersion: '1.1' }: Heat's environment", () => {
      for (const c of cases) {
        it(c.name, async () => {
          const { entry, root, expected } = writeCase(c)
          const options: RenderOptions = { root, allow: [REALWORLD], ...REFERENCE }
          if (c.error !== undefined) {
            const error = await render(entry, options).catch((e: unknown) => e)
            if (!isMergedYamlError(error)) throw new Error(`expected ${c.error}, got a value`)
            expectLocated(error.diagnostics)
            expect(error.code).toMatch(ERROR_CODES[c.error]!)
            return
          }
          const result = await render(entry, options)
          expect(result.dialect).toBe('heat')
          expect(asCorpusJson(result.value)).toEqual(expected)
        })
      }
    })

    describe("with the default options: Heat's environment or a located error", () => {
      for (const c of cases) {
        it(c.name, async () => {
          const { entry, root, expected } = writeCase(c)
          const run = async () => (await render(entry, { root, allow: [REALWORLD] })).value
          const outcome = await sameOrLocatedError(run, c.error === undefined ? expected : NO_VALUE)
          expect(['same', 'error']).toContain(outcome.kind)
          tally.add(outcome)
        })
      }
    })
  },
)
