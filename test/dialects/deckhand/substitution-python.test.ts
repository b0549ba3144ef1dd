// Substitution's Python: `src.pattern` + `match_group` (re.search), `dest.pattern` (re.sub with a
// template, of `str(value)`), `dest.recurse` and its depth. Every expectation here was checked against
// Deckhand's own engine (../shared/realworld/oracle/dh_ref.py).
import { describe, expect, it } from 'vitest'
import { dataByName, doc, lineOf, POLICY, renderDeckhand, renderError, src, stream, withSubs } from './helpers.ts'

const secrets = doc({
  name: 'secrets',
  layer: 'global',
  data: {
    password: 'hunter2',
    db: { user: 'admin', port: 5432 },
    url: 'postgres://db:5432/app',
    flag: true,
    ratio: 1.5,
    tab: 'a\\tb',
    group: 'x\\1y',
  },
})

function app(data: unknown, substitutions: Parameters<typeof withSubs>[1]) {
  return withSubs({ name: 'app', layer: 'site', data }, substitutions)
}

const render = (...docs: string[]) => dataByName(renderDeckhand(stream(secrets, ...docs)).value).app

describe('src.pattern and match_group', () => {
  it('substitutes the group of the first match', () => {
    const sub = {
      src: src('secrets', '.url', { pattern: '^(\\w+)://([^:]+):(\\d+)', match_group: 2 }),
      dest: { path: '.host' },
    }
    expect(render(app({}, [sub]))).toEqual({ host: 'db' })
  })

  it('substitutes the whole match without match_group', () => {
    const sub = { src: src('secrets', '.url', { pattern: '\\d+' }), dest: { path: '.port' } }
    expect(render(app({}, [sub]))).toEqual({ port: '5432' })
  })

  it('substitutes the whole value when nothing matches, as Deckhand does, with a warning (strict: an error)', () => {
    const input = stream(
      secrets,
      app({}, [{ src: src('secrets', '.url', { pattern: 'mysql://(.*)' }), dest: { path: '.c' } }]),
    )
    const { value, warnings } = renderDeckhand(input)
    expect(dataByName(value).app).toEqual({ c: 'postgres://db:5432/app' })
    expect(warnings.map((w) => w.code)).toContain('MY_DECKHAND_SOURCE_PATTERN_UNMATCHED')
    expect(renderError(input, { strict: true })).toMatchObject({
      code: 'MY_DECKHAND_SOURCE_PATTERN_UNMATCHED',
      line: lineOf(2),
    })
  })

  it('substitutes None for a group that takes no part in the match', () => {
    const sub = { src: src('secrets', '.url', { pattern: 'postgres://(x)?db', match_group: 1 }), dest: { path: '.d' } }
    expect(render(app({}, [sub]))).toEqual({ d: null })
  })

  it('fails as Deckhand does for a group the pattern does not have (UnknownSubstitutionError)', () => {
    const sub = { src: src('secrets', '.url', { pattern: '(db)', match_group: 2 }), dest: { path: '.d' } }
    expect(renderError(stream(secrets, app({}, [sub])))).toMatchObject({
      code: 'MY_DECKHAND_SUBSTITUTION_FAILED',
      line: lineOf(2),
    })
  })
})

