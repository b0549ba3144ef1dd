// Seeded byte-level mutations for the fuzzer: random edits plus tokens that steer inputs towards the
// engine's own syntax (aliases, flow collections, directives, includes, MIME, hostile keys).

/** xorshift32: small, fast and reproducible from a seed. */
export class Random {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9
  }

  next(): number {
    let x = this.state
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    this.state = x >>> 0
    return this.state / 0x1_0000_0000
  }

  int(max: number): number {
    return Math.floor(this.next() * max)
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!
  }

  chance(p: number): boolean {
    return this.next() < p
  }
}

const TOKENS = [
  '&a ',
  '*a',
  '&b [*a, *a, *a]',
  '<<: *a\n',
  '[',
  ']',
  '{',
  '}',
  ', ',
  ': ',
  '- ',
  '? ',
  '|\n',
  '>-\n',
  '"',
  "'",
  '\\',
  '#',
  '%YAML 1.1\n---\n',
  '---\n',
  '...\n',
  '!!binary ',
  '!!str ',
  '!!map ',
  '!!seq ',
  '!!int ',
  '!<tag:yaml.org,2002:str> ',
  '!local ',
  '~',
  'null',
  '.nan',
  '0x1F',
  '1e400',
  '-.inf',
  '0o17',
  '2001-12-14',
  'yes',
  'off',
  '\t',
  '\r\n',
  '\r',
  '\u0085',
  '\u2028',
  '\uFEFF',
  '\0',
  '\u00e9',
  'e\u0301',
  '\ud83d\ude00',
  '\ud800',
  '#cloud-config\n',
  '#include\n',
  '#include-once\n',
  '#cloud-config-archive\n',
  '#cloud-config-jsonp\n',
  '## template: jinja\n',
  '#!/bin/sh\n',
  '#part-handler\n',
  'merge_how: ',
  'merge_type: ',
  'dict(replace)+list(append)+str()',
  'dict(recurse_array,no_replace)+list(prepend)',
  'list(',
  'str(append)',
  'dict()list()',
  'allow_delete',
  'settings: [',
  'name: dict',
  'MIME-Version: 1.0\n',
  'Content-Type: multipart/mixed; boundary="B"\n\n--B\n',
  '--B\n',
  '--B--\n',
  'Content-Type: text/cloud-config\n\n',
  'Content-Transfer-Encoding: base64\n\n',
  'Content-Transfer-Encoding: quoted-printable\n\n=41=\n',
  'Content-Type: application/x-gzip\n\n',
  'Merge-Type: list(append)+dict()\n',
  'charset=utf-16',
  '[{"op": "add", "path": "/a", "value": 1}]',
  '{"op": "copy", "from": "", "path": "/x"}',
  '"path": "/__proto__/x"',
  '"op": "move"',
  '__proto__: ',
  'constructor: {prototype: {polluted: 1}}',
  'prototype: ',
  'toString: ',
  'hasOwnProperty: 1',
  'lookup_options: ',
  'default_lookup_options: deep',
  'merge_hash: deep',
  'merge_baseType_array: Unique',
  'tuple_keys: [Name]',
  'knockout_prefix: --',
  '--',
  '^Regex.*: ',
  'parameter_merge_strategies: ',
  'parameters: ',
  'parameter_defaults: ',
  'deep_merge',
  'resource_registry: ',
  'encrypted_param_names: ',
  'schema: deckhand/LayeringPolicy/v1\n',
  'metadata: {schema: metadata/Document/v1, name: x, layeringDefinition: {layer: site, abstract: false}}\n',
  'layerOrder: [global, site]',
  'parentSelector: ',
  'actions: [{method: merge, path: .}]',
  '.a.b[0]',
  'substitutions: ',
  '${mode}',
  '${unknown}',
  '?missing.yaml\n',
  '*.yaml\n',
  '**/*.yaml\n',
  '{a,b}.yaml\n',
  '../',
  '/etc/passwd\n',
  'file:///etc/passwd\n',
  'https://example.com/x\n',
  '~/x\n',
  'conf.d\n',
]

