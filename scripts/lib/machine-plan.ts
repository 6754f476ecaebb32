// The QA plans of `npm run qa:paths`: a small set of paths that takes every transition (0-switch), and the
// paths that take every feasible transition pair (1-switch, from scripts/lib/machine-graph.ts).
import { __unsafe_getAllOwnEventDescriptors as ownEventDescriptors, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import { getAdjacencyMap, type AdjacencyMap } from 'xstate/graph'
import { defaultSerialize, machineInventory, recordingScope, stepTransitions, transitionId, type MachineModel, type ModelStep } from '../statechart-model.ts'

export interface CoverPath {
  inputName: string
  inputLabel?: string
  initial: AnyMachineSnapshot
  steps: ModelStep[]
}

interface GraphEdge {
  from: string
  to: string
  event: ModelStep['event']
  state: AnyMachineSnapshot
  transitions: string[]
}

/**
 * Paths from the model's inputs that together take every transition the traversal can reach: each path walks
 * from the start to the nearest edge that takes a transition not yet covered, then on from there, until nothing
 * new is in reach or it has `maxSteps` steps; then the next path starts. Greedy, so small rather than minimum.
 */
export function transitionCover(model: MachineModel<AnyStateMachine>, maxSteps = 12): { paths: CoverPath[]; uncovered: string[] } {
  const machine = model.machine
  const starts = model.inputs?.length ? model.inputs : [{ name: 'start', input: undefined, label: undefined }]
  const payloads = model.events ?? []
  const events = (snapshot: AnyMachineSnapshot) =>
    ownEventDescriptors(snapshot).flatMap((type) => {
      const given = payloads.filter((e) => e.type === type)
      return given.length ? given : [{ type }]
    })
  const serialize = model.serializeState ?? defaultSerialize
  const covered = new Set<string>()
  const paths: CoverPath[] = []
  for (const start of starts) {
    const options = { input: start.input, events, serializeState: serialize, limit: model.traversalLimit ?? Infinity }
    const adjacency: AdjacencyMap<AnyMachineSnapshot, ModelStep['event']> = getAdjacencyMap(machine, options as never)
    const out = new Map<string, GraphEdge[]>()
    let initialKey: string | undefined
    for (const [from, { state, transitions }] of Object.entries(adjacency)) {
      initialKey ??= from
      const edges: GraphEdge[] = []
      for (const { event, state: next } of Object.values<{ event: ModelStep['event']; state: AnyMachineSnapshot }>(transitions)) {
        edges.push({ from, to: serialize(next), event, state: next, transitions: stepTransitions(machine, state, event).map(transitionId) })
      }
      out.set(from, edges)
    }
    if (!initialKey) continue
    const initial = (adjacency as unknown as Record<string, { state: AnyMachineSnapshot }>)[initialKey]!.state
    // `always` transitions taken on the way to the first state belong to every path from this start
    const atStart: string[] = []
    machine.getInitialSnapshot(
      recordingScope((ts) => atStart.push(...ts.map(transitionId))),
      start.input,
    )
    const startsNew = atStart.some((t) => !covered.has(t))
    for (const t of atStart) covered.add(t)
    // the nearest edge (breadth first) that takes something new, as the list of edges that lead to it
    const nearest = (from: string): GraphEdge[] | undefined => {
      const seen = new Set([from])
      const queue: Array<{ key: string; route: GraphEdge[] }> = [{ key: from, route: [] }]
      while (queue.length) {
        const { key, route } = queue.shift()!
        for (const edge of out.get(key) ?? []) {
          if (edge.transitions.some((t) => !covered.has(t))) return [...route, edge]
        }
        for (const edge of out.get(key) ?? []) {
          if (seen.has(edge.to)) continue
          seen.add(edge.to)
          queue.push({ key: edge.to, route: [...route, edge] })
        }
      }
      return undefined
    }
    for (;;) {
      let at = initialKey
      const steps: ModelStep[] = []
      for (;;) {
        const route = nearest(at)
        if (!route || (steps.length && steps.length + route.length > maxSteps)) break
        if (route.length === 0) break
        for (const edge of route) {
          steps.push({ event: edge.event, state: edge.state })
          for (const t of edge.transitions) covered.add(t)
        }
        at = route.at(-1)!.to
      }
      if (!steps.length && !(startsNew && !paths.some((p) => p.inputName === start.name))) break
      paths.push({ inputName: start.name, inputLabel: start.label, initial, steps })
    }
  }
  const uncovered = machineInventory(machine)
    .transitions.map((t) => t.id)
    .filter((id) => !covered.has(id))
  return { paths, uncovered }
}
