// The inspector page's script, shipped as a string and inlined: plain DOM, no framework, no build
// step in the user's app. It renders the reports report.ts builds — embedded in a static report, or
// fetched from the dev server (api/entries, api/entry) — and, live, re-fetches when the server says
// over Vite's HMR channel (`merged-yaml:update`, relayed by a hidden frame: page.ts) that a shown entry's
// files changed. Data reaches the
// DOM only as text (textContent, attributes), never as HTML.
export const INSPECTOR_CLIENT = String.raw`(function () {
  'use strict'
  var config = JSON.parse(document.getElementById('merged-yaml-config').textContent)
  var app = document.getElementById('app')
  var state = { entries: [], modes: [], selected: null, compare: '', report: null, error: null, updates: 0 }
  window.mergedYamlInspector = state

  function h(tag, attrs) {
    var el = document.createElement(tag)
    for (var name in attrs || {}) {
      var value = attrs[name]
      if (value === undefined || value === null || value === false) continue
      if (name === 'text') el.textContent = String(value)
      else if (name.slice(0, 2) === 'on') el.addEventListener(name.slice(2), value)
      else el.setAttribute(name, String(value))
    }
    for (var i = 2; i < arguments.length; i++) append(el, arguments[i])
    return el
  }
  function append(el, child) {
    if (child === undefined || child === null || child === false) return
    if (Array.isArray(child)) child.forEach(function (c) { append(el, c) })
    else el.appendChild(typeof child === 'string' ? document.createTextNode(child) : child)
  }

  function openInEditor(loc) {
    var file = /^(?:[A-Za-z]:)?\//.test(loc.file) ? loc.file : config.root + '/' + loc.file
    fetch('/__open-in-editor?file=' + encodeURIComponent(file + ':' + loc.line + ':' + loc.column))
  }
  function location(loc, label) {
    if (!loc) return null
    var text = label || loc.file + ':' + loc.line
    if (!config.live) return h('span', { class: 'loc', 'data-testid': 'loc', text: text })
    return h('a', { class: 'loc', href: '#', 'data-testid': 'loc', title: 'Open in your editor',
      onclick: function (event) { event.preventDefault(); openInEditor(loc) } , text: text })
  }

  function valueRow(node, compact) {
    var how = node.action && !compact ? node.action + (node.merger ? ' · ' + node.merger : '') : null
    return [
      node.key ? h('span', { class: 'key', text: node.key + ':' }) : h('span', { class: 'key', text: '(root)' }),
      node.value !== undefined ? h('span', { class: 'val', 'data-testid': 'value', text: node.value }) : null,
      node.source ? h('span', { class: 'src', title: node.history ? node.history.join('\n') : null },
        location(node.source), how ? h('span', { class: 'how', text: (node.inherited ? 'in ' : '') + how }) : null,
        node.note ? h('span', { class: 'note', text: node.note }) : null) : null,
    ]
  }
  function valueTree(node, depth, marks) {
    var differs = marks && node.differs
    var attrs = { 'data-path': node.path, class: differs ? 'differs' : null }
    if (!node.children) {
      attrs.class = 'leaf' + (differs ? ' differs leafrow' : '')
      return h('li', attrs, valueRow(node, marks))
    }
    var list = h('ul', { class: 'tree' }, node.children.map(function (c) { return valueTree(c, depth + 1, marks) }),
      node.omitted ? h('li', { class: 'empty', text: '… ' + node.omitted + ' more' }) : null)
    return h('li', attrs, h('details', { open: depth < 3 ? '' : null, class: differs ? 'differs' : null },
      h('summary', null, valueRow(node, marks), h('span', { class: 'src', text: node.type === 'list'
        ? '[' + node.children.length + ']' : '{' + node.children.length + '}' })), list))
  }
  function valueSection(values, testid, marks) {
    if (!values) return h('p', { class: 'empty', text: 'No value: the entry did not render.' })
    return h('ul', { class: 'tree top', 'data-testid': testid }, valueTree(values, 0, marks))
  }

  function layerTree(node) {
    var label = [
      node.via ? h('span', { class: 'src', text: 'line ' + node.via + ' → ' }) : null,
      h('span', { class: 'key', text: node.file }),
      node.glob ? h('span', { class: 'how', text: 'glob ' + node.glob }) : null,
      node.parts.map(function (part) {
        return h('span', { class: 'layer-part' }, location({ file: node.file, line: part.line, column: 1 },
          'line ' + part.line),
          ' ', h('span', { class: 'how', text: part.merger }),
          part.status === 'merged' || part.status === 'layer' ? null : h('span', { class: 'pill', text: part.status }))
      }),
    ]
    return h('li', { 'data-file': node.file }, label,
      node.children.length ? h('ul', { class: 'tree' }, node.children.map(layerTree)) : null)
  }

  function diagnostics(list) {
    if (!list.length) return h('p', { class: 'empty', text: 'No diagnostics.' })
    return list.map(function (d) {
      return h('div', { class: 'diag ' + d.severity, 'data-testid': 'diagnostic' },
        h('div', null, location(d, d.file + ':' + d.line + ':' + d.column), ' ', h('code', { text: d.code }), ' ',
          d.message),
        d.suggestion ? h('div', { text: 'did you mean \'' + d.suggestion + '\'?' }) : null,
        d.chain.length ? h('div', { class: 'src', text: 'included from ' + d.chain.join(' ← ') }) : null,
        d.frame ? h('pre', { text: d.frame }) : null)
    })
  }

  function keptOut(list, rendered) {
    if (!rendered) return h('p', { class: 'empty', text: 'No value: the entry did not render.' })
    if (!list.length) return h('p', { class: 'empty', text: 'Every value a layer set is in the result.' })
    return h('table', null, h('tr', null, h('th', { text: 'path' }), h('th', { text: 'layer' }),
      h('th', { text: 'tried' }), h('th', { text: 'result' }), h('th', { text: 'merge' })),
      list.map(function (k) {
        return h('tr', { class: 'kept', 'data-path': k.path },
          h('td', { class: 'mono', text: k.path }), h('td', null, location(k.source)),
          h('td', { class: 'mono', text: k.action === 'deleted' ? '(removed)' : k.value }),
          h('td', { class: 'mono', text: k.result === undefined ? '—' : k.result }),
          h('td', null, h('span', { class: 'how', text: k.action + ' · ' + k.merger }),
            k.note ? h('span', { class: 'note', text: k.note }) : null))
      }))
  }

  function compareSection(report) {
    var picker = null
    if (config.live && state.modes.length) {
      picker = h('select', { 'data-testid': 'compare-mode', onchange: function (event) {
        state.compare = event.target.value
        load(state.selected)
      } }, h('option', { value: '', text: 'nothing' }), state.modes.map(function (mode) {
        return h('option', { value: mode, selected: mode === state.compare ? '' : null, text: mode })
      }))
    }
    var c = report.compare
    var body = !c ? h('p', { class: 'empty', text: config.live ? 'Pick a mode to see this entry in it beside this one.'
      : 'Write the report with --compare <mode> to see this entry in another mode beside this one.' })
      : h('div', null, h('p', { 'data-testid': 'differences',
          text: c.differences + (c.differences === 1 ? ' difference' : ' differences') }),
        h('div', { class: 'compare' },
          h('div', null, h('h3', { text: report.mode || 'this mode' }),
            valueSection(report.values, 'compare-left', true)),
          h('div', null, h('h3', null, c.mode + ' ', h('span', { class: 'pill status-' + c.status, text: c.status })),
            valueSection(c.values, 'compare-right', true), c.diagnostics.length ? diagnostics(c.diagnostics) : null)))
    return h('section', { 'data-testid': 'compare' }, h('h2', null, 'Compare with ', picker), body)
  }

  function reportView(report) {
    return [
      h('div', { class: 'title' }, h('h1', { 'data-testid': 'entry-title', text: report.entry }),
        report.dialect ? h('span', { class: 'pill', text: report.dialect }) : null,
        report.mode ? h('span', { class: 'pill', text: 'mode ' + report.mode }) : null,
        h('span', { class: 'pill status-' + report.status, 'data-testid': 'status', text: report.status }),
        report.renderMs !== undefined ? h('span', { class: 'pill', text: report.renderMs + ' ms' }) : null),
      h('section', { 'data-testid': 'layers' }, h('h2', { text: 'Layers, in merge order' }),
        h('ul', { class: 'tree top' }, layerTree(report.layers)),
        report.missing.length ? h('ul', { class: 'tree top' }, report.missing.map(function (m) {
          return h('li', { 'data-missing': m }, h('span', { class: 'missing', text: m }),
            h('span', { class: 'src', text: 'looked for, not found' }))
        })) : null),
      h('section', { 'data-testid': 'diagnostics' }, h('h2', { text: 'Diagnostics' }), diagnostics(report.diagnostics)),
      h('section', null, h('h2', { text: 'Merged value' }), report.detail !== 'full' && report.values
        ? h('p', { class: 'empty', text: 'This dialect records which layer set each top-level key; values below ' +
          'show their key\'s layer.' }) : null, valueSection(report.values, 'value-tree')),
      h('section', { 'data-testid': 'kept-out' }, h('h2', { text: 'Kept out by the merge' }),
        keptOut(report.keptOut, report.values !== undefined)),
      compareSection(report),
    ]
  }

  function entryList() {
    return h('nav', { 'data-testid': 'entry-list' }, h('h2', { text: 'Entries' }),
      state.entries.length ? null : h('p', { class: 'empty', text: 'No entries.' }),
      state.entries.map(function (e) {
        var meta = e.status ? [e.dialect, e.mode, e.status, e.renderMs !== undefined ? e.renderMs + ' ms' : null]
          .filter(Boolean).join(' · ') : e.loaded ? 'loaded' : 'not loaded yet: click to render'
        return h('button', { 'data-testid': 'entry', 'data-entry': e.id, 'aria-current': e.id === state.selected,
          onclick: function () { select(e.id) } },
          h('span', { class: 'name', text: e.id }),
          h('span', { class: 'meta' + (e.status ? ' status-' + e.status : ''), text: meta }))
      }))
  }

  function draw() {
    var main = h('main', null, state.error ? h('p', { class: 'diag', 'data-testid': 'error', text: state.error })
      : state.report ? reportView(state.report) : h('p', { class: 'empty', text: 'Pick an entry.' }))
    app.replaceChildren(
      h('header', null, h('h1', { text: 'merged-yaml inspector' }),
        h('span', { class: 'live', text: config.live ? 'live: updates when a layer changes'
          : 'static report' + (config.generated ? ', ' + config.generated : '') })),
      h('div', { class: 'layout' }, entryList(), main))
  }

  function getJson(path) {
    return fetch(config.api + path, { headers: { accept: 'application/json' }, credentials: 'same-origin' })
      .then(function (response) {
        return response.json().then(function (body) {
          if (!response.ok) throw new Error(body && body.error ? body.error : response.statusText)
          return body
        })
      })
  }
  function loadEntries() {
    return getJson('entries').then(function (list) {
      state.entries = list.entries
      state.modes = list.modes
      if (state.compare === '' && list.compare) state.compare = list.compare
    })
  }
  function load(id) {
    if (!id) return Promise.resolve(draw())
    return getJson('entry?id=' + encodeURIComponent(id) + '&compare=' + encodeURIComponent(state.compare))
      .then(function (report) { state.report = report; state.error = null },
        function (error) { state.report = null; state.error = String(error.message || error) })
      .then(function () { return config.live ? loadEntries() : null }).then(draw)
  }
  function select(id) {
    state.selected = id
    if (config.live) {
      history.replaceState(null, '', '#' + encodeURIComponent(id))
      return load(id)
    }
    state.report = config.data.reports[id] || null
    draw()
  }

  if (!config.live) {
    state.entries = config.data.entries
    select(state.entries.length ? state.entries[0].id : null)
    return
  }
  var wanted = decodeURIComponent(window.location.hash.slice(1))
  loadEntries().then(function () {
    var first = state.entries.find(function (e) { return e.loaded }) || state.entries[0]
    return select(wanted || (first ? first.id : null))
  }).catch(function (error) { state.error = String(error.message || error); draw() })
  window.addEventListener('message', function (event) {
    if (event.origin !== window.location.origin || !event.data || !event.data.mergedYaml) return
    var message = event.data.mergedYaml
    state.updates++
    var ids = message.update && message.update.ids ? message.update.ids : []
    if (state.selected && (message.ready || ids.indexOf(state.selected) !== -1)) load(state.selected)
    else loadEntries().then(draw)
  })
  document.body.appendChild(h('iframe', { src: config.channel, hidden: '', title: 'live updates',
    'aria-hidden': 'true' }))
})()
`
