import type app from '../config/app.merged.yaml'
import type services from '../config/services.merged.yaml'

type App = typeof app
type Services = typeof services
type Service = Services['services'][keyof Services['services']]

function entry(term: string, value: unknown, testId: string): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return `<dt>${term}</dt><dd data-testid="${testId}">${escapeHtml(text)}</dd>`
}

/** The features turned on, in the order the layers named them. */
function enabled(features: App['features']): string {
  return Object.entries(features)
    .filter(([, on]) => on)
    .map(([name]) => name)
    .join(', ')
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function renderCards(
  root: HTMLElement,
  config: App,
  api: App['api'],
  features: App['features'],
  svc: Services,
): void {
  const serviceRows = Object.entries<Service>(svc.services)
    .map(([name, s]) => entry(name, `${s.replicas} × [${s.tags.join(', ')}]`, `service-${name}`))
    .join('')
  root.innerHTML = `
    <section class="card">
      <h2>app.merged.yaml</h2>
      <dl>
        ${entry('name', config.app.name, 'app-name')}
        ${entry('environment', config.environment, 'environment')}
        ${entry('api.url', api.url, 'api-url')}
        ${entry('api.retries', api.retries, 'api-retries')}
        ${entry('api.timeoutMs', api.timeoutMs, 'api-timeout')}
        ${entry('features', enabled(features), 'features')}
      </dl>
    </section>
    <section class="card">
      <h2>services.merged.yaml (MIME, Merge-Type headers)</h2>
      <dl>
        ${serviceRows}
        ${entry('region', svc.region, 'region')}
      </dl>
    </section>
    <section class="card wide">
      <h2>The whole merged value</h2>
      <pre data-testid="app-json">${escapeHtml(JSON.stringify(config, null, 2))}</pre>
    </section>`
}
