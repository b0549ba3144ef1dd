// A server route (Nitro's Rollup bundles it): the same entry the page imports, in the same mode.
import config from '../../config/app.merged.yaml'

export default defineEventHandler(() => ({ title: config.title, api: config.api, features: config.features }))
