import { areaMessages } from './area-messages'
import { addMessages } from './catalogue'
import { coreMessages } from './core-messages'

// Importing this module completes the catalogue: the core texts and every area's.
addMessages(areaMessages)

/** Every text, core and areas (the spec-text checks and the tests read it whole). */
export const messages = { ...areaMessages, ...coreMessages } as const

export { t, tn, type MessageKey } from './catalogue'
