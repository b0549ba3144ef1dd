// The inspector's stylesheet: one string, inlined into the page (no external asset), light and dark.
export const INSPECTOR_STYLE = `
:root { color-scheme: light dark; --bg: #fbfbfd; --panel: #fff; --text: #1f2330; --dim: #6b7080; --line: #e3e5ec;
  --accent: #4f46e5; --ok: #15803d; --warn: #b45309; --err: #b91c1c; --diff: #fef3c7; --kept: #fdecec;
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
@media (prefers-color-scheme: dark) { :root { --bg: #15161c; --panel: #1c1e26; --text: #e6e7ee; --dim: #9498a8;
  --line: #2c2f3a; --accent: #a5b4fc; --ok: #4ade80; --warn: #fbbf24; --err: #f87171; --diff: #433a16;
  --kept: #3b2023; } }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, Segoe UI, sans-serif; background: var(--bg);
  color: var(--text); }
header { display: flex; gap: 12px; align-items: baseline; padding: 10px 18px; border-bottom: 1px solid var(--line);
  background: var(--panel); }
header h1 { font-size: 15px; margin: 0; }
header .live { color: var(--dim); font-size: 12px; }
.layout { display: grid; grid-template-columns: minmax(220px, 300px) 1fr; min-height: calc(100vh - 45px); }
nav { border-right: 1px solid var(--line); padding: 10px 0; overflow: auto; background: var(--panel); }
nav h2, main h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .06em; color: var(--dim);
  margin: 10px 0 6px; }
nav h2 { padding: 0 14px; }
nav button { display: block; width: 100%; text-align: left; border: 0; background: none; color: inherit;
  font: inherit; padding: 6px 14px; cursor: pointer; border-left: 3px solid transparent; }
nav button:hover { background: var(--bg); }
nav button[aria-current="true"] { border-left-color: var(--accent); background: var(--bg); }
nav .name { font-family: var(--mono); font-size: 12.5px; word-break: break-all; }
nav .meta { display: block; color: var(--dim); font-size: 11.5px; }
main { padding: 14px 22px 40px; overflow: auto; }
section { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 6px 14px 12px;
  margin-bottom: 14px; }
.title { display: flex; flex-wrap: wrap; gap: 10px; align-items: baseline; margin-bottom: 12px; }
.title h1 { font: 600 17px var(--mono); margin: 0; }
.pill { font-size: 11.5px; padding: 1px 8px; border-radius: 99px; border: 1px solid var(--line); color: var(--dim); }
.status-ok { color: var(--ok); } .status-warnings { color: var(--warn); } .status-errors { color: var(--err); }
ul.tree { list-style: none; margin: 0; padding-left: 16px; font-family: var(--mono); font-size: 12.5px; }
ul.tree.top { padding-left: 0; }
ul.tree li { margin: 1px 0; }
details > summary { cursor: pointer; list-style: none; }
details > summary::before { content: '▸'; display: inline-block; width: 1em; color: var(--dim); }
details[open] > summary::before { content: '▾'; }
.leaf::before { content: ''; display: inline-block; width: 1em; }
.key { color: var(--accent); }
.val { margin-left: 4px; }
.src { margin-left: 10px; color: var(--dim); font-size: 11.5px; }
a.loc, span.loc { color: var(--dim); text-decoration: none; border-bottom: 1px dotted var(--dim); }
a.loc:hover { color: var(--accent); border-color: var(--accent); }
.how { margin-left: 6px; padding: 0 5px; border-radius: 4px; background: var(--bg); border: 1px solid var(--line); }
.note { margin-left: 6px; font-style: italic; }
.differs > summary, .differs.leafrow { background: var(--diff); border-radius: 3px; }
table { border-collapse: collapse; width: 100%; font-size: 12.5px; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--dim); font-weight: 500; }
td.mono { font-family: var(--mono); }
tr.kept td { background: var(--kept); }
.diag { border-left: 3px solid var(--err); padding: 4px 10px; margin: 8px 0; }
.diag.warning { border-left-color: var(--warn); }
.diag code { font-weight: 600; }
pre { font: 12px var(--mono); background: var(--bg); border: 1px solid var(--line); padding: 8px; border-radius: 6px;
  overflow: auto; }
.compare { display: grid; grid-template-columns: 1fr 1fr; gap: 14px; }
.compare h3 { font-size: 13px; margin: 6px 0; }
.compare .src { white-space: nowrap; }
.compare > div { min-width: 0; overflow-x: auto; }
.empty { color: var(--dim); font-style: italic; }
select { font: inherit; }
.layer-part { color: var(--dim); margin-left: 8px; font-size: 11.5px; }
.missing { color: var(--dim); text-decoration: line-through; }
`
