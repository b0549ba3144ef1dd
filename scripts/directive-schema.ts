// The JSON schema of every dialect's directive keys, for editors (yaml-language-server, the VS Code
// YAML extension): completion of merger names, options, presets and strategies, and a squiggle on a
// misspelt one before any build. Generated from the engine's own tables, never written by hand:
// `MY_WRITE_SCHEMA=1 npx vitest run test/schema` writes schema/directives.json anew, and the test
// fails while the file is stale. The schema accepts what strict mode accepts and flags what strict
// mode refuses in the directives themselves; it leaves the data alone.
import { MERGER_NAMES, MERGER_OPTIONS } from '../packages/core/src/dialects/cloud-init/directive.ts'
import type { MergerName } from '../packages/core/src/dialects/cloud-init/directive.ts'
import { DIRECTIVE_NAMES } from '../packages/core/src/dialects/datum/directives.ts'
import { PRESET_NAMES } from '../packages/core/src/dialects/datum/strategy.ts'
import { FIELD_NAMES, FIELD_VALUES, MERGE_OPTION_NAMES } from '../packages/core/src/dialects/datum/validate.ts'
import { ACTION_METHODS } from '../packages/core/src/dialects/deckhand/actions.ts'
import {
  ACTION_KEYS,
  DEST_KEYS,
  LAYERING_KEYS,
  METADATA_KEYS,
  SOURCE_KEYS,
  SUBSTITUTION_KEYS,
  TOP_KEYS,
} from '../packages/core/src/dialects/deckhand/document.ts'
import { PARAMETER_MERGE_STRATEGIES, SECTIONS } from '../packages/core/src/dialects/heat/sections.ts'
import { STRATEGIES } from '../packages/core/src/dialects/heat/strategies.ts'

type Schema = Record<string, unknown>

/** A regular expression source that matches `word` in any case (JSON schema patterns take no flags). */
const anyCase = (word: string): string =>
  [...word]
    .map((c) =>
      c === '_' || c === '-'
        ? '[-_]'
        : c.toLowerCase() === c.toUpperCase()
          ? c
          : `[${c.toLowerCase()}${c.toUpperCase()}]`,
    )
    .join('')

const alternatives = (sources: readonly string[]): string => `(?:${sources.join('|')})`

// ─── cloud-init ─────────────────────────────────────────────────────────────────────────────────
// The string format as cloud-init reads it (directive.ts): segments joined by `+` (empty ones are
// skipped), each `name(option, …)` lower-cased with `-` read as `_`, an `m_` prefix allowed, blanks
// around segments and options, none between a name and `(` and no line break inside the parentheses.

/** Blanks on one line. */
const BLANK = '[^\\S\\n]*'

function mergerSegment(name: MergerName): string {
  const option = alternatives(MERGER_OPTIONS[name].map(anyCase))
  // `a, ,b` and a trailing comma leave empty options, which cloud-init drops.
  const options = `${BLANK}(?:,${BLANK})*(?:${option}${BLANK}(?:,${BLANK})*)*`
  return `(?:${anyCase('m_')})?${anyCase(name)}\\(${options}\\)`
}

const SEGMENT = `\\s*(?:${MERGER_NAMES.map(mergerSegment).join('|')})?\\s*`
export const MERGE_STRING_PATTERN = `^${SEGMENT}(?:\\+${SEGMENT})*$`

const mergerList = (): string => MERGER_NAMES.map((name) => `${name}(${MERGER_OPTIONS[name].join(', ')})`).join(', ')

function mergeStringSchema(): Schema {
  return {
    type: 'string',
    pattern: MERGE_STRING_PATTERN,
    // yaml-language-server shows this instead of the pattern.
    patternErrorMessage: `not a cloud-init merge string: mergers name(option, …) joined by '+', from ${mergerList()}`,
    examples: ['dict(recurse_array)+list(append)+str()', 'dict(no_replace,recurse_list)+list(append)'],
  }
}

