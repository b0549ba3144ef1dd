// A server-only entry (`*.server.merged.yaml`): a route handler, a Server Component or a module that
// imports `server-only` may import it; a Client Component may not.
import secrets from '../../../config/secrets.server.merged.yaml'

export function GET() {
  return Response.json({ database: secrets.database })
}
