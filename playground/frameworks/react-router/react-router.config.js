// The page is prerendered; the server build answers the other routes (routes/api.config.js).
export default { ssr: true, prerender: ['/'] }
