// A server route: the entry the page imports, and the server-only one through $lib/server. The
// database is answered for the tests to see that it reached the server.
import { json } from '@sveltejs/kit'
import { database } from '$lib/server/secrets'
import config from '../../../../config/app.merged.yaml'

export const GET = () => json({ title: config.title, api: config.api, features: config.features, database })
