// The tags `yaml` reads YAML 1.1 with, made PyYAML's (precise.ts composes with them).
import type { ScalarTag, Tags } from 'yaml'
import { EXPLICIT_CONSTRUCTORS } from './pyyaml-explicit.ts'
import { constructPyFloat, constructPyInt, PY_FALSE, PY_FLOAT, PY_INT, PY_TRUE } from './scalars.ts'
import { yamlModule } from './yaml-module.ts'

// PyYAML's YAML 1.1 resolver (scalars.ts) in place of `yaml`'s own 1.1 bools, ints and floats, which
// read `y`, `1e5`, `08` or `.` differently, and PyYAML's constructors for explicit tags
// (pyyaml-explicit.ts). Timestamps stay strings, and the exotic collection tags are not produced.
// `!!binary` stays bytes: cloud-init archives use it for parts that are not text.
const REPLACED_11_TAGS = new Set([
  'tag:yaml.org,2002:binary',
  'tag:yaml.org,2002:bool',
  'tag:yaml.org,2002:int',
  'tag:yaml.org,2002:float',
  'tag:yaml.org,2002:timestamp',
  'tag:yaml.org,2002:set',
  'tag:yaml.org,2002:omap',
  'tag:yaml.org,2002:pairs',
])

/** `yaml`'s 1.1 tags with PyYAML's resolution and constructors in place of its own. */
export function pyYaml11Tags(tags: Tags): Tags {
  const kept = tags.filter((tag) => !REPLACED_11_TAGS.has((tag as ScalarTag).tag))
  const bool = (value: boolean, test: RegExp): ScalarTag => ({
    identify: (v: unknown) => v === value,
    default: true,
    tag: 'tag:yaml.org,2002:bool',
    test,
    resolve: () => new (yamlModule().Scalar)(value),
  })
  const int: ScalarTag = {
    identify: (v: unknown) => Number.isInteger(v),
    default: true,
    tag: 'tag:yaml.org,2002:int',
    test: PY_INT,
    resolve: (source: string) => constructPyInt(source),
  }
  const float: ScalarTag = {
    identify: (v: unknown) => typeof v === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    test: PY_FLOAT,
    resolve: (source: string) => constructPyFloat(source),
  }
  // Explicit only (no test, not default): what PyYAML cannot construct is a PyYamlUnreadable value,
  // which version-walk.ts turns into the document's error.
  const explicit = Object.entries(EXPLICIT_CONSTRUCTORS).map(([tag, construct]): ScalarTag => ({
    identify: () => false,
    default: false,
    tag,
    resolve: (source: string) => new (yamlModule().Scalar)(construct(source)),
  }))
  return [bool(true, PY_TRUE), bool(false, PY_FALSE), int, float, ...explicit, ...kept]
}
