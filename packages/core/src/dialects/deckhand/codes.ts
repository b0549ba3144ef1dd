/**
 * Diagnostic codes of the Deckhand dialect. The first group are Deckhand's own exceptions (errors in
 * every mode); the second are what strict mode rejects and lenient mode only warns about (what
 * Deckhand skips or ignores), except the codes marked as warnings in both modes (Deckhand's own,
 * surprising result: aliasing, a delete that strikes elsewhere, a stripped `.data` prefix).
 */
export const DECKHAND_CODES = {
  /** `LayeringPolicyNotFound`: no `deckhand/LayeringPolicy` document. */
  layeringPolicyNotFound: 'MY_DECKHAND_LAYERING_POLICY_NOT_FOUND',
  /** `InvalidDocumentLayer`: a layer that is not in the policy's layerOrder. */
  invalidLayer: 'MY_DECKHAND_INVALID_LAYER',
  /** `InvalidDocumentParent`: a selector matches another schema, or a document in the same or a lower layer. */
  invalidParent: 'MY_DECKHAND_INVALID_PARENT',
  /** `IndeterminateDocumentParent`: more than one parent counted. */
  indeterminateParent: 'MY_DECKHAND_INDETERMINATE_PARENT',
  /** `MissingDocumentKey`: an action path with no value where the action needs one. */
  missingKey: 'MY_DECKHAND_MISSING_KEY',
  /** `UnsupportedActionMethod`: a method other than merge, replace and delete. */
  unsupportedAction: 'MY_DECKHAND_UNSUPPORTED_ACTION',
  /** `InvalidDocumentReplacement`. */
  invalidReplacement: 'MY_DECKHAND_INVALID_REPLACEMENT',
  /** `SubstitutionDependencyCycle`: documents depend on each other through parents and substitutions. */
  dependencyCycle: 'MY_DECKHAND_DEPENDENCY_CYCLE',
  /** `SubstitutionSourceNotFound`: a substitution names a document that is not in the set. */
  substitutionSourceNotFound: 'MY_DECKHAND_SUBSTITUTION_SOURCE_NOT_FOUND',
  /** `InvalidDocumentFormat`, and shapes Deckhand would crash on (a list where a mapping belongs, …). */
  invalidDocument: 'MY_DECKHAND_INVALID_DOCUMENT',
  /** An action path outside the supported syntax, or one Deckhand cannot read or write without crashing. */
  invalidPath: 'MY_DECKHAND_INVALID_PATH',
  /** `SubstitutionSourceDataNotFound`: nothing (or null) at a substitution's `src.path`. */
  substitutionSourceDataNotFound: 'MY_DECKHAND_SUBSTITUTION_SOURCE_DATA_NOT_FOUND',
  /** `MissingDocumentPattern`: a `dest.pattern` whose `dest.path` has no value. */
  missingPattern: 'MY_DECKHAND_MISSING_DOCUMENT_PATTERN',
  /** `UnknownSubstitutionError`: a destination Deckhand cannot write (a path it cannot create, a bad pattern). */
  substitutionFailed: 'MY_DECKHAND_SUBSTITUTION_FAILED',
  /** What this dialect cannot reproduce exactly (a regular expression JavaScript reads otherwise, …; named). */
  substitutionUnsupported: 'MY_DECKHAND_SUBSTITUTION_UNSUPPORTED',
  /** The `deckhand.document` option names no rendered document. */
  unknownDocument: 'MY_DECKHAND_UNKNOWN_DOCUMENT',
  /** `src.pattern` matches nothing (Deckhand substitutes the whole value) or its match_group takes no part (None). */
  sourcePatternUnmatched: 'MY_DECKHAND_SOURCE_PATTERN_UNMATCHED',
  /**
   * A warning in both modes: a substitution without `src.deepcopy` shares containers with its source,
   * and a later write through them changes the source (Deckhand's aliasing), so the rendered result
   * differs from what a copy would give.
   */
  aliasedSubstitution: 'MY_DECKHAND_ALIASED_SUBSTITUTION',
  /** The `deckhand` options are malformed. */
  invalidOption: 'MY_DECKHAND_INVALID_OPTION',

  /** A parentSelector that selects no parent: Deckhand keeps the document's own data. */
  parentNotFound: 'MY_DECKHAND_PARENT_NOT_FOUND',
  /** Actions that are never applied (no parentSelector, or no parent found). */
  actionsIgnored: 'MY_DECKHAND_ACTIONS_IGNORED',
  /** A parentSelector without actions: the parent's data is not used. */
  selectorWithoutActions: 'MY_DECKHAND_SELECTOR_WITHOUT_ACTIONS',
  /** A warning in both modes: a delete that removes an equal value elsewhere instead of the value at its path. */
  deleteElsewhere: 'MY_DECKHAND_DELETE_ELSEWHERE',
  /** A warning in both modes: a path such as `.database.x` that Deckhand reads as `.base.x`. */
  dataPrefix: 'MY_DECKHAND_DATA_PREFIX',
  /** Two documents with the same schema, layer and name: Deckhand keeps the first only. */
  duplicateDocument: 'MY_DECKHAND_DUPLICATE_DOCUMENT',
  /** More than one LayeringPolicy with different layer orders: Deckhand uses the first. */
  multiplePolicies: 'MY_DECKHAND_MULTIPLE_POLICIES',
  /** A replacement that is itself replaced, where Deckhand does not notice (abstract replacements). */
  nestedReplacement: 'MY_DECKHAND_NESTED_REPLACEMENT',
  /** A substitution skipped (or writing null) because `failOnMissingSubstitutionSource` is false. */
  substitutionSkipped: 'MY_DECKHAND_SUBSTITUTION_SKIPPED',
  /** A field of the wrong type that Deckhand reads leniently (`abstract: "true"` is not abstract). */
  fieldType: 'MY_DECKHAND_FIELD_TYPE',
  /** A key Deckhand's document schema does not allow (usually a misspelling). */
  unknownKey: 'MY_DECKHAND_UNKNOWN_KEY',
} as const

/** Deckhand exception class → diagnostic code, for users and tools that know Deckhand's names. */
export const DECKHAND_ERROR_CODES: Readonly<Record<string, string>> = {
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
