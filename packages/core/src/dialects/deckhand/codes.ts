// Diagnostic codes of the Deckhand dialect, each with its line in the docs. The first group are
// Deckhand's own exceptions (errors in every mode); the second are what strict mode rejects and
// lenient mode only warns about (what Deckhand skips or ignores), except the codes marked as
// warnings in both modes (Deckhand's own, surprising result: aliasing, a delete that strikes
// elsewhere, a stripped `.data` prefix).
const DESCRIBED = {
  layeringPolicyNotFound: [
    'MY_DECKHAND_LAYERING_POLICY_NOT_FOUND',
    '`LayeringPolicyNotFound`: no `deckhand/LayeringPolicy` document.',
  ],
  invalidLayer: [
    'MY_DECKHAND_INVALID_LAYER',
    "`InvalidDocumentLayer`: a layer that is not in the policy's layerOrder.",
  ],
  invalidParent: [
    'MY_DECKHAND_INVALID_PARENT',
    '`InvalidDocumentParent`: a selector matches another schema, or a document in the same or a lower layer.',
  ],
  indeterminateParent: [
    'MY_DECKHAND_INDETERMINATE_PARENT',
    '`IndeterminateDocumentParent`: more than one parent counted.',
  ],
  missingKey: [
    'MY_DECKHAND_MISSING_KEY',
    '`MissingDocumentKey`: an action path with no value where the action needs one.',
  ],
  unsupportedAction: [
    'MY_DECKHAND_UNSUPPORTED_ACTION',
    '`UnsupportedActionMethod`: a method other than merge, replace and delete.',
  ],
  invalidReplacement: ['MY_DECKHAND_INVALID_REPLACEMENT', '`InvalidDocumentReplacement`.'],
  dependencyCycle: [
    'MY_DECKHAND_DEPENDENCY_CYCLE',
    '`SubstitutionDependencyCycle`: documents depend on each other through parents and substitutions.',
  ],
  substitutionSourceNotFound: [
    'MY_DECKHAND_SUBSTITUTION_SOURCE_NOT_FOUND',
    '`SubstitutionSourceNotFound`: a substitution names a document that is not in the set.',
  ],
  invalidDocument: [
    'MY_DECKHAND_INVALID_DOCUMENT',
    '`InvalidDocumentFormat`, and shapes Deckhand would crash on (a list where a mapping belongs, …).',
  ],
  invalidPath: [
    'MY_DECKHAND_INVALID_PATH',
    'An action path outside the supported syntax, or one Deckhand cannot read or write without crashing.',
  ],
  substitutionSourceDataNotFound: [
    'MY_DECKHAND_SUBSTITUTION_SOURCE_DATA_NOT_FOUND',
    "`SubstitutionSourceDataNotFound`: nothing (or null) at a substitution's `src.path`.",
  ],
  missingPattern: [
    'MY_DECKHAND_MISSING_DOCUMENT_PATTERN',
    '`MissingDocumentPattern`: a `dest.pattern` whose `dest.path` has no value.',
  ],
  substitutionFailed: [
    'MY_DECKHAND_SUBSTITUTION_FAILED',
    '`UnknownSubstitutionError`: a destination Deckhand cannot write (a path it cannot create, a bad pattern).',
  ],
  substitutionUnsupported: [
    'MY_DECKHAND_SUBSTITUTION_UNSUPPORTED',
    'What this dialect cannot reproduce exactly (a regular expression JavaScript reads otherwise, …; named).',
  ],
  unknownDocument: ['MY_DECKHAND_UNKNOWN_DOCUMENT', 'The `deckhand.document` option names no rendered document.'],
  sourcePatternUnmatched: [
    'MY_DECKHAND_SOURCE_PATTERN_UNMATCHED',
    '`src.pattern` matches nothing (Deckhand ' +
      'substitutes the whole value) or its match_group takes no part (None).',
  ],
  aliasedSubstitution: [
    'MY_DECKHAND_ALIASED_SUBSTITUTION',
    'A warning in both modes: a substitution without ' +
      '`src.deepcopy` shares containers with its source, and a later write through them changes the source ' +
      "(Deckhand's aliasing), so the rendered result differs from what a copy would give.",
  ],
  invalidOption: ['MY_DECKHAND_INVALID_OPTION', 'The `deckhand` options are malformed.'],
  parentNotFound: [
    'MY_DECKHAND_PARENT_NOT_FOUND',
    "A parentSelector that selects no parent: Deckhand keeps the document's own data.",
  ],
  actionsIgnored: [
    'MY_DECKHAND_ACTIONS_IGNORED',
    'Actions that are never applied (no parentSelector, or no parent found).',
  ],
  selectorWithoutActions: [
    'MY_DECKHAND_SELECTOR_WITHOUT_ACTIONS',
    "A parentSelector without actions: the parent's data is not used.",
  ],
  deleteElsewhere: [
    'MY_DECKHAND_DELETE_ELSEWHERE',
    'A warning in both modes: a delete that removes an equal value elsewhere instead of the value at its path.',
  ],
  dataPrefix: [
    'MY_DECKHAND_DATA_PREFIX',
    'A warning in both modes: a path such as `.database.x` that Deckhand reads as `.base.x`.',
  ],
  duplicateDocument: [
    'MY_DECKHAND_DUPLICATE_DOCUMENT',
    'Two documents with the same schema, layer and name: Deckhand keeps the first only.',
  ],
  multiplePolicies: [
    'MY_DECKHAND_MULTIPLE_POLICIES',
    'More than one LayeringPolicy with different layer orders: Deckhand uses the first.',
  ],
  nestedReplacement: [
    'MY_DECKHAND_NESTED_REPLACEMENT',
    'A replacement that is itself replaced, where Deckhand does not notice (abstract replacements).',
  ],
  substitutionSkipped: [
    'MY_DECKHAND_SUBSTITUTION_SKIPPED',
    'A substitution skipped (or writing null) because `failOnMissingSubstitutionSource` is false.',
  ],
  fieldType: [
    'MY_DECKHAND_FIELD_TYPE',
    'A field of the wrong type that Deckhand reads leniently (`abstract: "true"` is not abstract).',
  ],
  unknownKey: ['MY_DECKHAND_UNKNOWN_KEY', "A key Deckhand's document schema does not allow (usually a misspelling)."],
} as const

