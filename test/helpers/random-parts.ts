// Random cloud-init parts for property tests of the merge's records (history, sources): small
// values over few keys, so that parts collide, and every merger option that changes what is kept.
import * as fc from 'fast-check'

const scalar = fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constantFrom('a', 'b', 'c'), fc.boolean(), fc.constant(null))

const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('list'), tie('map')),
  list: fc.array(tie('node'), { maxLength: 3 }),
  map: fc.dictionary(fc.constantFrom('k', 'l', 'm'), tie('node'), { maxKeys: 3 }),
})).node

/** A part's `merge_how`, or none (the merger set in force). */
export const randomMergeHow = fc.option(
  fc
    .tuple(
      fc.subarray(['replace', 'no_replace', 'recurse_list', 'recurse_str', 'allow_delete']),
      fc.constantFrom('', 'append', 'prepend', 'replace', 'no_replace', 'recurse_dict,recurse_list'),
      fc.constantFrom('', 'append'),
    )
    .map(([dict, list, str]) => `dict(${dict.join(',')})+list(${list})+str(${str})`),
  { nil: undefined },
)

/** A part's data: a mapping of a few keys. */
export const randomPartData = fc.dictionary(fc.constantFrom('k', 'l', 'm', 'n'), value, { maxKeys: 4 })
