// Character codes the hand-written scanners (block.ts, fast.ts) compare against.
export const TAB = 0x09
export const LF = 0x0a
export const CR = 0x0d
export const SPACE = 0x20
export const DOUBLE = 0x22
export const HASH = 0x23
export const SINGLE = 0x27
export const PLUS = 0x2b
export const COMMA = 0x2c
export const DASH = 0x2d
export const COLON = 0x3a
export const BRACKET = 0x5b
export const BACKSLASH = 0x5c
export const BRACKET_END = 0x5d
export const BRACE = 0x7b
export const PIPE = 0x7c
export const BRACE_END = 0x7d