const INTERESTING_BYTES = [
  0x00, 0x09, 0x0a, 0x0d, 0x20, 0x22, 0x23, 0x26, 0x27, 0x2a, 0x2c, 0x2d, 0x3a, 0x3e, 0x3f, 0x40, 0x5b, 0x5d, 0x60,
  0x7b, 0x7c, 0x7d, 0x7f, 0x80, 0xc3, 0xef, 0xff, 0x1f, 0x8b,
]

const encoder = new TextEncoder()

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.byteLength
  }
  return out
}

function lineStarts(bytes: Uint8Array): number[] {
  const starts = [0]
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0a) starts.push(i + 1)
  return starts
}

type Mutator = (input: Uint8Array, random: Random, donor: Uint8Array) => Uint8Array

const MUTATORS: readonly [string, Mutator][] = [
  [
    'flip-bit',
    (input, r) => {
      if (input.length === 0) return input
      const out = input.slice()
      out[r.int(out.length)]! ^= 1 << r.int(8)
      return out
    },
  ],
  [
    'set-byte',
    (input, r) => {
      if (input.length === 0) return Uint8Array.of(r.pick(INTERESTING_BYTES))
      const out = input.slice()
      out[r.int(out.length)] = r.pick(INTERESTING_BYTES)
      return out
    },
  ],
  [
    'insert-token',
    (input, r) => {
      const at = r.int(input.length + 1)
      return concat(input.subarray(0, at), encoder.encode(r.pick(TOKENS)), input.subarray(at))
    },
  ],
  [
    'insert-token-at-line',
    (input, r) => {
      const at = r.pick(lineStarts(input))
      return concat(input.subarray(0, at), encoder.encode(r.pick(TOKENS)), input.subarray(at))
    },
  ],
  [
    'delete-range',
    (input, r) => {
      const at = r.int(input.length + 1)
      const length = 1 + r.int(Math.min(64, input.length - at + 1))
      return concat(input.subarray(0, at), input.subarray(at + length))
    },
  ],
  [
    'delete-line',
    (input, r) => {
      const starts = lineStarts(input)
      const i = r.int(starts.length)
      return concat(input.subarray(0, starts[i]), input.subarray(starts[i + 1] ?? input.length))
    },
  ],
  [
    'duplicate-line',
    (input, r) => {
      const starts = lineStarts(input)
      const i = r.int(starts.length)
      const line = input.subarray(starts[i], starts[i + 1] ?? input.length)
      return concat(input.subarray(0, starts[i]), line, line, input.subarray(starts[i]! + line.length))
    },
  ],
  [
    'indent-line',
    (input, r) => {
      const at = r.pick(lineStarts(input))
      return concat(input.subarray(0, at), encoder.encode(' '.repeat(1 + r.int(4))), input.subarray(at))
    },
  ],
  [
    'repeat-range',
    // Amplifies a slice, up to a few thousand times: deep nesting, long lines, many keys or parts.
    (input, r) => {
      if (input.length === 0) return input
      const at = r.int(input.length)
      const slice = input.subarray(at, at + 1 + r.int(Math.min(32, input.length - at)))
      const times = r.pick([2, 3, 10, 100, 1000, 5000])
      return concat(input.subarray(0, at), ...Array.from({ length: times }, () => slice), input.subarray(at))
    },
  ],
  [
    'splice-donor',
    (input, r, donor) => {
      const at = r.int(input.length + 1)
      const from = r.int(donor.length + 1)
      const piece = donor.subarray(from, from + r.int(512))
      return concat(input.subarray(0, at), piece, input.subarray(at + r.int(64)))
    },
  ],
  ['truncate', (input, r) => input.subarray(0, r.int(input.length + 1))],
  ['crlf', (input) => encoder.encode(Buffer.from(input).toString('latin1').replace(/\r?\n/g, '\r\n'))],
]

export interface Mutation {
  bytes: Uint8Array
  /** The mutators applied, in order, for the report. */
  applied: string[]
}

/** One to five random mutations of `input`; `donor` is another seed for splicing. */
export function mutate(input: Uint8Array, random: Random, donor: Uint8Array): Mutation {
  let bytes = input
  const applied: string[] = []
  const count = 1 + random.int(5)
  for (let i = 0; i < count; i++) {
    const [name, mutator] = random.pick(MUTATORS)
    bytes = mutator(bytes, random, donor)
    applied.push(name)
  }
  return { bytes, applied }
}
