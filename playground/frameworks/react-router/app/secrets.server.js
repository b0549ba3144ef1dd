// A server-only module (React Router's `.server` rule) reading a server-only entry
// (`*.server.merged.yaml`): neither may reach the client build.
import secrets from '../config/secrets.server.merged.yaml'

export const database = secrets.database
