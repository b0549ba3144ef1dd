// What may stand for one path segment: a variable's value in an include line (`${mode}`, `vars`) and
// the inspector's `compare=` mode. Light on purpose: the plugin checks `compare=` without loading the
// pipeline (test/architecture/lazy-loading.test.ts).

/** A variable's value is a name: `cfg/${mode}/app.yaml` must never read `cfg/app.yaml` (`mode` = `..`). */
export function isName(value: string): boolean {
  return value !== '.' && value !== '..' && !/[\\/\0]/.test(value)
}
