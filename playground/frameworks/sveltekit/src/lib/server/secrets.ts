// A server-only module ($lib/server) reading a server-only entry (`*.server.merged.yaml`): SvelteKit's
// rule and the plugin's agree, client code may import neither.
import secrets from '../../../config/secrets.server.merged.yaml'

export const database: string = secrets.database
