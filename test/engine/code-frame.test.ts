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
