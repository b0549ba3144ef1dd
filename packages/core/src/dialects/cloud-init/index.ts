// cloud-init's user-data merge (cloudinit/handlers/cloud_config.py): every part in reading order, merged
// into one buffer by the strategy stack (`stack`: scoped or per-part). An entry is cloud-init's when a
// part has a `#cloud-config` header, is a MIME, archive or JSON-patch part, or declares `merge_how`/`merge_type`.
import type { StackMode } from '../../options.ts'
import { defineDialect } from '../types.ts'
import { CLOUD_INIT_CODES } from './codes.ts'
import { cloudInitDirective, DIRECTIVE_KEYS } from './extract.ts'

/**
 * cloud-init's options (`'cloud-init': {…}`; the top-level `stack` and `mergeHow` are aliases). Given,
 * they select cloud-init for an entry without markers.
 */
export interface CloudInitOptions {
  /** Which merger set merges part N: the merge_how in scope, or each part's own (per-part). @default 'scoped' */
  stack?: StackMode
  /** The merger set for parts that declare none. @default 'dict(replace)+list()+str()' */
  mergeHow?: string
}

export const cloudInitDialect = defineDialect<'cloud-init', CloudInitOptions, undefined, typeof CLOUD_INIT_CODES>({
  name: 'cloud-init',
  query: [],
  flags: [
    {
      flag: 'stack',
      option: 'stack',
      value: '<scoped|per-part>',
      description: 'cloud-init: which merge_how applies to later parts (default: scoped)',
    },
    {
      flag: 'merge-how',
      option: 'mergeHow',
      value: '<merge string>',
      description: "cloud-init: the merger set of parts that declare none (default: 'dict(replace)+list()+str()')",
    },
  ],
  codes: CLOUD_INIT_CODES,
  recordsPerValue: true,
  yaml11Reader: { reader: 'PyYAML', system: 'cloud-init' },
  optionKeys: { stack: true, mergeHow: true },
  detect: cloudInitDirective,
  directiveKeys: DIRECTIVE_KEYS,
  detectPart(part) {
    if (part.kind === 'scope') return part.userData && `${part.userData} part`
    if (part.kind === 'jsonp') return '#cloud-config-jsonp part'
    if (part.kind === 'invalid') return part.headerless ? undefined : '#cloud-config header'
    const type = part.doc.headers['Content-Type']
    if (type) return `${type.split(';')[0]!.trim()} part`
    if (part.headerless) return Object.keys(part.doc.headers).length > 0 ? 'MIME part' : undefined
    return '#cloud-config header'
  },
  yields: true,
  merge: () => import('./dialect-merge.ts').then((module) => module.cloudInitMerge),
})