/** One `{name, settings}` entry of the list format (names as written, `-` read as `_`; options exact). */
function mergerEntrySchema(name: MergerName): Schema {
  const names = [name, `m_${name}`]
  const option = { enum: [...MERGER_OPTIONS[name]] }
  return {
    type: 'object',
    required: ['name', 'settings'],
    additionalProperties: false,
    properties: {
      name: {
        anyOf: [{ enum: names }, { type: 'string', pattern: `^\\s*(?:m[-_])?${name}\\s*$` }],
        description: `cloud-init's ${name} merger`,
      },
      settings: {
        description: `Options of the ${name} merger: ${MERGER_OPTIONS[name].join(', ')}`,
        // A mapping's keys are its options, as cloud-init reads them.
        anyOf: [
          { type: 'array', items: option, uniqueItems: false },
          { type: 'object', propertyNames: option },
        ],
      },
    },
  }
}

function mergeHowSchema(key: string): Schema {
  return {
    description:
      `How this part merges into the parts before it (cloud-init's ${key}): a string such as ` +
      `'dict(recurse_array)+list(append)+str()', or a list of {name, settings}.`,
    anyOf: [
      { type: 'null' },
      mergeStringSchema(),
      { type: 'array', items: { anyOf: MERGER_NAMES.map(mergerEntrySchema) } },
    ],
  }
}

// ─── Datum ──────────────────────────────────────────────────────────────────────────────────────
// Datum's keys and values ignore case: each field is listed under its own spelling (completion) and
// matched in any case (validation).

const anyCaseEnum = (values: readonly string[]): Schema => ({
  anyOf: [{ enum: [...values] }, { type: 'string', pattern: `^${alternatives(values.map(anyCase))}$` }],
})

/** An object whose keys are `names` in any case, each with its schema; no other key. */
function anyCaseObject(fields: Record<string, Schema>): Schema {
  return {
    type: 'object',
    properties: fields,
    patternProperties: Object.fromEntries(
      Object.entries(fields).map(([name, schema]) => [`^${anyCase(name)}$`, schema]),
    ),
    additionalProperties: false,
  }
}

