// What an app does with a merged entry: the default export, and a named export that tree-shakes.
import config, { api } from '../config/app.merged.yaml'

console.log(`${config.app.name} → ${api.url}`)
