// Datum's handlers in a store: Datum.InvokeCommand's `[x= … =]` (the reading subset, evaluated
// when and against what Datum evaluates it), Datum.ProtectedData's `[ENC=…]`, your own handlers
// (`datum.handlers`), and what strict and lenient mode do with everything else.
import { describe, expect, it } from 'vitest'
import { lines } from '../../helpers/tree.ts'
import { renderStore, storeError, storeValue } from './helpers.ts'
import { protectDatum } from './protect.ts'

const HANDLERS = lines(
  'DatumHandlersThrowOnError: true',
  'DatumHandlers:',
  '  Datum.ProtectedData::ProtectedDatum:',
  '    CommandOptions:',
  '      PlainTextPassword: S3cret',
  '  Datum.InvokeCommand::InvokeCommand:',
  '    SkipDuringLoad: true',
)

function store(node: string[], extra: Record<string, string> = {}, handlers = HANDLERS): Record<string, string> {
  return {
    'Datum.yml': lines(
      'ResolutionPrecedence:',
      '  - AllNodes\\$($Node.Environment)\\$($Node.NodeName)',
      '  - Environment\\$($Node.Environment)',
      '  - Roles\\$($Node.Role)',
      'lookup_options:',
      '  Tags: deep',
      '  Tags\\Layers:',
      '    merge_basetype_array: Unique',
      handlers,
    ),
    'AllNodes/Dev/web01.yml': lines(
      "NodeName: '[x={ $Node.Name }=]'",
      "Environment: '[x={ $File.Directory.BaseName }=]'",
      'Role: WebServer',
      ...node,
    ),
    'Environment/Dev.yml': lines('Tags:', "  Layers: ['[x={ Get-DatumSourceFile -Path $File }=]']"),
    'Roles/WebServer.yml': lines('Configurations: [Tags]', 'Tags:', "  Layers: ['[x={ Get-DatumSourceFile $File }=]']"),
    'Global/Domain.yml': lines('Fqdn: contoso.com', 'Dn: dc=contoso,dc=com'),
    ...extra,
  }
}

const rsopOf = async (node: string[], extra?: Record<string, string>, strict = true) =>
  (await storeValue(store(node, extra), { node: 'AllNodes/Dev/web01' }, { strict })) as Record<string, unknown>

