// A resource route: its loader runs on the server only, with the entry the page imports and the
// server-only one. The database is answered for the tests to see that it reached the server.
import config from '../../config/app.merged.yaml'
import { database } from '../secrets.server.js'

export function loader() {
  return Response.json({ title: config.title, api: config.api, features: config.features, database })
}
