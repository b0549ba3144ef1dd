// `--schema app.schema.ts#appSchema`: a Standard Schema module from the command line. `check` reports
// its issues in the modes where they occur, each at the layer line with the library's message;
// `types` prints the declaration typed as the schema's output.
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { run } from './helpers.ts'

const cwd = resolve(import.meta.dirname, '../fixtures/standard-schema')

describe('--schema with a Standard Schema module', () => {
  it('check reports every issue of the failing mode, located, and passes the other', async () => {
    const r = await run(['check', 'app.merged.yaml', '--schema', 'zod.schema.ts#appSchema'], { cwd })
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('✖ app.merged.yaml (mode production)\n')
    expect(r.stdout).toContain('✓ app.merged.yaml (mode development)\n')
    expect(r.stdout).toContain(
      [
        'env/production.yaml:4:3: error MY_SCHEMA_VIOLATION: /log/level: Invalid option: expected one of ' +
          '"debug"|"info"|"warn" (zod.schema.ts#appSchema, zod)',
        '  included from app.merged.yaml:3',
      ].join('\n'),
    )
    expect(r.stdout).toMatch(/1 of 1 entry failed \(3 errors, 0 warnings\)\n$/)
  })

  it('a module that is no Standard Schema is a located error naming the schema file', async () => {
    const r = await run(['check', 'app.merged.yaml', '--schema', 'levels.ts#LEVELS', '--mode', 'development'], {
      cwd,
    })
    expect(r.code).toBe(1)
    expect(r.stdout).toContain(
      "levels.ts:2:1: error MY_SCHEMA_MODULE: levels.ts#LEVELS: its export 'LEVELS' is not a Standard Schema",
    )
  })

  it("types prints the declaration typed as the schema's output", async () => {
    const r = await run(
      ['types', 'app.merged.yaml', '--schema', 'valibot.schema.ts#appSchema', '--mode', 'development'],
      { cwd },
    )
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const module = JSON.stringify(join(cwd, 'valibot.schema.js'))
    expect(r.stdout).toContain(
      `type Value = import("unplugin-merged-yaml").StandardSchemaV1.InferOutput<typeof import(${module})["appSchema"]>`,
    )
  })
})
