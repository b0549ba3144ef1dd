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
  MY_DATUM_NOT_A_STORE: "`datum.node` given for an entry that is not a store's Datum.yml (every mode).",
  MY_DATUM_NODE_REQUIRED:
    "A store's Datum.yml rendered without `datum.node` (every mode): a store has no value of its own.",
  MY_DATUM_NODE_NOT_FOUND:
    '`datum.node` names no node of the store, by path or NodeName (every mode, with a did-you-mean).',
  MY_DATUM_NODE_AMBIGUOUS:
    '`datum.node` is the NodeName or file name of several nodes (every mode): name one by its path.',
  MY_DATUM_NODE_ORDER:
    "A warning in both modes: a node value depends on the order Datum converts the node's keys (a .NET Hashtable's).",
  MY_DATUM_NO_PRECEDENCE: "A store's Datum.yml without `ResolutionPrecedence` (every mode: New-DatumStructure throws).",
  MY_DATUM_INVALID_PRECEDENCE: 'A ResolutionPrecedence entry that is not a path, or whose handlers give none: skipped.',
  MY_DATUM_INVALID_STORE: 'A `DatumStructure` entry without `StoreName` or `StoreOptions.Path` (every mode).',
  MY_DATUM_STORE_PROVIDER: 'A `DatumStructure` store provider other than `Datum::File`, folders of files (every mode).',
  MY_DATUM_STORE_NOT_FOUND:
    'A `DatumStructure` store whose folder does not exist (every mode: New-DatumStructure fails).',
  MY_DATUM_STORE_NAME_CLASH:
    'Files or folders of one store folder with the same base name: Datum keeps the first (folders first, then ' +
    'by name).',
  MY_DATUM_NO_CONFIGURATIONS: 'No layer of the node gives `Configurations` (every mode: Get-DatumRsop fails).',
  MY_DATUM_LCM_NOT_FOUND:
    'A warning in both modes: `DscLocalConfigurationManagerKeyName` names a key no layer of the node gives.',
  MY_DATUM_YAML_TYPING:
    'A warning in both modes: powershell-yaml types a plain scalar of a store file otherwise than YAML 1.2 ' +
    "(`1,000`, `tRuE`); Datum's value is kept.",
  MY_DATUM_EXTRA_DOCUMENTS: 'A store file with several YAML documents: powershell-yaml reads only the first.',
  MY_DATUM_HANDLER_UNKNOWN:
    'A handler `DatumHandlers` declares that is neither built in nor given in `datum.handlers`: its values stay ' +
    'strings.',
  MY_DATUM_HANDLER_UNDECLARED:
    "A `datum.handlers` function Datum.yml's `DatumHandlers` does not declare: not run, as Datum runs declared " +
    'ones only.',
  MY_DATUM_HANDLER_LOAD_TIME:
    'Datum.InvokeCommand without `SkipDuringLoad: true` (it would run while files load): evaluated as if it were set.',
  MY_DATUM_EXPRESSION_UNSUPPORTED:
    'An `[x= … =]` expression or a ResolutionPrecedence segment beyond reads of `$Node`, `$File` and `$Datum`, ' +
    'strings made of them and Get-DatumSourceFile: it stays a string (nothing is run).',
  MY_DATUM_HANDLER_ERROR:
    'A handler fails (a wrong `[ENC=]` password, a bad expression): Datum keeps the string (every mode with ' +
    '`DatumHandlersThrowOnError`).',
  MY_DATUM_HANDLER_LITERAL:
    "A warning in both modes: `[x= '…' =]` is a literal string Datum.InvokeCommand cannot expand; it is used as it is.",
} as const
