import app, { api, features } from '../config/app.merged.yaml'
import services from '../config/services.merged.yaml'
import { renderCards } from './render.ts'

renderCards(document.querySelector<HTMLDivElement>('#cards')!, app, api, features, services)

if (import.meta.hot) {
  // Count hot updates (the browser test checks that editing a layer does not reload the page).
  const w = window as unknown as { __hmrUpdates?: number }
  import.meta.hot.on('vite:afterUpdate', () => {
    w.__hmrUpdates = (w.__hmrUpdates ?? 0) + 1
  })
}
