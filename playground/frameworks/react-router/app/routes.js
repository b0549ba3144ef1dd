import { index, route } from '@react-router/dev/routes'

export default [index('routes/home.jsx'), route('api/config', 'routes/api.config.js')]
