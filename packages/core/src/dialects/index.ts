import { datumDialect } from './datum/index.ts'
import { deckhandDialect } from './deckhand/index.ts'
import { heatDialect } from './heat/index.ts'
import type { Dialect } from './types.ts'

/** The dialects other than cloud-init's (the default), in detection order. */
export const DIALECTS: readonly Dialect[] = [datumDialect, heatDialect, deckhandDialect]
