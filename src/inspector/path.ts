// Where the inspector answers in the dev server: Nuxt's devtools tab names it without loading the inspector.
export const INSPECTOR_PATH = '/__merged-yaml'
