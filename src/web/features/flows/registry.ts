import { flowPage, isFlowModel, type FlowModel, type FlowPage } from './flow-data.ts'

/**
 * The flows the pages know: every machines/<flow>.machine.ts with a model (machines/<flow>.machine.model.ts), and its
 * diagram as `npm run diagrams` generates it (docs/statecharts/<flow>.svg, served as a hashed asset). Each model (and
 * its machine) is a chunk of its own, loaded only by the flows pages.
 */
const models = import.meta.glob<Record<string, unknown>>('../../../../machines/*.machine.model.ts')
const diagrams = import.meta.glob<string>('../../../../docs/statecharts/*.svg', { query: '?url', import: 'default' })

const nameOf = (path: string) => /([^/]+)\.machine\.model\.ts$/.exec(path)?.[1] ?? path
const modelPaths = new Map(Object.keys(models).map((path) => [nameOf(path), path]))

/** Every flow's name (`sign-in` for machines/sign-in.machine.ts), sorted. */
export const flowNames: readonly string[] = [...modelPaths.keys()].sort()

export const isFlowName = (name: string) => modelPaths.has(name)

export async function loadFlowModel(name: string): Promise<FlowModel | undefined> {
  const path = modelPaths.get(name)
  const load = path ? models[path] : undefined
  if (!load) return undefined
  return Object.values(await load()).find(isFlowModel)
}

export interface FlowPageData extends FlowPage {
  /** The generated diagram's URL; absent when docs/statecharts has none (yet). */
  diagramUrl?: string
}

export async function loadFlowPage(name: string): Promise<FlowPageData | undefined> {
  const model = await loadFlowModel(name)
  if (!model) return undefined
  const diagram = diagrams[`../../../../docs/statecharts/${name}.svg`]
  return { ...flowPage(name, model), ...(diagram ? { diagramUrl: await diagram() } : {}) }
}

export interface FlowSummary {
  name: string
  purpose: string
  states: number
  transitions: number
}

/** The index: every flow with its purpose and size. */
export async function loadFlowSummaries(): Promise<FlowSummary[]> {
  const pages = await Promise.all(flowNames.map((name) => loadFlowPage(name)))
  return pages.flatMap((page) => (page ? [{ name: page.name, purpose: page.purpose, states: page.states.length, transitions: page.transitions.length }] : []))
}
