export default { ssr: false, prerender: ['/'] }
