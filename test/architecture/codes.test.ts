// The one table of diagnostic codes (the engine's, codes.ts, and each registered dialect's, put together
// in dialects/registry.ts) against the sources and the docs:
// every code the sources report is in it, every code in it is reported somewhere, and
// docs/errors.md lists them all. `MY_WRITE_DOCS=1 npx vitest run test/architecture/codes.test.ts`
// writes docs/errors.md anew from the table.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ERROR_CODES } from '@merged-yaml/core'
import { ENGINE_CODES } from '../../packages/core/src/codes.ts'
import { DECKHAND_CODES } from '../../packages/core/src/dialects/deckhand/codes.ts'
import { DIALECTS } from '../../packages/core/src/dialects/registry.ts'
import { readSources, REPO } from './source-files.ts'

const sources = readSources().filter((file) => !file.path.endsWith('/codes.ts'))
const text = sources.map((file) => file.text).join('\n')

/** The codes the sources name, as literals or through the Deckhand dialect's names for them. */
function usedCodes(): Set<string> {
  const used = new Set(text.match(/\bMY_[A-Z0-9_]+\b/g))
  for (const [name, code] of Object.entries(DECKHAND_CODES)) {
    if (new RegExp(`DECKHAND_CODES\\.${name}\\b`).test(text)) used.add(code)
  }
  return used
}

function errorsDoc(): string {
  const rooms: [string, Readonly<Record<string, string>>][] = [
    ['The engine: gathering, reading YAML, limits and options', ENGINE_CODES],
    ...DIALECTS.map((dialect): [string, Readonly<Record<string, string>>] => [
      `The ${dialect.name} dialect`,
      dialect.codes,
    ]),
  ]
  const sections = rooms.map(([title, codes]) => {
    const rows = Object.entries(codes).map(([code, line]) => `| \`${code}\` | ${line.replaceAll('|', '\\|')} |`)
    return `## ${title}\n\n| code | what it reports |\n| --- | --- |\n${rows.join('\n')}\n`
  })
  return `# Diagnostic codes

Every diagnostic carries one of these codes (\`Diagnostic.code\`, typed \`ErrorCode\`; the table is
\`ERROR_CODES\` in \`@merged-yaml/core\`). Unless a line says otherwise, a code is an error in strict
mode and a warning with \`strict: false\`, where the reference system's behaviour is applied. This
file is written from packages/core/src/codes.ts and the dialects' tables; a test keeps them equal.

${sections.join('\n')}`
}

describe('the error-code table', () => {
  it('holds every code the sources report', () => {
    const unknown = [...usedCodes()].filter((code) => !(code in ERROR_CODES))
    expect(unknown).toEqual([])
  })

  it('holds no code the sources never report', () => {
    const used = usedCodes()
    expect(Object.keys(ERROR_CODES).filter((code) => !used.has(code))).toEqual([])
  })

  it('is the union of the engine table and every registered dialect table', () => {
    const rooms = [ENGINE_CODES, ...DIALECTS.map((dialect) => dialect.codes)]
    expect(Object.keys(ERROR_CODES).sort()).toEqual(rooms.flatMap((codes) => Object.keys(codes)).sort())
  })

  it('is listed in docs/errors.md', () => {
    const path = join(REPO, 'docs/errors.md')
    if (process.env.MY_WRITE_DOCS) writeFileSync(path, errorsDoc())
    expect(readFileSync(path, 'utf8')).toBe(errorsDoc())
  })
})