describe('Datum.InvokeCommand', () => {
  it('reads $Node, $File and $Datum in script blocks', async () => {
    const value = await rsopOf(
      `Name1: '[x={ $Node.NodeName }=]'
      Folder: '[x={ $File.Directory.BaseName }=]'
      Parent: '[x={ $File.Directory.Parent.Name }=]'
      FileName: '[x={ $File.Name }=]'
      Base: '[x={ $File.BaseName }=]'
      Extension: '[x={ $File.Extension }=]'
      Domain: '[x={ $Datum.Global.Domain.Fqdn }=]'
      Lcm: '[x={ $Datum.__Definition.lookup_options.Tags }=]'
      Source: '[x={ Get-DatumSourceFile -Path $File }=]'`.split(/\n\s*/),
    )
    expect(value).toMatchObject({
      NodeName: 'web01',
      Environment: 'Dev',
      Name1: 'web01',
      Folder: 'Dev',
      Parent: 'AllNodes',
      FileName: 'web01.yml',
      Base: 'web01',
      Extension: '.yml',
      Domain: 'contoso.com',
      Lcm: 'deep',
      Source: 'AllNodes\\Dev\\web01',
    })
  })

  it('expands "…" strings, keeps a literal string (with a warning) and replaces a value holding [x=…=] whole', async () => {
    const result = await renderStore(
      store([
        'Ou: \'[x= "CN=Computers,$($Datum.Global.Domain.Dn)" =]\'',
        'Escaped: \'[x= "a`tb" =]\'',
        "Twice: '[x= ''$($Node.Role)'' =]'",
        "Literal: '[x= ''plain'' =]'",
        "Around: 'before [x={ $Node.Role }=] after'",
      ]),
      { node: 'web01' },
    )
    expect(result.value).toMatchObject({
      Ou: 'CN=Computers,dc=contoso,dc=com',
      Escaped: 'a\tb',
      // Datum.InvokeCommand expands a string result once more, a literal string's too.
      Twice: 'WebServer',
      Literal: 'plain',
      Around: 'WebServer',
    })
    expect(result.warnings.map((w) => w.code)).toContain('MY_DATUM_HANDLER_LITERAL')
  })

  it('reads indexes, lists and groups; a one-item result is its item, an empty or false one null', async () => {
    const value = await rsopOf(
      `List: [a, b, c]
      Second: '[x={ $Node.List[1] }=]'
      Last: '[x={ $Node.List[-1] }=]'
      Count: '[x={ $Node.List.Count }=]'
      Both: '[x={ $Node.Role, $Node.NodeName }=]'
      Array: '[x={ @($Node.Role) }=]'
      Missing: '[x={ $Node.Nothing }=]'
      Zero: '[x={ 0 }=]'`.split(/\n\s*/),
    )
    expect(value).toMatchObject({ Second: 'b', Last: 'c', Count: 3, Array: 'WebServer', Missing: null, Zero: null })
    // The node's NodeName, read before it was converted, is converted by the RSOP's final pass.
    expect(value.Both).toEqual(['WebServer', 'web01'])
  })

  it("evaluates the node's values against the node as it was before (Datum's order in the reference RSOPs)", async () => {
    const result = await renderStore(store(['Description: \'[x= "$($Node.Role) in $($Node.Environment)" =]\'']), {
      node: 'web01',
    })
    expect((result.value as Record<string, unknown>).Description).toBe('WebServer in ')
    expect(result.warnings.find((w) => w.code === 'MY_DATUM_NODE_ORDER')).toMatchObject({ line: 4 })
  })

  it('evaluates list items before Merge-Datum merges them (each with its own $File)', async () => {
    const value = await rsopOf(["Tags: { Layers: ['[x={ Get-DatumSourceFile -Path $File }=]'] }"])
    expect(value.Tags).toEqual({ Layers: ['AllNodes\\Dev\\web01', 'Environment\\Dev', 'Roles\\WebServer'] })
  })

  it('evaluates a ResolutionPrecedence entry that is an expression (several paths)', async () => {
    const files = store([])
    files['Datum.yml'] = files['Datum.yml']!.replace(
      '  - Roles\\$($Node.Role)',
      '  - \'[x={ "Roles\\$($Node.Role)", "Roles\\Extra" }=]\'',
    )
    files['Roles/Extra.yml'] = lines('Tags:', '  Layers: [extra]')
    const value = (await storeValue(files, { node: 'web01', lookup: 'Tags\\Layers' })) as string[]
    expect(value).toEqual(['Environment\\Dev', 'Roles\\WebServer', 'extra'])
  })

  it.each([
    ["'[x={ $Node.Role.ToUpper() }=]'", /the method call \.ToUpper\(\)/],
    ["'[x={ Get-Date }=]'", /the command 'Get-Date'/],
    ["'[x={ $env:USERNAME }=]'", /the variable \$env:USERNAME/],
    ["'[x={ 1 + 1 }=]'", /the operator '\+'/],
    ["'[x={ $a = 1 }=]'", /an assignment/],
    ["'[x={ $Node | Out-String }=]'", /a pipeline/],
    ['\'[x= "$(Get-Date)" =]\'', /the command 'Get-Date'/],
    ["'[x={ $File.FullName }=]'", /a path on the build machine/],
    ["'[x={ [int]$Node.Role }=]'", /the type '\[int\]'/],
    ["'[x={ $Datum.Global }=]'", /FileProvider/],
  ])('refuses %s: located in strict mode, kept as the string in lenient mode', async (expression, message) => {
    const problem = await storeError(store([`Value: ${expression}`]), { node: 'web01' })
    expect(problem).toMatchObject({ code: 'MY_DATUM_EXPRESSION_UNSUPPORTED', line: 4, column: 8 })
    expect(problem.message).toMatch(message)
    const result = await renderStore(store([`Value: ${expression}`]), { node: 'web01' }, { strict: false })
    expect((result.value as Record<string, unknown>).Value).toBe(expression.slice(1, -1))
    expect(result.warnings.map((w) => w.code)).toContain('MY_DATUM_EXPRESSION_UNSUPPORTED')
  })

  it('fails as Datum does when an expression fails and DatumHandlersThrowOnError is set, else lenient', async () => {
    const node = ["Value: '[x={ $Node.Nothing[0] }=]'"]
    expect((await storeError(store(node), { node: 'web01' })).code).toBe('MY_DATUM_HANDLER_ERROR')
    const lenientStore = store(node, {}, HANDLERS.replace('DatumHandlersThrowOnError: true', ''))
    expect((await storeError(lenientStore, { node: 'web01' })).code).toBe('MY_DATUM_HANDLER_ERROR')
    const value = await storeValue(lenientStore, { node: 'web01' }, { strict: false })
    expect((value as Record<string, unknown>).Value).toBe('[x={ $Node.Nothing[0] }=]')
  })

  it('refuses content that is not a script block or a string', async () => {
    expect((await storeError(store(["Value: '[x= Get-Date =]'"]), { node: 'web01' })).code).toBe(
      'MY_DATUM_HANDLER_ERROR',
    )
  })

  it('asks for SkipDuringLoad: true, and evaluates as if it were set in lenient mode', async () => {
    const handlers = HANDLERS.replace('    SkipDuringLoad: true', '')
    const problem = await storeError(store([], {}, handlers), { node: 'web01' })
    expect(problem).toMatchObject({ code: 'MY_DATUM_HANDLER_LOAD_TIME', line: 14 })
    const value = await storeValue(store([], {}, handlers), { node: 'web01' }, { strict: false })
    expect((value as Record<string, unknown>).NodeName).toBe('web01')
  })
})

