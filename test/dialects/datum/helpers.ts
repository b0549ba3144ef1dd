import { join } from 'node:path'
import { expect } from 'vitest'
import { isMergedYamlError, render } from '@merged-yaml/core'
import type { MergedYamlError, RenderOptions, RenderResult } from '@merged-yaml/core'
import { lines, writeTree } from '../../helpers/tree.ts'

/** A Datum tree as an entry: the Datum.yml part first, then the layers, base first. */
export interface DatumTree {
  /** The Datum.yml text (`default_lookup_options` / `lookup_options`), omitted when undefined. */
  datum?: string
  /** Layer texts, base (least specific) first. */
  layers: string[]
}

/** Writes the tree (Datum.yml, layer-0.yaml … as `#include` list in entry.merged.yaml) and renders it. */
export async function renderDatum(tree: DatumTree, options: RenderOptions = {}): Promise<RenderResult> {
  const files: Record<string, string> = {}
  const includes: string[] = []
  if (tree.datum !== undefined) {
    files['Datum.yml'] = tree.datum
    includes.push('Datum.yml')
  }
  tree.layers.forEach((text, index) => {
    files[`layer-${index}.yaml`] = text
    includes.push(`layer-${index}.yaml`)
  })
  files['entry.merged.yaml'] = `#include\n${includes.join('\n')}\n`
  const root = writeTree(files, 'datum')
  const dialect = tree.datum === undefined ? { dialect: 'datum' as const } : {}
  return render(join(root, 'entry.merged.yaml'), { root, ...dialect, ...options })
}

/** The value of the whole entry. */
export async function datumValue(tree: DatumTree, options: RenderOptions = {}): Promise<unknown> {
  return (await renderDatum(tree, options)).value
}

/** The value of one lookup (`datum.lookup`). */
export async function datumLookup(tree: DatumTree, lookup: string, options: RenderOptions = {}): Promise<unknown> {
  return (await renderDatum(tree, { ...options, datum: { ...options.datum, lookup } })).value
}

/** The error a render fails with; fails the test when it succeeds. */
export async function datumError(tree: DatumTree, options: RenderOptions = {}): Promise<MergedYamlError> {
  const error = await renderDatum(tree, options).then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!isMergedYamlError(error)) throw new Error(`expected a MergedYamlError, got ${String(error)}`)
  return error
}

/**
 * Strict mode fails with `code` at `file:line`; lenient mode succeeds with a warning of the same code
 * and returns its value (Datum's reading) for the caller to check.
 */
export async function expectLenient(
  tree: DatumTree,
  code: string,
  where: { file: string; line: number },
  options: RenderOptions = {},
): Promise<unknown> {
  const error = await datumError(tree, { ...options, strict: true })
  expect(error.code).toBe(code)
  const diagnostic = error.diagnostics[0]!
  expect(diagnostic.file.endsWith(where.file)).toBe(true)
  expect(diagnostic.line).toBe(where.line)
  const result = await renderDatum(tree, { ...options, strict: false })
  expect(result.warnings.map((w) => w.code)).toContain(code)
  return result.value
}

/** A small DscWorkshop-like store: node, environment, role and baseline layers. */
export const STORE: Record<string, string> = {
  'Datum.yml': lines(
    'ResolutionPrecedence:',
    '  - AllNodes\\$($Node.Environment)\\$($Node.NodeName)',
    '  - Environment\\$($Node.Environment)',
    '  - Roles\\$($Node.Role)',
    '  - Baselines\\Server',
    'DscLocalConfigurationManagerKeyName: LcmConfig',
    'default_lookup_options: MostSpecific',
    'lookup_options:',
    '  Configurations:',
    '    merge_basetype_array: Unique',
    '  Web: deep',
  ),
  'AllNodes/Dev/web01.yml': lines('NodeName: web01', 'Environment: Dev', 'Role: WebServer', 'Web:', '  Port: 8080'),
  'AllNodes/Prod/web02.yml': lines('NodeName: WEB-PROD-2', 'Environment: Prod', 'Role: WebServer'),
  'Environment/Dev.yml': lines('Web:', '  Debug: true'),
  'Roles/WebServer.yml': lines('Configurations:', '  - Web', 'Web:', '  Port: 80', '  Site: Default'),
  'Baselines/Server.yml': lines(
    'Configurations:',
    '  - Time',
    'Time:',
    '  Zone: UTC',
    'LcmConfig:',
    '  Mode: Pull',
    'Unlisted:',
    '  Kept: out',
  ),
}

/** A Datum.yml whose one store, AllNodes, is the folder at `path` (DatumStructure), each node its own layer. */
export const nodesAt = (path: string): string =>
  lines(
    'DatumStructure:',
    '  - StoreName: AllNodes',
    '    StoreProvider: Datum::File',
    `    StoreOptions: { Path: ${path} }`,
    'ResolutionPrecedence:',
    '  - AllNodes\\$($Node.Name)',
  )

/** Writes a store (Datum.yml and its folders) and renders its Datum.yml for `datum.node`. */
export async function renderStore(
  files: Record<string, string>,
  datum: NonNullable<RenderOptions['datum']>,
  options: RenderOptions = {},
): Promise<RenderResult> {
  const root = writeTree(files, 'datum-store')
  return render(join(root, 'Datum.yml'), { root, ...options, datum })
}

/** The value of `renderStore`. */
export async function storeValue(
  files: Record<string, string>,
  datum: NonNullable<RenderOptions['datum']>,
  options: RenderOptions = {},
): Promise<unknown> {
  return (await renderStore(files, datum, options)).value
}

/** The first diagnostic `renderStore` fails with. */
export async function storeError(
  files: Record<string, string>,
  datum: NonNullable<RenderOptions['datum']>,
  options: RenderOptions = {},
): Promise<MergedYamlError['diagnostics'][number]> {
  try {
    await renderStore(files, datum, options)
  } catch (error) {
    if (isMergedYamlError(error)) return error.diagnostics[0]!
    throw error
  }
  throw new Error('expected the render to fail')
}