function datumStrategySchema(): Schema {
  const valuesOf = (field: string): readonly string[] => FIELD_VALUES[field.toLowerCase()]!
  const fields: Record<string, Schema> = {}
  for (const field of FIELD_NAMES) {
    if (field === 'merge_options') {
      fields[field] = anyCaseObject({
        [MERGE_OPTION_NAMES[0]!]: { type: 'string', minLength: 1, description: "Knockout prefix, such as '--'" },
        [MERGE_OPTION_NAMES[1]!]: {
          anyOf: [
            { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
            { type: 'string', minLength: 1 },
          ],
          description: 'The keys that identify an item of a list of mappings',
        },
      })
    } else if (field === 'strategy') {
      fields[field] = { ...anyCaseEnum(['MostSpecific', 'First']), description: 'The first value found' }
    } else {
      fields[field] = { ...anyCaseEnum(valuesOf(field)), description: `Datum's ${field}` }
    }
  }
  return {
    anyOf: [
      { ...anyCaseEnum(PRESET_NAMES), description: `A preset: ${PRESET_NAMES.join(', ')}` },
      anyCaseObject(fields),
    ],
  }
}

function lookupOptionsSchema(): Schema {
  return {
    description: "Datum's lookup options: a merge strategy per key path (or regular expression)",
    type: 'object',
    additionalProperties: datumStrategySchema(),
  }
}

// ─── Heat ───────────────────────────────────────────────────────────────────────────────────────

function parameterMergeStrategiesSchema(): Schema {
  const strategy = { enum: [...STRATEGIES] }
  return {
    description: `Heat's merge strategy per parameter (${STRATEGIES.join(', ')}), and the file's default`,
    type: 'object',
    properties: {
      default: { ...strategy, description: 'The strategy of the parameters this file sets and does not name' },
    },
    additionalProperties: strategy,
  }
}

// ─── Deckhand ───────────────────────────────────────────────────────────────────────────────────

const closed = (keys: readonly string[], properties: Record<string, Schema>, required: string[] = []): Schema => ({
  type: 'object',
  properties: Object.fromEntries(keys.map((key) => [key, properties[key] ?? {}])),
  additionalProperties: false,
  ...(required.length > 0 ? { required } : {}),
})

const scalar = { type: ['string', 'number', 'boolean', 'null'] }
const scalarMapping = { type: ['object', 'null'], additionalProperties: scalar }

function deckhandMetadataSchema(): Schema {
  const action = closed(ACTION_KEYS, { method: { enum: [...ACTION_METHODS] }, path: { type: 'string' } }, ['method'])
  const layering = closed(LAYERING_KEYS, {
    layer: { type: 'string' },
    abstract: { type: ['boolean', 'null'] },
    parentSelector: scalarMapping,
    actions: { type: ['array', 'null'], items: action },
  })
  const source = closed(
    SOURCE_KEYS,
    {
      schema: { type: 'string' },
      name: { type: 'string' },
      path: { type: 'string' },
      pattern: { type: 'string' },
      match_group: { type: 'integer' },
      deepcopy: { type: 'boolean' },
    },
    ['schema', 'name', 'path'],
  )
  const dest = closed(
    DEST_KEYS,
    { path: { type: 'string' }, pattern: { type: 'string' }, recurse: { type: 'object' } },
    ['path'],
  )
  const substitution = closed(
    SUBSTITUTION_KEYS,
    { src: source, dest: { anyOf: [dest, { type: 'array', items: dest }] } },
    ['src', 'dest'],
  )
  return closed(METADATA_KEYS, {
    schema: { type: 'string' },
    name: { type: 'string' },
    labels: scalarMapping,
    layeringDefinition: { ...layering, type: ['object', 'null'] },
    substitutions: { type: ['array', 'null'], items: substitution },
    storagePolicy: { type: 'string' },
    replacement: { type: ['boolean', 'null'] },
  })
}

// ─── The document ───────────────────────────────────────────────────────────────────────────────

export function generateDirectiveSchema(): Schema {
  const datumDirectives = Object.fromEntries(DIRECTIVE_NAMES.map((name) => [name, name]))
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'merged-yaml directives',
    description:
      "The directive keys of unplugin-merged-yaml's dialects: cloud-init's merge_how, Datum's lookup_options, " +
      "Heat's parameter_merge_strategies and Deckhand's layeringDefinition and substitutions. Other keys are data.",
    properties: {
      merge_how: mergeHowSchema('merge_how'),
      merge_type: mergeHowSchema('merge_type'),
      [datumDirectives.lookup_options!]: lookupOptionsSchema(),
      [datumDirectives.default_lookup_options!]: {
        ...datumStrategySchema(),
        description: "Datum's strategy for keys without lookup options",
      },
      [PARAMETER_MERGE_STRATEGIES]: parameterMergeStrategiesSchema(),
    },
    // Datum reads its directive keys in any case.
    patternProperties: {
      [`^(?!lookup_options$)${anyCase('lookup_options')}$`]: lookupOptionsSchema(),
      [`^(?!default_lookup_options$)${anyCase('default_lookup_options')}$`]: datumStrategySchema(),
    },
    allOf: [
      {
        // A Heat environment (it declares merge strategies) has only Heat's sections.
        if: { type: 'object', required: [PARAMETER_MERGE_STRATEGIES] },
        then: { propertyNames: { enum: [...SECTIONS] } },
      },
      {
        // A Deckhand document: metadata.schema metadata/Document/v1 or metadata/Control/v1.
        if: {
          type: 'object',
          required: ['metadata'],
          properties: {
            metadata: {
              type: 'object',
              required: ['schema'],
              properties: { schema: { type: 'string', pattern: '^metadata/(?:Document|Control)/v\\d+$' } },
            },
          },
        },
        then: {
          propertyNames: { enum: [...TOP_KEYS] },
          properties: { schema: { type: 'string' }, metadata: deckhandMetadataSchema() },
        },
      },
    ],
  }
}

/** The file's text: stable key order, two-space indent, a final newline. */
export const directiveSchemaText = (): string => `${JSON.stringify(generateDirectiveSchema(), null, 2)}\n`
