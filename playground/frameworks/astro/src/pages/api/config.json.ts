// A server endpoint, rendered on each request: the entry the page imports, and a server-only one
// (`*.server.merged.yaml`), which a client script may not import. The database is answered for the
// tests to see that it reached the server.
import type { APIRoute } from 'astro'
import config from '../../../config/app.merged.yaml'
import secrets from '../../../config/secrets.server.merged.yaml'

export const prerender = false

export const GET: APIRoute = () =>
  Response.json({ title: config.title, api: config.api, features: config.features, database: secrets.database })
