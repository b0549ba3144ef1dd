// The Heat dialect: an entry's documents are OpenStack Heat environment files, merged as Heat's
// merge_environments does (or as python-heatclient's deep_update does, `heat.mode: 'heatclient'`).
import { defineDialect } from '../types.ts'
import { HEAT_CODES } from './codes.ts'
import { HEAT_OPTION_KEYS, templatePaths } from './options.ts'
import { detectHeat } from './sections.ts'
import type { HeatOptions } from './types.ts'

export type { HeatMode, HeatOptions, HeatParameterType } from './types.ts'

export const heatDialect = defineDialect<'heat', HeatOptions, undefined, typeof HEAT_CODES>({
  name: 'heat',
  // Heat's loaders are PyYAML's (YAML 1.1).
  yamlVersion: '1.1',
  query: [],
  optionKeys: HEAT_OPTION_KEYS,
  flags: [
    {
      flag: 'heat-template',
      option: 'template',
      value: '<file>',
      description: 'Heat: a HOT template whose parameters declare the types (repeatable)',
      kind: 'list',
      path: true,
    },
    {
      flag: 'heat-mode',
      option: 'mode',
      value: '<server|heatclient>',
      description: "Heat: whose merge to reproduce (default: server, Heat's merge_environments)",
    },
    {
      flag: 'heat-parameter-type',
      option: 'parameterTypes',
      value: '<name=type>',
      description: 'Heat: a parameter type, over the templates (repeatable)',
      kind: 'pairs',
    },
    {
      flag: 'heat-initial',
      option: 'initial',
      value: '<file.yaml>',
      description: 'Heat: the environment before the files are merged (request-level parameters)',
      kind: 'yaml-file',
      path: true,
    },
  ],
  codes: HEAT_CODES,
  recordsPerValue: false,
  yaml11Reader: { reader: 'PyYAML', system: 'Heat' },
  detect: detectHeat,
  directiveKeys: ['parameter_merge_strategies', 'parameter_defaults', 'resource_registry'],
  dependencies: templatePaths,
  merge: () => import('./dialect-merge.ts').then((module) => module.heatMerge),
})
