// metadata.substitutions: values read from rendered concrete documents and written into others.
import { describe, expect, it } from 'vitest'
import { dataByName, doc, lineOf, renderDeckhand, renderError, src, stream, withSubs } from './helpers.ts'

const secrets = doc({
  name: 'secrets',
  layer: 'global',
  data: { password: 'hunter2', db: { user: 'admin', port: 5432 }, url: 'postgres://db:5432/app' },
})

describe('substitution', () => {
  it('writes the source value at the destination path, creating missing keys', () => {
    const dest = withSubs({ name: 'app', layer: 'site', data: { keep: 1 } }, [
      { src: src('secrets', '.password'), dest: { path: '.auth.password' } },
    ])
    expect(dataByName(renderDeckhand(stream(secrets, dest)).value).app).toEqual({
      keep: 1,
      auth: { password: 'hunter2' },
    })
  })

  it('replaces the regex match of dest.pattern inside the destination string', () => {
    const dest = withSubs(
      { name: 'app', layer: 'site', data: { url: 'http://admin:INSERT_PASSWORD_HERE@svc:8080/v1' } },
      [{ src: src('secrets', '.password'), dest: { path: '.url', pattern: 'INSERT_[A-Z]+_HERE' } }],
    )
    expect(dataByName(renderDeckhand(stream(secrets, dest)).value).app).toEqual({
      url: 'http://admin:hunter2@svc:8080/v1',
    })
  })

  it('keeps $ and $& in the source value literal, as Python’s re.sub does', () => {
    const money = doc({ name: 'money', layer: 'global', data: { v: '$&$1' } })
    const dest = withSubs({ name: 'app', layer: 'site', data: { s: 'a-X-b' } }, [
      { src: src('money', '.v'), dest: { path: '.s', pattern: 'X' } },
    ])
    expect(dataByName(renderDeckhand(stream(money, dest)).value).app).toEqual({ s: 'a-$&$1-b' })
  })

  it('fails when the pattern’s path has no value (MissingDocumentPattern, raised as UnknownSubstitutionError)', () => {
    const dest = withSubs({ name: 'app', layer: 'site', data: {} }, [
      { src: src('secrets', '.password'), dest: { path: '.url', pattern: 'X' } },
    ])
    expect(renderError(stream(secrets, dest))).toMatchObject({
      code: 'MY_DECKHAND_MISSING_DOCUMENT_PATTERN',
      line: lineOf(2),
    })
  })

  it('writes one source value to every destination of a list, each a copy', () => {
    const dest = withSubs({ name: 'app', layer: 'site', data: { a: 'u=X' } }, [
      {
        src: src('secrets', '.db'),
        dest: [{ path: '.one' }, { path: '.two.three' }],
      },
      { src: src('secrets', '.password'), dest: [{ path: '.a', pattern: 'X' }, { path: '.one.password' }] },
    ])
    const data = dataByName(renderDeckhand(stream(secrets, dest)).value)
    expect(data.app).toEqual({
      a: 'u=hunter2',
      one: { user: 'admin', port: 5432, password: 'hunter2' },
      two: { three: { user: 'admin', port: 5432 } },
    })
    // The source keeps its own data.
    expect(data.secrets).toEqual({
      password: 'hunter2',
      db: { user: 'admin', port: 5432 },
      url: 'postgres://db:5432/app',
    })
  })

  it('merges a mapping substituted at the root into the destination’s data', () => {
    const dest = withSubs({ name: 'app', layer: 'site', data: { keep: 1, user: 'x' } }, [
      { src: src('secrets', '.db'), dest: { path: '.' } },
    ])
    expect(dataByName(renderDeckhand(stream(secrets, dest)).value).app).toEqual({ keep: 1, user: 'admin', port: 5432 })
  })

  it('reads a source whose data is a string whatever the src.path', () => {
    const pass = JSON.stringify({
      schema: 'deckhand/Passphrase/v1',
      metadata: {
        schema: 'metadata/Document/v1',
        name: 'pw',
        layeringDefinition: { layer: 'global' },
        storagePolicy: 'encrypted',
      },
      data: 'pa55',
    })
    const dest = withSubs({ name: 'app', layer: 'site', data: {} }, [
      { src: { schema: 'deckhand/Passphrase/v1', name: 'pw', path: '.' }, dest: { path: '.pw' } },
    ])
    expect(dataByName(renderDeckhand(stream(pass, dest)).value).app).toEqual({ pw: 'pa55' })
  })

  it('reads the source after its own layering and substitutes before children layer onto the document', () => {
    const input = stream(
      doc({ name: 'base', layer: 'global', labels: { l: 'base' }, data: { password: 'old', x: 1 } }),
      doc({
        name: 'secrets',
        layer: 'site',
        selector: { l: 'base' },
        actions: [['merge', '.']],
        data: { password: 'new' },
      }),
      withSubs({ name: 'parent', layer: 'global', labels: { l: 'p' }, abstract: true, data: {} }, [
        { src: src('secrets', '.password'), dest: { path: '.pw' } },
      ]),
      doc({ name: 'child', layer: 'site', selector: { l: 'p' }, actions: [['merge', '.']], data: { c: 1 } }),
    )
    expect(dataByName(renderDeckhand(input).value).child).toEqual({ pw: 'new', c: 1 })
  })

  it('reads a replaced document through its replacement', () => {
    const input = stream(
      doc({ name: 'secrets', layer: 'global', labels: { l: 'g' }, data: { password: 'global' } }),
      doc({
        name: 'secrets',
        layer: 'site',
        selector: { l: 'g' },
        actions: [['merge', '.']],
        replacement: true,
        data: { password: 'site' },
      }),
      withSubs({ name: 'app', layer: 'site', data: {} }, [{ src: src('secrets', '.password'), dest: { path: '.pw' } }]),
    )
    expect(dataByName(renderDeckhand(input).value).app).toEqual({ pw: 'site' })
  })

  describe('a missing source document', () => {
    const dest = withSubs({ name: 'app', layer: 'site', data: { a: 1 } }, [
      { src: src('nowhere', '.x'), dest: { path: '.x' } },
    ])

    it('raises SubstitutionSourceNotFound by default', () => {
      expect(renderError(stream(secrets, dest))).toMatchObject({
        code: 'MY_DECKHAND_SUBSTITUTION_SOURCE_NOT_FOUND',
        line: lineOf(2),
      })
    })

    it('is skipped with a warning when failOnMissingSubstitutionSource is false (an error in strict mode)', () => {
      const { value, warnings } = renderDeckhand(stream(secrets, dest), {
        deckhand: { failOnMissingSubstitutionSource: false },
      })
      expect(dataByName(value).app).toEqual({ a: 1 })
      expect(warnings.map((w) => w.code)).toContain('MY_DECKHAND_SUBSTITUTION_SKIPPED')
      expect(
        renderError(stream(secrets, dest), { strict: true, deckhand: { failOnMissingSubstitutionSource: false } }).code,
      ).toBe('MY_DECKHAND_SUBSTITUTION_SKIPPED')
    })
  })

  describe('a source path with no value', () => {
    const dest = withSubs({ name: 'app', layer: 'site', data: {} }, [
      { src: src('secrets', '.nothing'), dest: { path: '.x' } },
    ])

    it('raises SubstitutionSourceDataNotFound by default', () => {
      expect(renderError(stream(secrets, dest))).toMatchObject({
        code: 'MY_DECKHAND_SUBSTITUTION_SOURCE_DATA_NOT_FOUND',
        line: lineOf(2),
      })
    })

    it('writes null, as Deckhand does, when failOnMissingSubstitutionSource is false', () => {
      const { value } = renderDeckhand(stream(secrets, dest), { deckhand: { failOnMissingSubstitutionSource: false } })
      expect(dataByName(value).app).toEqual({ x: null })
    })
  })

  it('raises SubstitutionDependencyCycle for documents that substitute from each other', () => {
    const input = stream(
      withSubs({ name: 'a', layer: 'site', data: { v: 1 } }, [{ src: src('b', '.v'), dest: { path: '.w' } }]),
      withSubs({ name: 'b', layer: 'site', data: { v: 2 } }, [{ src: src('a', '.v'), dest: { path: '.w' } }]),
    )
    expect(renderError(input).code).toBe('MY_DECKHAND_DEPENDENCY_CYCLE')
  })

  it('raises SubstitutionDependencyCycle for a cycle through a parent and a substitution', () => {
    const input = stream(
      withSubs({ name: 'parent', layer: 'global', labels: { l: 'p' }, data: {} }, [
        { src: src('child', '.v'), dest: { path: '.v' } },
      ]),
      doc({ name: 'child', layer: 'site', selector: { l: 'p' }, actions: [['merge', '.']], data: { v: 1 } }),
    )
    expect(renderError(input).code).toBe('MY_DECKHAND_DEPENDENCY_CYCLE')
  })

  it('reports a destination it cannot create at the dest path (UnknownSubstitutionError)', () => {
    const dest = withSubs({ name: 'app', layer: 'site', data: { a: 'scalar' } }, [
      { src: src('secrets', '.password'), dest: { path: '.a.b' } },
    ])
    expect(renderError(stream(secrets, dest))).toMatchObject({
      code: 'MY_DECKHAND_SUBSTITUTION_FAILED',
      line: lineOf(2),
    })
  })

  it('refuses a path that does not start with . at its location', () => {
    const dest = withSubs({ name: 'app', layer: 'site', data: {} }, [
      { src: src('secrets', 'password'), dest: { path: '.x' } },
    ])
    expect(renderError(stream(secrets, dest))).toMatchObject({ code: 'MY_DECKHAND_INVALID_PATH', line: lineOf(2) })
  })

  it('refuses a non-boolean failOnMissingSubstitutionSource option', () => {
    expect(
      renderError(stream(secrets), { deckhand: { failOnMissingSubstitutionSource: 'no' as unknown as boolean } }).code,
    ).toBe('MY_DECKHAND_INVALID_OPTION')
  })
})
