// Diagnostic codes of the cloud-init dialect, each with its line in the docs. Unless a line says
// otherwise, strict mode fails where cloud-init skips or ignores silently, and lenient mode warns.
export const CLOUD_INIT_CODES = {
  MY_MERGE_SYNTAX:
    'A merge string segment that is not `name(options)` (no parentheses, a space before `(`): cloud-init skips the ' +
    'part.',
  MY_MERGE_MISSING_PLUS:
    'Two mergers glued together without `+` (`dict(a)list(b)` reads as one merger with option `a)list(b`).',
  MY_MERGE_FORMAT:
    '`merge_how` in the list format malformed (an entry that is not `{name, settings}`, a missing name or settings).',
  MY_MERGE_LIST_ENTRY: 'A merger written as the undocumented `[name, option…]` list.',
  MY_MERGE_SETTINGS_STRING:
    '`settings` given as a string: cloud-init tests options as substrings of it (`no_replace` contains `replace`).',
  MY_UNKNOWN_MERGER: 'A merger other than dict, list and str (with a did-you-mean): cloud-init skips the part.',
  MY_UNKNOWN_MERGE_OPTION: 'An option the merger does not read (with a did-you-mean), or one that has no effect on it.',
  MY_MERGE_TYPE_KEPT: 'Both `merge_how` and `merge_type`: cloud-init uses `merge_how` and keeps `merge_type` as data.',
  MY_MERGE_HEADER_CASE:
    'A `Merge-Type` header in another case, which cloud-init ignores (it matches case-sensitively).',
  MY_NO_DICT_MERGER: 'A merger set without a dict merger: cloud-init drops the whole part.',
  MY_MERGE_TYPE_CONFLICT:
    'A merge cloud-init fails on at run time (TypeError, KeyError: the part is skipped) or resolves oddly ' +
    '(list(append) of a string appends its characters); at a key path.',
  MY_MERGE_DISCARDED:
    "Strict mode, a warning: a later part's value cloud-init's merge keeps out (a dict merger without `replace`, a " +
    'type no merger takes, `list(no_replace)`, items past the length `list(replace)` keeps), naming the merger and ' +
    'how to get the value.',
  MY_NOT_A_MAPPING: 'A cloud-config part that is not a mapping: cloud-init skips it.',
  MY_JSON_PATCH:
    'A `#cloud-config-jsonp` patch that fails (a bad operation, a path that is not there): cloud-init skips the part.',
} as const
