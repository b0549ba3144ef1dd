// A server-only entry (`*.server.merged.yaml`): Nitro's build may import it, a page may not.
import secrets from '../../config/secrets.server.merged.yaml'

export default defineEventHandler(() => ({ database: secrets.database }))
