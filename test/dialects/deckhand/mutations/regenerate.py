# Regenerates expected.json: what Deckhand's own engine (../shared/realworld/oracle/dh_ref.py) renders
# for base.yaml and for each mutation of mutations.json, with fail_on_missing_sub_src on and off.
#   python3 test/dialects/deckhand/mutations/regenerate.py [ORACLE]   (ORACLE: path to dh_ref.py)
# A mutation replaces the first `old` after the marker `# <document>/<n>` by `new` (mutations.test.ts
# applies it the same way). expected.json keeps the base render whole, and for each mutation only
# the `data` of the documents that differ from it (null: not rendered), or Deckhand's error.
import json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLE = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, '../../../../../shared/realworld/oracle/dh_ref.py')


def mutate(text, mutation):
    marker = '# %s\n' % mutation['at']
    if text.count(marker) != 1:
        sys.exit('marker %r not found once' % marker)
    start = text.index(marker)
    old, new = mutation['replace']
    at = text.find(old, start)
    if at < 0:
        sys.exit('%s: %r not found after its marker' % (mutation['name'], old))
    return text[:at] + new + text[at + len(old):]


def render(text, fail):
    with tempfile.NamedTemporaryFile('w', suffix='.yaml', delete=False) as fh:
        fh.write(text)
    try:
        env = dict(os.environ, FAIL_MISSING='1' if fail else '0')
        out = subprocess.run([sys.executable, ORACLE, fh.name], capture_output=True, text=True, env=env).stdout
    finally:
        os.unlink(fh.name)
    result = json.loads(out)
    if isinstance(result, dict):
        return {'error': result['ERROR']}
    return {json.dumps([d['schema'], d['metadata']['name']], separators=(',', ':')): d for d in result}


base_text = open(os.path.join(HERE, 'base.yaml')).read()
expected = {'base': {}, 'mutations': {}}
for fail in (True, False):
    mode = 'fail' if fail else 'skip'
    base = render(base_text, fail)
    expected['base'][mode] = base
    for mutation in json.load(open(os.path.join(HERE, 'mutations.json'))):
        result = render(mutate(base_text, mutation), fail)
        if 'error' not in result:
            changed = {k: d['data'] for k, d in result.items() if base.get(k) != d}
            changed.update({k: None for k in base if k not in result})
            result = {'documents': changed}
        expected['mutations'].setdefault(mutation['name'], {})[mode] = result
with open(os.path.join(HERE, 'expected.json'), 'w') as fh:
    json.dump(expected, fh, indent=1, sort_keys=True, ensure_ascii=False)
    fh.write('\n')
