import app, { api, features } from '../config/app.merged.yaml'
import services from '../config/services.merged.yaml'
import { renderCards } from './render.ts'

const root = document.querySelector<HTMLDivElement>('#cards')!
renderCards(root, app, api, features, services)

if (import.meta.hot) {
  // Accept new merged values in place: editing any layer re-renders the cards without a reload.
  let current = { app, services }
  import.meta.hot.accept(['../config/app.merged.yaml', '../config/services.merged.yaml'], ([nextApp, nextServices]) => {
    current = { app: nextApp?.default ?? current.app, services: nextServices?.default ?? current.services }
    renderCards(root, current.app, current.app.api, current.app.features, current.services)
    const w = window as unknown as { mergedYamlHmrUpdates?: number }
    w.mergedYamlHmrUpdates = (w.mergedYamlHmrUpdates ?? 0) + 1
  })
}