describe('Datum.ProtectedData', () => {
  it('decrypts credentials and strings with the password Datum.yml names', async () => {
    const secrets = lines(
      `Join: '${protectDatum({ userName: 'contoso\\install', password: 'Somepass1' }, 'S3cret')}'`,
      `Token: '${protectDatum('a token', 'S3cret')}'`,
    )
    const value = await rsopOf(
      ["Credential: '[x={ $Datum.Global.Secrets.Join }=]'", "Token: '[x={ $Datum.Global.Secrets.Token }=]'"],
      { 'Global/Secrets.yml': secrets },
    )
    expect(value.Credential).toEqual({ UserName: 'contoso\\install', Password: 'Somepass1' })
    expect(value.Token).toBe('a token')
  })

  it.each([
    ['another password', protectDatum('x', 'wrong'), /not encrypted with the password/],
    ['altered data', protectDatum('x', 'S3cret', { tamper: true }), /HMAC does not match/],
    ['a certificate', protectDatum('x', 'S3cret', { certificate: true }), /certificate/],
    ['no protected data', '[ENC=bm90IHhtbA==]', /not protected data/],
  ])('fails on %s, located at the value', async (_, encrypted, message) => {
    const problem = await storeError(store([`Secret: '${encrypted}'`]), { node: 'web01' })
    expect(problem).toMatchObject({ code: 'MY_DATUM_HANDLER_ERROR', line: 4, column: 9 })
    expect(problem.message).toMatch(message)
  })

  it('says the render made secrets when it decrypted a value, not when it only could have (RenderResult.secret)', async () => {
    const decrypted = await renderStore(store([`Secret: '${protectDatum('x', 'S3cret')}'`]), { node: 'web01' })
    expect(decrypted.secret).toBe(true)
    const plain = await renderStore(store(['Secret: none']), { node: 'web01' })
    expect(plain.secret).toBe(false)
  })

  it('needs PlainTextPassword', async () => {
    const handlers = HANDLERS.replace('      PlainTextPassword: S3cret', '      Certificate: ABC')
    const problem = await storeError(store([`Secret: '${protectDatum('x', 'S3cret')}'`], {}, handlers), {
      node: 'web01',
    })
    expect(problem.message).toMatch(/certificate decryption is not supported/)
  })
})

describe('your own handlers (datum.handlers)', () => {
  const declared = (skip: boolean) =>
    lines(
      HANDLERS,
      '  My.Module::Env:',
      ...(skip ? ['    SkipDuringLoad: true'] : []),
      '    CommandOptions: { Prefix: env- }',
    )

  it('runs a handler function where Datum would, with its options, the node and the file', async () => {
    const seen: unknown[] = []
    const handler = (value: string, context: { options: Record<string, unknown>; node: unknown; file?: string }) => {
      if (!value.startsWith('[ENV=')) return undefined
      seen.push(context.file)
      const node = context.node as Record<string, unknown> | undefined
      return `${String(context.options.Prefix)}${value.slice(5, -1)}${node ? `@${String(node.Role)}` : ''}`
    }
    for (const skip of [false, true]) {
      seen.length = 0
      const files = store(["Value: '[ENV=HOME]'"], {}, declared(skip))
      const value = await storeValue(files, { node: 'web01', handlers: { 'My.Module::Env': handler } })
      expect((value as Record<string, unknown>).Value).toBe(skip ? 'env-HOME@WebServer' : 'env-HOME')
      expect(seen[0]).toBe('AllNodes\\Dev\\web01')
    }
  })

  it('a handler function that returned a value made secrets (RenderResult.secret); one that passed did not', async () => {
    const files = store(["Value: '[ENV=HOME]'"], {}, declared(false))
    const ran = await renderStore(files, {
      node: 'web01',
      handlers: { 'My.Module::Env': (v: string) => (v === '[ENV=HOME]' ? 'revealed' : undefined) },
    })
    expect(ran.secret).toBe(true)
    const passed = await renderStore(files, { node: 'web01', handlers: { 'My.Module::Env': () => undefined } })
    expect(passed.secret).toBe(false)
  })

  it('replaces a built-in handler', async () => {
    const value = await storeValue(store(["Value: '[x={ Get-Date }=]'"]), {
      node: 'web01',
      handlers: { 'Datum.InvokeCommand::InvokeCommand': (v) => (v.includes('Get-Date') ? '2024-01-01' : undefined) },
    })
    expect((value as Record<string, unknown>).Value).toBe('2024-01-01')
  })

  it('reports a declared handler it does not know, and a given one Datum.yml does not declare', async () => {
    const unknown = await storeError(store([], {}, declared(false)), { node: 'web01' })
    expect(unknown).toMatchObject({ code: 'MY_DATUM_HANDLER_UNKNOWN', line: 17 })
    const undeclared = await storeError(store([]), { node: 'web01', handlers: { 'My.Module::Envv': () => 1 } })
    expect(undeclared.code).toBe('MY_DATUM_HANDLER_UNDECLARED')
  })
})
