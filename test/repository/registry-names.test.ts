// What names the dialects outside their folders says what the registry says: the packages'
// descriptions and keywords name every registered dialect, the help, explain and docs/cli.md state
// which dialects record every value from `recordsPerValue`, and the `yamlVersion` option's comment
// names the YAML 1.1 readers the dialects declare (`yaml11Reader`). A sixth dialect fails here until
// the packages and docs name it.
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DIALECT_NAMES, YAML11_READERS } from '../../packages/core/src/dialects/registry.ts'
import { helpText } from '../../packages/cli/src/help.ts'
import { PROVENANCE_DETAIL } from '../../packages/cli/src/provenance-detail.ts'

const REPO = resolve(import.meta.dirname, '../..')
const read = (path: string): string => readFileSync(join(REPO, path), 'utf8')
const manifest = (dir: string): { description: string; keywords: string[] } => JSON.parse(read(`${dir}/package.json`))
const oneLine = (text: string): string => text.replace(/\s+/g, ' ')

describe('the names of the dialects outside the registry', () => {
  it.each(['.', 'packages/core', 'packages/cli'])('%s/package.json: every dialect among its keywords', (dir) => {
    expect(manifest(dir).keywords).toEqual(expect.arrayContaining([...DIALECT_NAMES]))
  })

  it.each(['.', 'packages/core'])('%s/package.json: its description names every dialect', (dir) => {
    const description = manifest(dir).description.toLowerCase()
    expect(DIALECT_NAMES.filter((name) => !description.includes(name))).toEqual([])
  })

  it('`merged-yaml explain --help` and docs/cli.md say which dialects record every value, as the registry does', () => {
    expect(oneLine(helpText('explain'))).toContain(PROVENANCE_DETAIL)
    expect(oneLine(read('docs/cli.md'))).toContain(PROVENANCE_DETAIL)
  })

  it("the yamlVersion option's comment names the dialects' YAML 1.1 readers", () => {
    const readers = YAML11_READERS.map(({ reader, systems }) => `${reader}: ${systems.join(', ')}`).join('; ')
    expect(oneLine(read('packages/core/src/options.ts'))).toContain(`(${readers})`)
  })
})
