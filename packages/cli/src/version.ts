import pkg from '../package.json' with { type: 'json' }

/** The CLI's version, from its package.json (inlined by the build). */
export const version: string = pkg.version
