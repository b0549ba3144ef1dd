// The client types (`"types": ["unplugin-merged-yaml/client"]` in an app's tsconfig.json; here, in
// the package's own repository, by its name): a fresh checkout type-checks before the plugin has
// written the sidecar declarations, which then take precedence.
import 'unplugin-merged-yaml/client'