type Described = typeof DESCRIBED

/** Each code by a name the dialect's modules use (`DECKHAND_CODES.invalidLayer`). */
export const DECKHAND_CODES = Object.fromEntries(Object.entries(DESCRIBED).map(([key, [code]]) => [key, code])) as {
  readonly [K in keyof Described]: Described[K][0]
}

/** The dialect's codes with their descriptions (the error-code table's Deckhand part). */
export const DECKHAND_CODE_TABLE = Object.fromEntries(Object.values(DESCRIBED)) as {
  readonly [K in keyof Described as Described[K][0]]: string
}

/** Deckhand exception class → diagnostic code, for users and tools that know Deckhand's names. */
export const DECKHAND_ERROR_CODES: Readonly<Record<string, (typeof DECKHAND_CODES)[keyof typeof DECKHAND_CODES]>> = {
  LayeringPolicyNotFound: DECKHAND_CODES.layeringPolicyNotFound,
  InvalidDocumentLayer: DECKHAND_CODES.invalidLayer,
  InvalidDocumentParent: DECKHAND_CODES.invalidParent,
  IndeterminateDocumentParent: DECKHAND_CODES.indeterminateParent,
  MissingDocumentKey: DECKHAND_CODES.missingKey,
  UnsupportedActionMethod: DECKHAND_CODES.unsupportedAction,
  InvalidDocumentReplacement: DECKHAND_CODES.invalidReplacement,
  SubstitutionDependencyCycle: DECKHAND_CODES.dependencyCycle,
  SubstitutionSourceNotFound: DECKHAND_CODES.substitutionSourceNotFound,
  SubstitutionSourceDataNotFound: DECKHAND_CODES.substitutionSourceDataNotFound,
  MissingDocumentPattern: DECKHAND_CODES.missingPattern,
  UnknownSubstitutionError: DECKHAND_CODES.substitutionFailed,
  InvalidDocumentFormat: DECKHAND_CODES.invalidDocument,
}
