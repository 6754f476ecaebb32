import { msg } from '@lingui/core/macro'

/** The flows pages' titles and descriptions (the routes' head), in the flows catalog their loaders load. */
export const flowsIndexTitle = msg`Flows`
export const flowsIndexDescription = msg`Every flow of the portal and the sandbox as a statechart: what it is for, its diagram, its steps in plain words, and a simulator to try it.`
export const flowPageTitle = (name: string) => msg`Flow: ${name}`
