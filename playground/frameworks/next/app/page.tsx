import config from '../config/app.merged.yaml'

export default function Page() {
  return (
    <main>
      <h1 data-testid="title">{config.title}</h1>
      <p data-testid="api">{config.api}</p>
      <p data-testid="features">{config.features.join(', ')}</p>
    </main>
  )
}
