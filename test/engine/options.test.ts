// Options nobody reads are refused: a misspelt or misplaced option of render() is an error naming
// the option it resembles, at the top level and inside `limits` and each dialect's options.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { isMergedYamlError, render } from '@merged-yaml/core'
import type { Diagnostic, RenderOptions } from '@merged-yaml/core'
import { lines, writeTree } from '../helpers/tree.ts'

const root = writeTree({ 'app.merged.yaml': lines('a: 1') })
const entry = join(root, 'app.merged.yaml')
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** The one diagnostic render() fails with for `options`. */
async function refusal(options: unknown): Promise<Diagnostic> {
  const error = await render(entry, options as RenderOptions).then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  if (!isMergedYamlError(error)) throw new Error(`expected a MergedYamlError, got ${String(error)}`)
  expect(error.diagnostics).toHaveLength(1)
  return error.diagnostics[0]!
}

describe('render() refuses an option it does not read', () => {
  it('a misspelt option, naming the one meant (and the types reject it)', async () => {
    // @ts-expect-error: `stict` is not an option of render()
    const typed = () => render(entry, { root, stict: false })
    expect(typed).toBeTypeOf('function')
    const d = await refusal({ root, stict: false })
    expect(d).toMatchObject({ code: 'MY_INVALID_OPTION', file: '<options>', suggestion: 'strict' })
    expect(d.message).toBe("unknown option 'stict'")
  })

  it('a renamed option, naming its new name (explain → history)', async () => {
    // @ts-expect-error: `explain` is no option of render() any more
    const typed = () => render(entry, { root, explain: true })
    expect(typed).toBeTypeOf('function')
    expect(await refusal({ root, explain: true })).toMatchObject({
      code: 'MY_INVALID_OPTION',
      message: "unknown option 'explain' (renamed 'history')",
      suggestion: 'history',
    })
  })

  it('a misplaced option, naming where it belongs', async () => {
    expect((await refusal({ root, lookup: 'A/B' })).suggestion).toBe('datum.lookup')
    expect((await refusal({ root, maxDepth: 10 })).suggestion).toBe('limits.maxDepth')
    expect((await refusal({ root, datum: { strict: false } })).suggestion).toBe('strict')
    expect((await refusal({ root, heat: { document: 'x' } })).suggestion).toBe('deckhand.document')
  })

  it("inside limits and each dialect's options, whatever the entry's dialect", async () => {
    expect(await refusal({ root, limits: { maxDepht: 5 } })).toMatchObject({
      message: "unknown option 'limits.maxDepht'",
      suggestion: 'limits.maxDepth',
    })
    expect((await refusal({ root, datum: { lokup: 'A' } })).suggestion).toBe('datum.lookup')
    expect((await refusal({ root, heat: { tempalte: 't.yaml' } })).suggestion).toBe('heat.template')
    expect((await refusal({ root, deckhand: { documnet: 'x' } })).suggestion).toBe('deckhand.document')
  })

  it('a name that resembles none, listing the options there are', async () => {
    const d = await refusal({ root, include: ['*.yaml'] })
    expect(d.suggestion).toBeUndefined()
    expect(d.message).toMatch(
      /^unknown option 'include' \(render\(\) takes stack, strict, .*datum, heat, deckhand, cloud-init, values\)$/,
    )
    expect((await refusal(null)).message).toBe('the options of render() must be an object, not null')
  })

  it('takes every option it reads (the dialects’ from the registry)', async () => {
    // The names it takes, as its refusal of an unknown one lists them.
    const { message } = await refusal({ root, include: ['*.yaml'] })
    const names = /\(render\(\) takes (.*)\)$/.exec(message)![1]!.split(', ')
    expect(names).toEqual(expect.arrayContaining(['strict', 'limits', 'schema', 'datum', 'heat']))
    for (const name of names) {
      await expect(render(entry, { root, [name]: undefined })).resolves.toMatchObject({ value: { a: 1 } })
    }
  })
})
