// Diagnostic codes of the Datum dialect, each with its line in the docs. Unless a line says
// otherwise, strict mode fails where Datum resolves silently, and lenient mode warns.
export const DATUM_CODES = {
  MY_DATUM_UNKNOWN_PRESET:
    'A strategy preset name Datum does not have (with a did-you-mean): Datum falls back to MostSpecific.',
  MY_DATUM_UNKNOWN_FIELD: 'A field of a strategy Datum does not read.',
  MY_DATUM_IGNORED_FIELD:
    'A field Datum reads but ignores where it is written (`Strategy: deep`, `sort_merged_arrays`, `MaxDepth`).',
  MY_DATUM_UNKNOWN_FIELD_VALUE:
    'A field value Datum matches by prefix (`FirstX` is First) or replaces with its default.',
  MY_DATUM_INVALID_FIELD_VALUE:
    'merge_options, knockout_prefix or tuple_keys of the wrong shape, read as PowerShell would.',
  MY_DATUM_MISSING_TUPLE_KEYS:
    "DeepTuple or UniqueKeyValTuples without tuple_keys: Datum compares on a reference item's keys.",
  MY_DATUM_EMPTY_STRATEGY: 'An empty strategy for an exact key: Datum ignores it.',
  MY_DATUM_INVALID_STRATEGY:
    'A strategy that is neither a preset name nor a mapping: Datum reads it as a mapping without fields.',
  MY_DATUM_INVALID_REGEX: 'A regex key (`^…`) that is not a valid regular expression: Datum skips it.',
  MY_DATUM_AMBIGUOUS_REGEX: 'A path two regex keys with different strategies match: Datum could pick either.',
  MY_DATUM_IGNORED_DEFAULT: '`default_lookup_options` next to a `^.*` key that always wins over it.',
  MY_DATUM_INVALID_LOOKUP_OPTIONS:
    'lookup_options that are not a mapping (an error in both modes when not empty, as in Datum).',
  MY_DATUM_DUPLICATE_DIRECTIVE: 'Lookup options declared by two parts: the later (more specific) one wins.',
  MY_DATUM_MIXED_MERGE_HOW:
    "cloud-init's `merge_how` or `Merge-Type` in an entry whose dialect is forced to Datum: it is data.",
  MY_DATUM_HANDLERS: 'A non-empty `DatumHandlers` in the Datum.yml part: handler expressions stay strings.',
  MY_DATUM_NOT_A_MAPPING: 'A layer that is not a mapping: the part is skipped.',
  MY_DATUM_TYPE_MISMATCH: 'Values of different types where the strategy would combine them: the most specific wins.',
  MY_DATUM_NULL_ITEM: 'A null in a list of mappings being merged: merged as `{}`.',
  MY_DATUM_LOOKUP_NOT_FOUND: 'The `datum.lookup` path no layer has: Datum returns `$null`.',
  MY_DATUM_DUPLICATE_OPTION_PATH:
    'One lookup path written with `/` and with `\\` (an error in both modes: Datum throws).',
  MY_DATUM_DUPLICATE_KEY: 'Keys differing only in case in one mapping (an error in both modes: Datum throws).',
  MY_DATUM_INVALID_KNOCKOUT_PREFIX:
    'A knockout_prefix that is not a valid regex (an error in both modes: Datum uses it as one).',
  MY_DATUM_DEEP_TYPE_CONFLICT:
    'A deep merge of a mapping with another type at a path without an option of its own (an error in both modes).',
} as const