describe('dest.pattern', () => {
  it('writes str() of a value that is not a string: True, 5432, 1.5, a dict as its Python repr', () => {
    const subs = [
      { src: src('secrets', '.db.port'), dest: { path: '.s', pattern: 'PORT' } },
      { src: src('secrets', '.flag'), dest: { path: '.t', pattern: 'FLAG' } },
      { src: src('secrets', '.ratio'), dest: { path: '.u', pattern: 'R' } },
      { src: src('secrets', '.db'), dest: { path: '.v', pattern: 'DB' } },
    ]
    expect(render(app({ s: 'port=PORT', t: 'on=FLAG', u: 'r=R', v: 'db=DB' }, subs))).toEqual({
      s: 'port=5432',
      t: 'on=True',
      u: 'r=1.5',
      v: "db={'user': 'admin', 'port': 5432}",
    })
  })

  describe('str() of a number, which JavaScript does not tell from a float', () => {
    // ports-global's data is written here as YAML text, so that 80 and 80.0 stay as written.
    const set = (written: string, elsewhere: string) =>
      [
        `---\n${POLICY}`,
        `--- {schema: example/Kind/v1, metadata: {schema: metadata/Document/v1, name: ports-global, labels: {p: g}, ` +
          `layeringDefinition: {layer: global, abstract: true}}, data: {api: ${written}}}\n`,
        `--- {schema: example/Kind/v1, metadata: {schema: metadata/Document/v1, name: other, ` +
          `layeringDefinition: {layer: global}}, data: {port: ${elsewhere}}}\n`,
        `--- ${doc({ name: 'ports', layer: 'site', selector: { p: 'g' }, actions: [['merge', '.']], data: {} })}\n`,
        `--- ${app({ s: 'p=P' }, [{ src: src('ports', '.api'), dest: { path: '.s', pattern: 'P' } }])}\n`,
      ].join('')

    it('prints it as the document set writes it (80, or 80.0 for a float)', () => {
      expect(dataByName(renderDeckhand(set('80', '1')).value).app).toEqual({ s: 'p=80' })
      expect(dataByName(renderDeckhand(set('80.0', '1')).value).app).toEqual({ s: 'p=80.0' })
    })

    it('refuses it where the set writes the number both ways, at the substitution', () => {
      expect(renderError(set('80', '80.0'))).toMatchObject({
        code: 'MY_DECKHAND_SUBSTITUTION_UNSUPPORTED',
        line: lineOf(4),
      })
    })
  })

  it('expands the value as a Python template: \\t is a tab, \\1 the pattern’s group', () => {
    const subs = [
      { src: src('secrets', '.tab'), dest: { path: '.a', pattern: 'X' } },
      { src: src('secrets', '.group'), dest: { path: '.b', pattern: '(X)' } },
    ]
    expect(render(app({ a: '1-X-2', b: '1-X-2' }, subs))).toEqual({ a: '1-a\tb-2', b: '1-xXy-2' })
  })

  it('fails as Deckhand does on a pattern Python rejects (UnknownSubstitutionError)', () => {
    const sub = { src: src('secrets', '.password'), dest: { path: '.s', pattern: '(a' } }
    expect(renderError(stream(secrets, app({ s: 'a' }, [sub])))).toMatchObject({
      code: 'MY_DECKHAND_SUBSTITUTION_FAILED',
      line: lineOf(2),
    })
  })

  it('leaves the destination as it is with failOnMissingSubstitutionSource: false, with a warning', () => {
    const sub = { src: src('secrets', '.password'), dest: { path: '.s', pattern: '(a' } }
    const { value, warnings } = renderDeckhand(stream(secrets, app({ s: 'a' }, [sub])), {
      deckhand: { failOnMissingSubstitutionSource: false },
    })
    expect(dataByName(value).app).toEqual({ s: 'a' })
    expect(warnings.map((w) => w.code)).toContain('MY_DECKHAND_SUBSTITUTION_SKIPPED')
  })

  it('refuses, at the substitution, a pattern JavaScript cannot read as Python does', () => {
    const sub = { src: src('secrets', '.password'), dest: { path: '.s', pattern: '(?i)x' } }
    const d = renderError(stream(secrets, app({ s: 'X' }, [sub])))
    expect(d).toMatchObject({ code: 'MY_DECKHAND_SUBSTITUTION_UNSUPPORTED', line: lineOf(2) })
    expect(d.message).toContain('inline flags')
  })

  it('reads Python’s named groups and \\Z', () => {
    const sub = { src: src('secrets', '.password'), dest: { path: '.s', pattern: '(?P<word>X+)\\Z' } }
    expect(render(app({ s: 'aXX' }, [sub]))).toEqual({ s: 'ahunter2' })
  })
})

describe('dest.recurse', () => {
  it('replaces in every string below the path down to depth, strings that contain the pattern’s text', () => {
    const subs = [{ src: src('secrets', '.password'), dest: { path: '.a', pattern: 'PW', recurse: { depth: 2 } } }]
    const data = { a: { x: 'PW-1', y: ['PW-2', { z: 'PW-3' }], w: { q: 'PW-4', r: { s: 'PW-5' } } } }
    expect(render(app(data, subs))).toEqual({
      a: { x: 'hunter2-1', y: ['hunter2-2', { z: 'PW-3' }], w: { q: 'hunter2-4', r: { s: 'PW-5' } } },
    })
  })

  it('tests for the pattern’s text literally before it applies the regular expression', () => {
    const subs = [{ src: src('secrets', '.password'), dest: { path: '.e', pattern: 'P.W', recurse: { depth: -1 } } }]
    expect(render(app({ e: { f: 'PxW', g: 'P.W!' } }, subs))).toEqual({ e: { f: 'PxW', g: 'hunter2!' } })
  })
})
