// render.mjs — the engine without a bundler
import { formatDiagnostic, isMergedYamlError, render } from '@merged-yaml/core'

try {
  const { value, files, warnings } = await render('playground/config/app.merged.yaml', { vars: { mode: 'production' } })
  console.log(value.api.url, `(${files.length} files, ${warnings.length} warnings)`)
} catch (error) {
  if (!isMergedYamlError(error)) throw error
  for (const d of error.diagnostics) console.error(formatDiagnostic(d))
  process.exitCode = 1
}
