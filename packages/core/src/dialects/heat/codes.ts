// Diagnostic codes of the Heat dialect, each with its line in the docs. Unless a line says
// otherwise, strict mode fails where Heat resolves silently, and lenient mode warns.
export const HEAT_CODES = {
  MY_HEAT_UNKNOWN_STRATEGY:
    "A merge strategy name Heat does not have (with a did-you-mean): it falls back to the file's default.",
  MY_HEAT_UNUSED_STRATEGY: 'A strategy for a parameter the file does not set, or that is not declared: ignored.',
  MY_HEAT_UNDECLARED_PARAMETER: 'A parameter a later file sets that no template declares: Heat drops it.',
  MY_HEAT_MERGE_NUMBER: '`merge` of a number parameter: Heat concatenates the texts ("3" + "4" = "34").',
  MY_HEAT_SECTION_TYPE: 'A section of the wrong type (`resource_registry: some-string`): stored as given.',
  MY_HEAT_CLIENT_STRATEGIES: '`parameter_merge_strategies` in heatclient mode: deep-merged as data.',
  MY_HEAT_CONFLICTING_STRATEGY:
    "Two files merge one parameter with different strategies (Heat's ConflictingMergeStrategyForParam; every mode).",
  MY_HEAT_INVALID_MERGE_STRATEGY:
    "A strategy Heat cannot apply to the parameter's type (merging a boolean; every mode).",
  MY_HEAT_INVALID_PARAMETER: "A value Heat cannot read as the parameter's type (every mode).",
  MY_HEAT_TYPE_MISMATCH:
    "Heat's TypeError or AttributeError: a list merged with a comma string, a string over a number (every mode).",
  MY_HEAT_NOT_MAPPING: 'An environment file that is not a mapping (every mode).',
  MY_HEAT_UNKNOWN_SECTION: 'A top-level key that is not an environment section, with a did-you-mean (every mode).',
  MY_HEAT_EMPTY_SECTION: 'A section with nothing after it (`parameters:`): Heat raises ValueError (every mode).',
  MY_HEAT_MISSING_SECTION: 'A file sets a section the initial environment lacks (every mode).',
  MY_HEAT_INFERRED_TYPE:
    'A merge or deep_merge whose result depends on a parameter type only inferred from the values, which could ' +
    'be read two ways: declare the type (a template or heat.parameterTypes).',
  MY_HEAT_INVALID_OPTION: 'The `heat` options are malformed.',
  MY_HEAT_INVALID_TEMPLATE: 'A HOT template that is not one YAML mapping, or whose `parameters` declare no type.',
  MY_HEAT_UNKNOWN_TYPE: 'A parameter type HOT does not have, with a did-you-mean.',
} as const
