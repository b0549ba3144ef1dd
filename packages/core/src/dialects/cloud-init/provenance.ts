// What cloud-init's merge records of its provenance (either record): each part with the merger set it was merged with,
// and every decision of its mergers (MergeRun reports to a PartRecorder), JSON patches included.
import type { ChainLink } from '../../diagnostics.ts'
import type { HistoryEvent } from '../../provenance/history.ts'
import { locateKey } from '../../provenance/recorder.ts'
import type { ProvenanceRecorder } from '../../provenance/recorder.ts'
import type { SourceDocument } from '../../source-document.ts'
import { isMapping } from '../../values.ts'
import type { PathSegment } from '../../values.ts'
import type { MergerSpec } from './directive.ts'
import { ABSENT, childrenOf, PartRecorder } from '../part-recorder.ts'
import type { MergerType } from '../part-recorder.ts'
import { describeMergers, formatSpec } from './merger-set.ts'

/** The cloud-init merge's view of a render's recorder. */
export class CloudInitProvenance {
  constructor(private readonly owner: ProvenanceRecorder) {}

  /** A part cloud-init does not merge (empty, not a mapping, a bad directive). */
  skipPart(doc: SourceDocument, status: 'empty' | 'skipped', merger: string): void {
    this.owner.addPart({ ...locateKey(doc, []), merger, status })
  }

  /** A part that could not be parsed, which cloud-init skips. */
  skipUnparsable(
    at: { file: string; position: { line: number; column: number }; chain: readonly ChainLink[] },
    merger: string,
  ): void {
    this.owner.addPart({ file: at.file, ...at.position, chain: [...at.chain], merger, status: 'skipped' })
  }

  /** Starts recording a cloud-config part merged with `specs`; its events count once it ends well. */
  beginPart(doc: SourceDocument, specs: readonly MergerSpec[]): PartRecorder {
    const labels = new Map<MergerType | undefined, string>()
    const of = (by: MergerType | undefined): string => {
      let label = labels.get(by)
      if (label === undefined) {
        const spec = by && specs.find((s) => s.name === by)
        labels.set(by, (label = spec ? formatSpec(spec) : 'none'))
      }
      return label
    }
    return new PartRecorder(this.owner, doc, { of, part: describeMergers(specs) })
  }

  /** A `#cloud-config-jsonp` part turned `before` into `after`: every changed path is an event. */
  patch(doc: SourceDocument, before: unknown, after: unknown): void {
    this.owner.addPart({ ...locateKey(doc, []), merger: 'json-patch', status: 'merged' })
    const ops = Array.isArray(doc.value) ? doc.value : []
    // The last operation whose path (or `from`) leads to the changed node is the one to point at.
    const cause = (path: readonly PathSegment[]): { docPath: PathSegment[]; op: string } => {
      const target = path.map(String)
      for (let i = ops.length - 1; i >= 0; i--) {
        const op: unknown = ops[i]
        if (!isMapping(op)) continue
        for (const field of ['path', 'from'] as const) {
          const pointer = op[field]
          if (typeof pointer !== 'string') continue
          const tokens =
            pointer === ''
              ? []
              : pointer
                  .slice(1)
                  .split('/')
                  .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'))
          if (tokens.length > target.length || !tokens.every((t, j) => t === target[j])) continue
          const inValue = field === 'path' && Object.hasOwn(op, 'value')
          return { docPath: inValue ? [i, 'value', ...path.slice(tokens.length)] : [i, field], op: String(op.op) }
        }
      }
      return { docPath: [], op: 'patch' }
    }
    const walk = (path: PathSegment[], old: unknown, value: unknown): void => {
      if (old === value) return
      const oldKids = childrenOf(old)
      const newKids = childrenOf(value)
      const container = (isMapping(old) && isMapping(value)) || (Array.isArray(old) && Array.isArray(value))
      if (path.length > 0 && !container) {
        const { docPath, op } = cause(path)
        const event: HistoryEvent = {
          path,
          ...locateKey(doc, docPath),
          action: value === ABSENT ? 'deleted' : 'patched',
          merger: `json-patch(${op})`,
        }
        if (value !== ABSENT) event.value = value
        this.owner.add(event)
      }
      for (const [key, [segment, child]] of newKids)
        walk([...path, segment], oldKids.has(key) ? oldKids.get(key)![1] : ABSENT, child)
      for (const [key, [segment, child]] of oldKids) if (!newKids.has(key)) walk([...path, segment], child, ABSENT)
    }
    walk([], before, after)
  }
}
