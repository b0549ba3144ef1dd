// The history of a store's RSOP: which layer file and line set each value and which strategy merged
// it; and the CLI's --node.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { render } from '@merged-yaml/core'
import type { HistoryEvent } from '@merged-yaml/core'
import { lines, writeTree } from '../../helpers/tree.ts'
import { run } from '../../cli/helpers.ts'
import { STORE } from './helpers.ts'

function eventsAt(events: readonly { path: (string | number)[]; events: HistoryEvent[] }[], path: string) {
  return events
    .find((entry) => entry.path.join('.') === path)
    ?.events.map((e) => [e.action, e.file.split(/[\\/]/).slice(-2).join('/'), e.line, e.merger, e.value])
}

describe('the history of a store', () => {
  it('gives every value of the RSOP its layer, line and strategy, the values it won over included', async () => {
    const root = writeTree(STORE, 'datum-explain')
    const result = await render(join(root, 'Datum.yml'), { root, history: true, datum: { node: 'AllNodes/Dev/web01' } })
    const history = result.history!
    expect(history.detail).toBe('full')
    expect(history.parts.map((part) => part.file.split(/[\\/]/).slice(-2).join('/'))).toEqual([
      'Dev/web01.yml',
      'Environment/Dev.yml',
      'Roles/WebServer.yml',
      'Baselines/Server.yml',
    ])
    const paths = history.paths
    expect(eventsAt(paths, 'Web.Port')).toEqual([
      ['set', 'Dev/web01.yml', 5, 'datum(deep)', 8080],
      ['kept', 'Roles/WebServer.yml', 4, 'datum(deep)', 80],
    ])
    expect(eventsAt(paths, 'Web.Debug')).toEqual([['set', 'Environment/Dev.yml', 2, 'datum(deep)', true]])
    expect(eventsAt(paths, 'Configurations.1')).toEqual([['set', 'Baselines/Server.yml', 2, 'datum(Unique)', 'Time']])
    expect(eventsAt(paths, 'LcmConfig.Mode')).toEqual([
      ['set', 'Baselines/Server.yml', 6, 'datum(MostSpecific)', 'Pull'],
    ])
    expect(eventsAt(paths, 'Role')).toEqual([['set', 'Dev/web01.yml', 3, 'datum(node)', 'WebServer']])
    expect(eventsAt(paths, 'Name')).toEqual([['set', 'Dev/web01.yml', 1, 'datum(node)', 'web01']])
  })

  it('notes a value a handler expression gave', async () => {
    const files = {
      ...STORE,
      'Datum.yml': lines(
        STORE['Datum.yml']!,
        'DatumHandlers:',
        '  Datum.InvokeCommand::InvokeCommand:',
        '    SkipDuringLoad: true',
      ),
      'Roles/WebServer.yml': lines('Configurations: [Web]', 'Web:', "  Site: '[x={ $Node.Role }=]'"),
    }
    const root = writeTree(files, 'datum-explain')
    const result = await render(join(root, 'Datum.yml'), { root, history: true, datum: { node: 'web01' } })
    const site = result.history!.paths.find((entry) => entry.path.join('.') === 'Web.Site')!.events
    expect(site).toMatchObject([{ action: 'set', line: 3, value: 'WebServer', note: 'from [x={ $Node.Role }=]' }])
  })

  it('explains one lookup (datum.lookup)', async () => {
    const root = writeTree(STORE, 'datum-explain')
    const result = await render(join(root, 'Datum.yml'), {
      root,
      history: true,
      datum: { node: 'web01', lookup: 'Web/Port' },
    })
    expect(result.history!.paths[0]!.events.map((e) => [e.action, e.line])).toEqual([
      ['set', 5],
      ['kept', 4],
    ])
  })
})

describe('the CLI', () => {
  it('renders a store for --node', async () => {
    const root = writeTree(STORE, 'datum-cli')
    const { code, stdout } = await run(['render', 'Datum.yml', '--node', 'AllNodes/Dev/web01', '--format', 'json'], {
      cwd: root,
    })
    expect(code).toBe(0)
    expect(JSON.parse(stdout)).toMatchObject({ Name: 'web01', Configurations: ['Web', 'Time'] })
  })

  it('explains a key of the RSOP', async () => {
    const root = writeTree(STORE, 'datum-cli')
    const { code, stdout } = await run(['explain', 'Datum.yml', 'Web.Port', '--node', 'web01'], { cwd: root })
    expect(code).toBe(0)
    expect(stdout).toMatch(/set\s+AllNodes\/Dev\/web01\.yml:5:3\s+datum\(deep\)\s+8080/)
    expect(stdout).toMatch(/kept\s+Roles\/WebServer\.yml:4:3\s+datum\(deep\)\s+80/)
  })
})
