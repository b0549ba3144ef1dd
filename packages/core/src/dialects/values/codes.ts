// Diagnostic codes of the values dialect (Helm's values merge with Docker Compose's merge tags),
// each with its line in the docs.
export const VALUES_CODES = {
  MY_VALUES_NOT_A_MAPPING:
    'A values document that is not a mapping (a list, a scalar): Helm cannot read it as values (every mode).',
  MY_VALUES_TAG_ROOT:
    '`!override` or `!reset` on a whole document, which Docker Compose ignores (`!override`) or cannot read ' +
    '(`!reset`); lenient mode merges the document as if untagged.',
  MY_VALUES_INVALID_OPTION: 'The `values` options are malformed (`chart` must be true or false).',
  MY_VALUES_CHART_NOT_A_TABLE:
    "With `values.chart`: a table and a non-table meet where the -f files coalesce with the chart's values.yaml; " +
    "the -f files' value stays and Helm logs a warning (a warning in every mode).",
  MY_VALUES_HELM_UNREADABLE:
    'What YAML reads but Helm cannot (`.inf`, `.nan`, a null or collection key, a `%YAML` directive, text after ' +
    "`---` on its line or after `...`), with Helm's reason; lenient mode reads it as YAML does.",
  MY_VALUES_HELM_AMBIGUOUS:
    'A plain `y`, `Y`, `n` or `N` value: a boolean to Helm (go-yaml v2), a string in YAML 1.1 and 1.2 whatever ' +
    '`yamlVersion` says; lenient mode reads the string.',
  MY_VALUES_HELM_BINARY:
    '`!!binary` bytes that are not UTF-8: Helm reads the bytes as a string and turns each such byte into U+FFFD; ' +
    'lenient mode reads it as Helm does.',
} as const
