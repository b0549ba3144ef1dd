// A Datum store rendered for a node: Datum.yml as the entry, the node by path or NodeName,
// ResolutionPrecedence interpolated from the node, the file provider's tree (folders are keys,
// .yml/.yaml/.json/.psd1 files are values, names ignore case) and Get-DatumRsop's composition.
import { rmSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { render } from '@merged-yaml/core'
import { lines, writeTree } from '../../helpers/tree.ts'
import { nodesAt, renderStore, STORE, storeError, storeValue } from './helpers.ts'

describe('a Datum store as the entry', () => {
  it("renders a node's RSOP: its own keys, Configurations, each configuration and LcmConfig", async () => {
    expect(await storeValue(STORE, { node: 'AllNodes/Dev/web01' })).toEqual({
      NodeName: 'web01',
      Environment: 'Dev',
      Role: 'WebServer',
      Web: { Port: 8080, Debug: true, Site: 'Default' },
      Name: 'web01',
      Configurations: ['Web', 'Time'],
      Time: { Zone: 'UTC' },
      LcmConfig: { Mode: 'Pull' },
    })
  })

  it("keeps Datum's key order: the node, Configurations, the configurations, LcmConfig", async () => {
    const value = await storeValue(STORE, { node: 'AllNodes/Dev/web01' })
    expect(Object.keys(value as object)).toEqual([
      'NodeName',
      'Environment',
      'Role',
      'Web',
      'Name',
      'Configurations',
      'Time',
      'LcmConfig',
    ])
  })

  it('names the node by its path (any case, with or without AllNodes, an extension allowed) or its NodeName', async () => {
    // web02's NodeName is not its file's name, so its own layer is not on its precedence path.
    const nodeName = async (node: string) => ((await storeValue(STORE, { node })) as { NodeName: string }).NodeName
    for (const node of ['AllNodes/Prod/web02', 'allnodes\\prod\\WEB02', 'Prod/web02', 'AllNodes/Prod/web02.yml']) {
      expect(await nodeName(node)).toBe('WEB-PROD-2')
    }
    expect(await nodeName('web-prod-2')).toBe('WEB-PROD-2')
    expect(await nodeName('web02')).toBe('WEB-PROD-2')
  })

  it('refuses a node it cannot find, with a suggestion', async () => {
    const problem = await storeError(STORE, { node: 'AllNodes/Dev/web1' })
    expect(problem).toMatchObject({ code: 'MY_DATUM_NODE_NOT_FOUND', suggestion: 'AllNodes/Dev/web01' })
    expect(problem.file).toMatch(/Datum\.yml$/)
  })

  it('refuses a node named twice', async () => {
    const files = { ...STORE, 'AllNodes/Test/web01.yml': lines('NodeName: web01', 'Environment: Test') }
    expect((await storeError(files, { node: 'web01' })).code).toBe('MY_DATUM_NODE_AMBIGUOUS')
  })

  it('asks for a node when none is given', async () => {
    const root = writeTree(STORE, 'datum-store')
    await expect(render(join(root, 'Datum.yml'), { root })).rejects.toMatchObject({
      diagnostics: [expect.objectContaining({ code: 'MY_DATUM_NODE_REQUIRED', line: 1 })],
    })
  })

  it('looks one path up for the node with datum.lookup, through folders and files', async () => {
    expect(await storeValue(STORE, { node: 'web01', lookup: 'Web/Site' })).toBe('Default')
    expect(await storeValue(STORE, { node: 'web01', lookup: 'LcmConfig\\Mode' })).toBe('Pull')
    const problem = await storeError(STORE, { node: 'web01', lookup: 'Nothing' })
    expect(problem.code).toBe('MY_DATUM_LOOKUP_NOT_FOUND')
    expect(await storeValue(STORE, { node: 'web01', lookup: 'Nothing' }, { strict: false })).toBeNull()
  })

  it('fails as Datum does when no layer gives Configurations', async () => {
    const files = { ...STORE, 'Roles/WebServer.yml': 'Web: {}\n', 'Baselines/Server.yml': 'Time: {}\n' }
    expect((await storeError(files, { node: 'web01' })).code).toBe('MY_DATUM_NO_CONFIGURATIONS')
  })

  it('gives a configuration no layer has as {} and warns when the LCM key is missing', async () => {
    const files = { ...STORE, 'Baselines/Server.yml': lines('Configurations:', '  - Missing') }
    const result = await renderStore(files, { node: 'web01' })
    expect((result.value as Record<string, unknown>).Missing).toEqual({})
    expect(result.warnings.map((w) => w.code)).toContain('MY_DATUM_LCM_NOT_FOUND')
  })

  it("adds the given node properties (a build script's $node.X = …), which the precedence then reads", async () => {
    const files = { ...STORE, 'AllNodes/Dev/web01.yml': lines('NodeName: web01', 'Role: WebServer') }
    expect(
      await storeValue(files, { node: 'web01', nodeProperties: { Environment: 'Dev' }, lookup: 'Web/Debug' }),
    ).toBe(true)
  })

  it('skips a layer whose interpolated path does not exist (a node property missing)', async () => {
    const files = { ...STORE, 'AllNodes/Dev/web01.yml': lines('NodeName: web01', 'Environment: Dev') }
    expect(await storeValue(files, { node: 'web01', lookup: 'Configurations' })).toEqual(['Time'])
  })

  it('expands each precedence segment against the node, and refuses what is not a reading', async () => {
    const precedence = (entry: string) => ({
      ...STORE,
      'Datum.yml': STORE['Datum.yml']!.replace('  - Baselines\\Server', `  - ${entry}`),
    })
    const lookup = (entry: string, strict = true) =>
      storeValue(precedence(entry), { node: 'web01', lookup: 'Time/Zone' }, { strict })
    expect(await lookup('Baselines/Server')).toBe('UTC')
    expect(await lookup('$($Node.Environment -replace "Dev", "Baselines")\\Server', false)).toBeNull()
    const unsupported = await storeError(precedence('Baselines\\$($Node.Role.Trim())'), { node: 'web01' })
    expect(unsupported).toMatchObject({ code: 'MY_DATUM_EXPRESSION_UNSUPPORTED', line: 5 })
    const script = await storeError(precedence("'Baselines\\<%= $Node.Role %>'"), { node: 'web01' })
    expect(script.message).toMatch(/<%= … %> script block/)
  })

  it('reads folders as keys, and .json, .psd1 and other files as values, ignoring case', async () => {
    const files = {
      ...STORE,
      'Datum.yml': lines('ResolutionPrecedence:', '  - roles\\$($Node.role)', '  - ROLES\\All'),
      'AllNodes/n1.yml': lines('NodeName: n1', 'Role: Role2'),
      'Roles/Role2/Subkey1.yml': lines('Subkey1Value: This is fun'),
      'Roles/Role2/Subkey2.json': '{ "subkey2value": "yeah!" }',
      'Roles/Role2/Notes.txt': 'plain text',
      'Roles/All.psd1': lines('@{', "  Configurations = @('A')", '  StartVM = $false', '}'),
    }
    const lookup = (path: string) => storeValue(files, { node: 'n1', lookup: path })
    expect(await lookup('Subkey1\\Subkey1Value')).toBe('This is fun')
    expect(await lookup('subkey2/SUBKEY2VALUE')).toBe('yeah!')
    expect(await lookup('Notes')).toBe('plain text')
    expect(await lookup('StartVM')).toBe(false)
    expect(await lookup('Subkey1')).toEqual({ Subkey1Value: 'This is fun' })
  })

  it('uses the stores DatumStructure names, at their paths', async () => {
    const files = {
      'Datum.yml': nodesAt('./Data/Nodes'),
      'Data/Nodes/n1.yml': lines('Configurations: [X]', 'X: 1'),
    }
    expect(await storeValue(files, { node: 'n1' })).toEqual({ Configurations: ['X'], X: 1, Name: 'n1' })
    const missing = { ...files, 'Datum.yml': files['Datum.yml']!.replace('./Data/Nodes', './Nowhere') }
    expect((await storeError(missing, { node: 'n1' })).code).toBe('MY_DATUM_STORE_NOT_FOUND')
    const provider = { ...files, 'Datum.yml': files['Datum.yml']!.replace('Datum::File', 'Other::Db') }
    expect((await storeError(provider, { node: 'n1' })).code).toBe('MY_DATUM_STORE_PROVIDER')
  })

  it('falls back to the stores as the precedence when ResolutionPrecedence is empty', async () => {
    const files = {
      'Datum.yml': 'ResolutionPrecedence: []\n',
      'AllNodes/n1.yml': lines('Configurations: [X]'),
      'Baselines/X.yml': lines('Y: 2'),
    }
    expect(await storeValue(files, { node: 'n1', lookup: 'X\\Y' })).toBe(2)
  })

  it('refuses a Datum.yml without ResolutionPrecedence', async () => {
    const files = { ...STORE, 'Datum.yml': lines('DatumStructure:', '  - StoreName: AllNodes') }
    expect((await storeError(files, { node: 'web01' }, { dialect: 'datum' })).code).toBe('MY_DATUM_NO_PRECEDENCE')
  })

  it('reports two files with one name in a folder (Datum keeps the first)', async () => {
    const files = { ...STORE, 'Roles/WebServer.json': '{ "Web": { "Port": 1 } }' }
    expect((await storeError(files, { node: 'web01' })).code).toBe('MY_DATUM_STORE_NAME_CLASH')
    expect(await storeValue(files, { node: 'web01', lookup: 'Web/Port' }, { strict: false })).toBe(8080)
  })

  it('reports a repeated key of a store file as Datum drops the first value', async () => {
    const files = {
      ...STORE,
      'Roles/WebServer.yml': lines('Configurations: [Web]', 'Web: {Port: 1}', 'web: {Port: 2}'),
    }
    expect(await storeError(files, { node: 'web01' })).toMatchObject({ code: 'MY_DATUM_DUPLICATE_KEY', line: 3 })
  })

  it('warns where powershell-yaml types a scalar otherwise than YAML 1.2, and uses its value', async () => {
    const files = { ...STORE, 'Roles/WebServer.yml': lines('Configurations: [Web]', 'Web:', '  Max: 1,000') }
    const result = await renderStore(files, { node: 'web01', lookup: 'Web/Max' })
    expect(result.value).toBe(1000)
    expect(result.warnings[0]).toMatchObject({ code: 'MY_DATUM_YAML_TYPING', line: 3, column: 8 })
  })

  it('locates an error in a .psd1 layer', async () => {
    const files: Record<string, string> = { ...STORE, 'Roles/WebServer.psd1': lines('@{', '  Web = $env:PORT', '}') }
    delete files['Roles/WebServer.yml']
    expect(await storeError(files, { node: 'web01' })).toMatchObject({ code: 'MY_PSD1_NOT_DATA', line: 2, column: 9 })
  })

  it('renders a Datum.yml without lookup options as a store, without leaking its definition', async () => {
    const files = { ...STORE, 'Datum.yml': STORE['Datum.yml']!.replace(/default_lookup_options[\s\S]*$/, '') }
    const value = (await storeValue(files, { node: 'web01' })) as Record<string, unknown>
    expect(value).not.toHaveProperty('ResolutionPrecedence')
    expect(value.Web).toEqual({ Port: 8080 })
  })

  it("reads the store's folder as the entry itself, even outside root; a link out of it is refused", async () => {
    const store = writeTree(STORE, 'datum-store')
    const elsewhere = writeTree({}, 'datum-root')
    const entry = join(store, 'Datum.yml')
    const options = { root: elsewhere, datum: { node: 'web01', lookup: 'Time/Zone' } }
    expect((await render(entry, options)).value).toBe('UTC')
    const outside = writeTree({ 'Server.yml': lines('Configurations: [Time]', 'Time: {Zone: CET}') }, 'datum-outside')
    rmSync(join(store, 'Baselines'), { recursive: true })
    symlinkSync(outside, join(store, 'Baselines'))
    await expect(render(entry, options)).rejects.toMatchObject({
      diagnostics: [expect.objectContaining({ code: 'MY_INCLUDE_OUTSIDE_ROOT' })],
    })
  })

  it('keeps an included Datum.yml a directive part whose definition is not data', async () => {
    const root = writeTree(
      {
        'Datum.yml': lines(
          'ResolutionPrecedence:',
          '  - Roles\\$($Node.Role)',
          'DscLocalConfigurationManagerKeyName: Lcm',
        ),
        'role.yml': 'A: 1\n',
        'entry.merged.yaml': lines('#include', 'Datum.yml', 'role.yml'),
      },
      'datum-entry',
    )
    const result = await render(join(root, 'entry.merged.yaml'), { root })
    expect(result.dialect).toBe('datum')
    expect(result.value).toEqual({ A: 1 })
  })
})
