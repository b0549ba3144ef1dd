// A code frame from a text's line starts (computed once, for many warnings of one file) is the frame
// scanned from the text's start: same lines, same cuts, for every kind of line break.
import { describe, expect, it } from 'vitest'
import { createCodeFrame } from '../../packages/core/src/diagnostics.ts'
import { createLineStarts } from '../../packages/core/src/yaml/text-positions.ts'

const texts: Record<string, string> = {
  lf: 'a: 1\nb: 2\n\nc: 3\nd: 4\n',
  crlf: 'a: 1\r\nb: 2\r\n\r\nc: 3\r\nd: 4',
  'lone cr': 'a: 1\rb: 2\r\rc: 3\rd: 4\r',
  mixed: 'a\r\n\rb\n\r\nc\r',
  'long lines': `${'x'.repeat(500)}\n${'y'.repeat(201)}\r\n${'z'.repeat(199)}\n\n`,
  'one line': 'only',
  empty: '',
}

describe('createCodeFrame with line starts', () => {
  for (const [name, text] of Object.entries(texts)) {
    it(`frames ${name} text as the scan does`, () => {
      const starts = createLineStarts(text)
      for (let line = 1; line <= starts.length + 2; line++)
        for (const context of [0, 2])
          for (const column of [1, 3, 250])
            expect(createCodeFrame(text, line, column, context, starts)).toBe(
              createCodeFrame(text, line, column, context),
            )
    })
  }
})

describe('createCodeFrame with line starts costs what it shows', () => {
  it('reads the starts of the lines it shows, not of every line above them', () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `k${i}: ${i}`).join('\n')
    const starts = createLineStarts(text)
    const read = new Set<string>()
    const counted = new Proxy(starts, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) read.add(key)
        return Reflect.get(target, key, receiver) as unknown
      },
    })
    const frame = createCodeFrame(text, 19_000, 4, 2, counted)
    expect(frame).toBe(createCodeFrame(text, 19_000, 4, 2, starts))
    expect(frame).toContain('> 19000 | k18999: 18999')
    // Lines 18 998 to 19 002, each read with the next line's start: six offsets at most.
    expect(read.size).toBeLessThanOrEqual(6)
  })
})
