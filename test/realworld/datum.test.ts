// Real Datum stores through render(): DscWorkshop's configuration data against the RSOPs Datum
// itself wrote (_TestRsopReferences), today's DscWorkshop store, and Datum's own integration assets
// against what their Pester tests expect. Reads ../shared/realworld/datum; skips when it is absent.
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { render } from '@merged-yaml/core'
import type { RenderOptions } from '@merged-yaml/core'
import { scratchDir } from '../conformance/shared.ts'

const CORPUS = resolve(import.meta.dirname, '../../../shared/realworld')
const DATUM = join(CORPUS, 'datum')
const REFERENCE_STORE = join(DATUM, 'DscWorkshop-6922b64/source')
const TODAY_STORE = join(DATUM, 'DscWorkshop-eacbea0/source')
const ASSETS = join(DATUM, 'Datum-a028e8e/tests/Integration/assets')
const REFERENCE_NODES = ['Dev', 'Test', 'Prod'].map((environment) => ({
  environment,
  node: `AllNodes/${environment}/ReferenceConfiguration${environment}`,
  reference: join(REFERENCE_STORE, `_TestRsopReferences/ReferenceConfiguration${environment}.yml`),
}))

async function rsop(store: string, options: NonNullable<RenderOptions['datum']>, strict = true): Promise<unknown> {
  const { value } = await render(join(store, 'Datum.yml'), { root: store, dialect: 'datum', strict, datum: options })
  return value
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Our value as the reference files print it. Datum's Expand-RsopHashtable writes a one-item list as
 * its item (and an empty one as null), and a PSCredential as `user@domain:` and one `*` per
 * character of the password.
 */
function asPrinted(value: unknown): unknown {
  if (Array.isArray(value)) {
    if (value.length === 0) return null
    return value.length === 1 ? asPrinted(value[0]) : value.map(asPrinted)
  }
  if (!isRecord(value)) return value
  const keys = Object.keys(value)
  if (keys.length === 2 && typeof value.UserName === 'string' && typeof value.Password === 'string') {
    const [domain, user] = value.UserName.includes('\\') ? value.UserName.split('\\') : ['', value.UserName]
    return `${user}@${domain}${domain ? ':' : ''}${'*'.repeat(value.Password.length)}`
  }
  return Object.fromEntries(keys.map((key) => [key, asPrinted(value[key])]))
}

/** The leaf paths where two values differ (key order aside), and how many leaves were compared. */
function compare(ours: unknown, reference: unknown, path = ''): { differences: string[]; leaves: number } {
  if (isRecord(ours) && isRecord(reference)) {
    const result = { differences: [] as string[], leaves: 0 }
    for (const key of new Set([...Object.keys(ours), ...Object.keys(reference)])) {
      const inner = compare(ours[key], reference[key], `${path}/${key}`)
      result.differences.push(...inner.differences)
      result.leaves += inner.leaves
    }
    return result
  }
  if (Array.isArray(ours) && Array.isArray(reference) && ours.length === reference.length) {
    const result = { differences: [] as string[], leaves: 0 }
    ours.forEach((item, index) => {
      const inner = compare(item, reference[index], `${path}/${index}`)
      result.differences.push(...inner.differences)
      result.leaves += inner.leaves
    })
    return result
  }
  return { differences: JSON.stringify(ours) === JSON.stringify(reference) ? [] : [path], leaves: 1 }
}

/**
 * The store the references were computed from. They were written at DscWorkshop 77431de and
 * edited by hand at 6922b64 (FilesAndFolders renamed FileSystemObjects, and in the Dev reference only
 * the DependsOn of Test1File1), while the data changed in f4c9311 and 6922b64 without them being
 * written again. These edits give 6922b64's store the data of 77431de, renamed as each reference
 * was: `git diff 77431de 6922b64 -- source` is exactly these lines, the renaming aside.
 */
type Edit = [file: string, from: string, to: string]
const fileDependsOn = (file: 1 | 2, from: string, to: string): Edit => [
  'Roles/FileServer.yml',
  `Test1File${file}.txt\n      Type: File\n      Contents: Some test data\n      DependsOn: '${from}'`,
  `Test1File${file}.txt\n      Type: File\n      Contents: Some test data\n      DependsOn: '${to}'`,
]
const RENAMED = '[FileSystemObject]FileSystemObject_C__Test'
const AS_OF_THE_REFERENCES: Edit[] = [
  ['Baselines/DscLcm.yml', '  #- DscLcmController', '  - DscLcmController'],
  ['Baselines/DscLcm.yml', '  #- DscLcmMaintenanceWindows', '  - DscLcmMaintenanceWindows'],
  ['Baselines/DscLcm.yml', '  #- DscDiagnostic', '  - DscDiagnostic'],
  ['Baselines/Server.yml', '  #- NetworkIpConfiguration', '  - NetworkIpConfiguration'],
  [
    'Roles/FileServer.yml',
    '      #SourcePath: \'[x= "\\\\DSCDC01\\SYSVOL\\$($Datum.Global.Domain.DomainFqdn)\\Policies" =]\'\n      SourcePath: C:\\Windows\\Media',
    '      SourcePath: \'[x= "\\\\DSCDC01\\SYSVOL\\$($Datum.Global.Domain.DomainFqdn)\\Policies" =]\'',
  ],
  ['Roles/WebServer.yml', '[FileSystemObject]FileSystemObject_C__Inetpub_TestApp1', '[File]file_C__Inetpub_TestApp1'],
  ['Roles/WebServer.yml', '[FileSystemObject]FileSystemObject_C__Inetpub_TestApp2', '[File]file_C__Inetpub_TestApp2'],
  fileDependsOn(2, RENAMED, '[File]file_C__Test'),
]
const AS_OF_THE_REFERENCE: Record<string, Edit[]> = {
  Dev: [],
  Test: [],
  Prod: [fileDependsOn(1, RENAMED, '[File]file_C__Test')],
}

function storeAsOfTheReference(environment: string): string {
  const store = join(scratchDir('datum-store'), 'source')
  cpSync(REFERENCE_STORE, store, { recursive: true })
  for (const [file, from, to] of [...AS_OF_THE_REFERENCES, ...AS_OF_THE_REFERENCE[environment]!]) {
    const path = join(store, file)
    const text = readFileSync(path, 'utf8').replaceAll('\r\n', '\n')
    expect(text, `${file} holds ${JSON.stringify(from)}`).toContain(from)
    writeFileSync(path, text.replace(from, to))
  }
  return store
}

/** The references, read as YAML 1.2 (PowerShell's YamlDotNet wrote them). */
function referenceOf(path: string): unknown {
  return parse(readFileSync(path, 'utf8'), { version: '1.2' })
}

describe.skipIf(!existsSync(DATUM))('Datum stores (needs ../shared/realworld/datum)', () => {
  describe("DscWorkshop's reference RSOPs (Datum 0.40.1-preview0001, Datum.InvokeCommand 0.3.0, Datum.ProtectedData)", () => {
    it.each(REFERENCE_NODES)('$node: the RSOP Datum wrote, exactly', async ({ environment, node, reference }) => {
      const store = storeAsOfTheReference(environment)
      const { differences, leaves } = compare(asPrinted(await rsop(store, { node })), referenceOf(reference))
      expect(differences).toEqual([])
      expect(leaves).toBeGreaterThan(100)
    })

    // The same store unedited: only what the data changed after the references were written differs.
    const changedSince: Record<string, string[]> = {
      Dev: [
        'Configurations',
        'DscDiagnostic',
        'DscLcmController',
        'DscLcmMaintenanceWindows',
        '/FileSystemObjects/Items/5/DependsOn',
        '/FileSystemObjects/Items/6/SourcePath',
      ],
      Test: [
        'Configurations',
        'DscDiagnostic',
        'DscLcmController',
        'DscLcmMaintenanceWindows',
        '/FileSystemObjects/Items/4/DependsOn',
        '/FileSystemObjects/Items/5/DependsOn',
      ],
      Prod: [
        'Configurations',
        'DscDiagnostic',
        'DscLcmController',
        'DscLcmMaintenanceWindows',
        '/FileSystemObjects/Items/3/DependsOn',
        '/FileSystemObjects/Items/4/DependsOn',
        '/FileSystemObjects/Items/5/SourcePath',
      ],
    }
    it.each(REFERENCE_NODES)('$node at 6922b64 as it is: differs only where the data changed', async (item) => {
      const ours = asPrinted(await rsop(REFERENCE_STORE, { node: item.node }))
      const { differences } = compare(ours, referenceOf(item.reference))
      // A whole configuration that is no longer listed counts once.
      const shown = new Set(differences.map((d) => (d.startsWith('/FileSystemObjects') ? d : d.split('/')[1]!)))
      expect([...shown].sort()).toEqual(changedSince[item.environment]!.sort())
    })

    it('names a node by its NodeName too', async () => {
      expect(await rsop(REFERENCE_STORE, { node: 'ReferenceConfigurationTest', lookup: 'Environment' })).toBe('Test')
    })
  })

  describe("today's DscWorkshop store (eacbea0)", () => {
    const nodes = ['Dev', 'Test', 'Prod'].flatMap((environment) =>
      ['DSCFile0', 'DSCWeb0', 'ReferenceConfiguration'].map((name) => {
        const index = { Dev: 1, Test: 2, Prod: 3 }[environment]
        return `AllNodes/${environment}/${name === 'ReferenceConfiguration' ? `${name}${environment}` : `${name}${index}`}`
      }),
    )
    it.each(nodes)('%s renders in strict mode', async (node) => {
      const value = (await rsop(TODAY_STORE, { node })) as Record<string, unknown>
      const environment = node.split('/')[1]
      expect(value.Environment).toBe(environment)
      expect((value.DscTagging as Record<string, unknown>).Layers).toContain(`Environment\\${environment}`)
      expect(value.NodeName).toBe(node.split('/')[2])
    })
  })

  describe("Datum's integration assets, as their Pester tests expect", () => {
    // These tests are Datum 0.39's (a028e8e): knockout markers stay in results there.
    const version = '0.40' as const
    const mergeTestData = join(ASSETS, 'MergeTestData')
    const lookup = (node: string, path: string) => rsop(mergeTestData, { node, lookup: path, version })
    const sorted = (value: unknown) => [...(Array.isArray(value) ? value : [value])].sort()

    it.each([
      ['DSCFile01', 'WindowsFeatures\\Name', ['-Telnet-Client', 'File-Services']],
      ['DSCWeb01', 'WindowsFeatures\\Name', ['File-Services', 'Web-Server', '-Telnet-Client']],
      ['DSCWeb02', 'WindowsFeatures\\Name', ['File-Services', 'Web-Server', 'XPS-Viewer', '-Telnet-Client']],
      ['DSCFile01', 'Configurations', ['NetworkIpConfigurationMerged', 'WindowsFeatures', 'FilesAndFolders']],
      ['DSCWeb01', 'Configurations', ['NetworkIpConfigurationMerged', 'WindowsFeatures']],
      ['DSCWeb02', 'Configurations', ['NetworkIpConfigurationMerged', 'FilesAndFolders', 'WindowsFeatures']],
    ])('Merge.tests.ps1: %s %s', async (node, path, expected) => {
      expect(sorted(await lookup(node, path))).toEqual([...expected].sort())
    })

    it.each([
      ['DSCFile01', 'NetworkIpConfigurationMerged', 6],
      ['DSCWeb01', 'NetworkIpConfigurationMerged', 6],
      ['DSCWeb02', 'NetworkIpConfigurationMerged', 6],
      ['DSCFile01', 'NetworkIpConfigurationNonMerged', 1],
      ['DSCWeb01', 'NetworkIpConfigurationNonMerged', 1],
      ['DSCWeb02', 'NetworkIpConfigurationNonMerged', 1],
    ])('Merge.tests.ps1: %s %s has %i keys', async (node, path, count) => {
      expect(Object.keys((await lookup(node, path)) as object)).toHaveLength(count)
    })

    it.each([
      ['DSCFile01', '192.168.10.50'],
      ['DSCWeb02', '192.168.20.50'],
    ])('Merge.tests.ps1: %s NetworkIpConfigurationMerged\\Gateway', async (node, gateway) => {
      expect(await lookup(node, 'NetworkIpConfigurationMerged\\Gateway')).toBe(gateway)
    })

    it.each([
      ['DSCFile01', 'NetworkIpConfigurationMerged', 'IpAddress', '192.168.10.100'],
      ['DSCFile01', 'NetworkIpConfigurationMerged', 'Gateway', '192.168.10.50'],
      ['DSCWeb02', 'NetworkIpConfigurationMerged', 'IpAddress', '192.168.10.102'],
      ['DSCWeb02', 'NetworkIpConfigurationMerged', 'Gateway', '192.168.20.50'],
    ])('RSOP.tests.ps1: %s %s.%s', async (node, key, member, expected) => {
      const value = (await rsop(mergeTestData, { node, version })) as Record<string, Record<string, unknown>>
      expect(value[key]![member]).toBe(expected)
    })

    it.each([
      ['DSCFile01', ['WindowsFeatures', 'FilesAndFolders', 'NetworkIpConfigurationMerged']],
      ['DSCWeb01', ['WindowsFeatures', 'NetworkIpConfigurationMerged']],
      ['DSCWeb02', ['WindowsFeatures', 'NetworkIpConfigurationMerged', 'FilesAndFolders']],
    ])('RSOP.tests.ps1: %s Configurations', async (node, expected) => {
      const value = (await rsop(mergeTestData, { node, version })) as Record<string, unknown>
      expect(sorted(value.Configurations)).toEqual([...expected].sort())
    })

    // Demo3's Datum.yml writes `default_lookup_options: {strategy: deep}`, whose `strategy` Datum
    // ignores: a located error in strict mode, Datum's value in lenient mode.
    const demo3 = join(ASSETS, 'Demo3')
    it.each([
      ['Node1', 1],
      ['Node2', 3],
    ])('demo3.tests.ps1: %s has %i Disks', async (node, count) => {
      expect(await rsop(demo3, { node, lookup: 'Disks', version }, false)).toHaveLength(count)
    })

    it('demo3.tests.ps1: Node3 StartVM is false (from a .psd1 layer)', async () => {
      expect(await rsop(demo3, { node: 'Node3', lookup: 'StartVM', version }, false)).toBe(false)
    })

    it("demo3: strict mode points at the ignored 'strategy' field", async () => {
      await expect(rsop(demo3, { node: 'Node1', lookup: 'Disks' })).rejects.toMatchObject({
        diagnostics: [expect.objectContaining({ code: 'MY_DATUM_IGNORED_FIELD', line: 6 })],
      })
    })

    it.each([
      ['ExampleProperty1', 'From Node'],
      ['Description', 'This is the DEV environment'],
      ['Shared1\\Param1', 'This is the Role override!'],
      ['locationName', 'London'],
    ])('override.tests.ps1: SRV01 %s', async (path, expected) => {
      // The test adds Environment to the node; the store's own handler ([TEST=…]) is Datum's test
      // double, whose output (Format-List of the node) has no fixed value: it is given here.
      // Its Datum.yml has `merge_hash_array: Merge`, which Datum ignores: lenient mode.
      const options = {
        node: 'AllNodes/DEV/SRV01',
        nodeProperties: { Environment: 'DEV' },
        lookup: path,
        version,
        handlers: {
          'Datum::TestHandler': (value: string) => (value.startsWith('[TEST=') ? 'test handler' : undefined),
        },
      }
      expect(await rsop(join(ASSETS, 'DSC_ConfigData'), options, false)).toBe(expected)
    })
  })
})
