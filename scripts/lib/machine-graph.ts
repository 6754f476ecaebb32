// A machine's state graph as its model explores it (the model's starts, event payloads and serializeState), with
// the transitions each step takes, microstep by microstep. From it: the transition pairs (1-switch) that can happen
// and why the others cannot, the events each reachable state does not handle, paths that take every feasible pair,
// and seeded random walks. Pure: no test runner, no files. Used by tests/support/model-based.ts and scripts/qa-*.ts.
import { __unsafe_getAllOwnEventDescriptors as ownEventDescriptors, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import {
  defaultSerialize,
  delayMs,
  machineInventory,
  modelEvents,
  modelStarts,
  recordingScope,
  stateValueText,
  transitionId,
  type MachineModel,
  type ModelStep,
  type TransitionInfo,
} from '../statechart-model.ts'
import type { CoverPath } from './machine-plan.ts'

type ModelEvent = ModelStep['event']

export interface GraphEdge {
  from: string
  to: string
  event: ModelEvent
  state: AnyMachineSnapshot
  /** Transition ids taken, one group per microstep (a group holds several in parallel regions). */
  micro: string[][]
}

export interface StartGraph {
  name: string
  label?: string
  input: unknown
  initialKey: string
  initial: AnyMachineSnapshot
  /** Microsteps taken while starting (`always` transitions of the initial state). */
  atStart: string[][]
  nodes: Map<string, AnyMachineSnapshot>
  out: Map<string, GraphEdge[]>
}

/** The next snapshot for an event and the transitions taken, as the actor would (pure: no action runs). */
export function pureStep(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: ModelEvent): { state: AnyMachineSnapshot; micro: string[][] } {
  const micro: string[][] = []
  const state = machine.transition(
    snapshot,
    event,
    recordingScope((ts) => {
      if (ts.length) micro.push(ts.map(transitionId))
    }),
  ) as AnyMachineSnapshot
  return { state, micro }
}

export function pureStart(machine: AnyStateMachine, input: unknown): { state: AnyMachineSnapshot; micro: string[][] } {
  const micro: string[][] = []
  const state = machine.getInitialSnapshot(
    recordingScope((ts) => {
      if (ts.length) micro.push(ts.map(transitionId))
    }),
    input,
  ) as AnyMachineSnapshot
  return { state, micro }
}

const graphs = new WeakMap<object, StartGraph[]>()

/** Breadth-first exploration from every start of the model (cached per model object). */
export function machineGraph(model: MachineModel<AnyStateMachine>, maxNodes = 20_000): StartGraph[] {
  const cached = graphs.get(model)
  if (cached) return cached
  const { machine } = model
  const serialize = model.serializeState ?? defaultSerialize
  const events = modelEvents(model)
  const result = modelStarts(model).map((start): StartGraph => {
    const { state: initial, micro: atStart } = pureStart(machine, start.input)
    const initialKey = serialize(initial)
    const nodes = new Map([[initialKey, initial]])
    const out = new Map<string, GraphEdge[]>()
    const queue = [initialKey]
    let explored = 0
    while (queue.length) {
      const from = queue.shift()!
      const snapshot = nodes.get(from)!
      const edges: GraphEdge[] = []
      if (snapshot.status === 'active') {
        for (const event of events(snapshot)) {
          if (model.traversalLimit !== undefined && ++explored > model.traversalLimit)
            throw new Error(`${machine.id}: traversal limit exceeded (more than ${model.traversalLimit} steps)`)
          const { state, micro } = pureStep(machine, snapshot, event)
          const to = serialize(state)
          if (!nodes.has(to)) {
            if (nodes.size >= maxNodes) throw new Error(`${machine.id}: more than ${maxNodes} states; reduce context in serializeState`)
            nodes.set(to, state)
            queue.push(to)
          }
          edges.push({ from, to, event, state, micro })
        }
      }
      out.set(from, edges)
    }
    return { name: start.name, label: start.label, input: start.input, initialKey, initial, atStart, nodes, out }
  })
  graphs.set(model, result)
  return result
}

// ---------------------------------------------------------------------------------------------------------
// Transition pairs (1-switch)

export const pairId = (from: string, to: string) => `${from} → ${to}`

/** Pairs between consecutive microstep groups: every transition of one with every transition of the next. */
export function pairsAcross(groups: string[][], into: Set<string>, before?: string[]) {
  let last = before
  for (const group of groups) {
    if (!group.length) continue
    if (last) for (const a of last) for (const b of group) into.add(pairId(a, b))
    last = group
  }
  return last
}

const isActive = (snapshot: AnyMachineSnapshot, nodeId: string) => snapshot._nodes.some((n) => n.id === nodeId)

/**
 * A wait that another, shorter wait of the same state always beats: on a real clock the shorter one fires first
 * (e.g. the 1-second countdown before the 60-second cooldown), so nothing goes straight to the longer one.
 */
export function shorterWaitFirst(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, eventType: string): string | undefined {
  const delay = /^xstate\.after\.([^.]+)\./.exec(eventType)?.[1]
  if (!delay) return undefined
  const ms = delayMs(machine, delay, snapshot)
  if (ms === undefined) return undefined
  return ownEventDescriptors(snapshot).find((other) => {
    const d = /^xstate\.after\.([^.]+)\./.exec(other)?.[1]
    const otherMs = d && other !== eventType ? delayMs(machine, d, snapshot) : undefined
    return otherMs !== undefined && otherMs < ms
  })
}

/**
 * The pairs that can happen (some path of the graph takes them one right after the other) and the candidates that
 * cannot, each with its reason: a pair is a candidate when the second transition's state is active right after
 * the first. Reasons are computed from the graph; the model's `infeasiblePairs` may say more.
 */
export function transitionPairs(model: MachineModel<AnyStateMachine>): { feasible: string[]; infeasible: Array<{ pair: string; reason: string }> } {
  const feasible = new Set<string>()
  const { transitions } = machineInventory(model.machine)
  const landings = new Map<string, AnyMachineSnapshot[]>() // transition → states it leaves the flow resting in
  for (const graph of machineGraph(model)) {
    const startLast = pairsAcross(graph.atStart, feasible)
    for (const edge of graph.out.get(graph.initialKey) ?? [])
      if (!shorterWaitFirst(model.machine, graph.initial, edge.event.type)) pairsAcross(edge.micro, feasible, startLast)
    for (const t of startLast ?? []) landings.set(t, [...(landings.get(t) ?? []), graph.initial])
    for (const edges of graph.out.values()) {
      for (const edge of edges) {
        const last = pairsAcross(edge.micro, feasible)
        if (!last) continue
        for (const t of last) {
          const list = landings.get(t) ?? []
          if (list.length < 8 && !list.includes(edge.state)) list.push(edge.state)
          landings.set(t, list)
        }
        const resting = graph.nodes.get(edge.to)!
        for (const next of graph.out.get(edge.to) ?? []) if (!shorterWaitFirst(model.machine, resting, next.event.type)) pairsAcross(next.micro, feasible, last)
      }
    }
  }
  const infeasible: Array<{ pair: string; reason: string }> = []
  for (const [from, states] of [...landings.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    for (const to of transitions) {
      const pair = pairId(from, to.id)
      if (feasible.has(pair)) continue
      const resting = states.filter((s) => isActive(s, to.source))
      if (!resting.length) continue
      infeasible.push({ pair, reason: model.infeasiblePairs?.[pair] ?? pairReason(model, to, resting) })
    }
  }
  return { feasible: [...feasible].sort(), infeasible }
}

function pairReason(model: MachineModel<AnyStateMachine>, to: TransitionInfo, resting: AnyMachineSnapshot[]): string {
  const where = [...new Set(resting.map((s) => stateValueText(s.value)))].join(' / ')
  const guard = to.guard ? `guard \`${to.guard}\`` : undefined
  if (to.eventType === '') return `the flow rests in ${where} after it, where the eventless transition's ${guard ?? 'condition'} is false`
  const shorter = resting.map((s) => shorterWaitFirst(model.machine, s, to.eventType)).find((x) => x)
  if (shorter) return `after it (in ${where}) a shorter wait, \`${shorter}\`, always fires first`
  const events = modelEvents(model)
  const taken = new Set<string>()
  for (const s of resting) {
    for (const event of events(s).filter((e) => e.type === to.eventType)) {
      const { micro } = pureStep(model.machine, s, event)
      for (const id of micro[0] ?? []) taken.add(id)
    }
  }
  taken.delete(to.id)
  const event = `\`${to.eventType}\``
  if (taken.size)
    return `after it (in ${where}) ${event} takes ${[...taken].map((t) => `\`${t}\``).join(', ')} instead (${guard ? `${guard} is false` : 'earlier or deeper transition first'})`
  return `after it (in ${where}) ${event} changes nothing${guard ? `: ${guard} is false with every payload of the model` : ''}`
}

// ---------------------------------------------------------------------------------------------------------
// Invalid events: every reachable state, every event it does not handle

/** Event types sent from outside the machine (its own `xstate.*` events come only from its clock and children). */
export function externalEventTypes(machine: AnyStateMachine): string[] {
  return [...new Set(machineInventory(machine).transitions.map((t) => t.eventType))].filter((t) => t && !t.startsWith('xstate.')).sort()
}

const handles = (descriptor: string, type: string) =>
  descriptor === type || descriptor === '*' || (descriptor.endsWith('.*') && type.startsWith(descriptor.slice(0, -1)))

/** The external event types no active state of the snapshot has a transition for. */
export function unhandledEvents(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): string[] {
  if (snapshot.status !== 'active') return []
  const own = ownEventDescriptors(snapshot)
  return externalEventTypes(machine).filter((type) => !own.some((d) => handles(d, type)))
}

export const invalidEventId = (snapshot: AnyMachineSnapshot, type: string) => `${stateValueText(snapshot.value)} ${type}`

/** `<state> <event>` for every reachable state (by value) and every external event it does not handle. */
export function invalidEventInventory(model: MachineModel<AnyStateMachine>): string[] {
  const all = new Set<string>()
  for (const graph of machineGraph(model))
    for (const s of graph.nodes.values()) for (const type of unhandledEvents(model.machine, s)) all.add(invalidEventId(s, type))
  return [...all].sort()
}

// ---------------------------------------------------------------------------------------------------------
// Paths that take every feasible pair

/**
 * Greedy: each path walks from a start to the nearest step that takes a pair not yet taken (breadth first over
 * (state, last transitions)), then on from there, until nothing new is in reach or it has `maxSteps` steps.
 */
export function pairCover(model: MachineModel<AnyStateMachine>, maxSteps = 40): { paths: CoverPath[]; uncovered: string[] } {
  const { feasible } = transitionPairs(model)
  const wanted = new Set(feasible)
  const covered = new Set<string>()
  const paths: CoverPath[] = []
  const gain = (last: string[] | undefined, edge: GraphEdge, graph: StartGraph) => {
    const found = new Set<string>()
    pairsAcross(edge.micro, found, shorterWaitFirst(model.machine, graph.nodes.get(edge.from)!, edge.event.type) ? undefined : last)
    return [...found].filter((p) => wanted.has(p) && !covered.has(p))
  }
  for (const graph of machineGraph(model)) {
    const startPairs = new Set<string>()
    const startLast = pairsAcross(graph.atStart, startPairs)
    for (const p of startPairs) covered.add(p)
    for (;;) {
      let at = { key: graph.initialKey, last: startLast }
      const steps: ModelStep[] = []
      for (;;) {
        const route = nearest(graph, at, (last, edge) => gain(last, edge, graph))
        if (!route?.length || (steps.length && steps.length + route.length > maxSteps)) break
        for (const edge of route) {
          steps.push({ event: edge.event, state: edge.state })
          for (const p of gain(at.last, edge, graph)) covered.add(p)
          at = { key: edge.to, last: edge.micro.filter((g) => g.length).at(-1) ?? at.last }
        }
      }
      if (!steps.length) break
      paths.push({ inputName: graph.name, inputLabel: graph.label, initial: graph.initial, steps })
    }
  }
  return { paths, uncovered: feasible.filter((p) => !covered.has(p)) }
}

function nearest(
  graph: StartGraph,
  from: { key: string; last: string[] | undefined },
  gain: (last: string[] | undefined, edge: GraphEdge) => string[],
): GraphEdge[] | undefined {
  const id = (at: { key: string; last?: string[] }) => `${at.key}\u0000${at.last?.join(',') ?? ''}`
  const seen = new Set([id(from)])
  const queue: Array<{ at: typeof from; route: GraphEdge[] }> = [{ at: from, route: [] }]
  for (let i = 0; i < queue.length; i++) {
    const { at, route } = queue[i]!
    const edges = graph.out.get(at.key) ?? []
    for (const edge of edges) if (gain(at.last, edge).length) return [...route, edge]
    for (const edge of edges) {
      const next = { key: edge.to, last: edge.micro.filter((g) => g.length).at(-1) ?? at.last }
      if (seen.has(id(next))) continue
      seen.add(id(next))
      queue.push({ at: next, route: [...route, edge] })
    }
  }
  return undefined
}

// ---------------------------------------------------------------------------------------------------------
// Seeded random walks

/** mulberry32: a small PRNG, the same numbers for the same seed on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface Walk extends CoverPath {
  seed: number
  /** Invariants of the model that failed, by step (0 = the start). */
  violations: Array<{ step: number; invariant: string }>
}

/**
 * A random walk of `steps` events from a start the seed picks: each step one of the events that move the flow
 * (an invoked actor answers only while it runs). Stops early when the flow ends or nothing moves it.
 */
export function randomWalk(model: MachineModel<AnyStateMachine>, seed: number, steps: number): Walk {
  const random = seededRandom(seed)
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
  const start = pick(modelStarts(model))
  const events = modelEvents(model)
  const violations: Walk['violations'] = []
  const check = (s: AnyMachineSnapshot, step: number) => {
    for (const inv of model.invariants ?? []) if (!inv.holds(s)) violations.push({ step, invariant: inv.name })
  }
  const initial = pureStart(model.machine, start.input).state
  check(initial, 0)
  const running = new Set(Object.keys(initial.children))
  let snapshot = initial
  const walk: ModelStep[] = []
  while (walk.length < steps && snapshot.status === 'active') {
    const moves = events(snapshot).flatMap((event) => {
      const child = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1]
      if (child !== undefined && !running.has(child)) return []
      const next = pureStep(model.machine, snapshot, event)
      return next.micro.length ? [{ event, state: next.state }] : []
    })
    if (!moves.length) break
    const move = pick(moves)
    const child = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(move.event.type)?.[1]
    if (child !== undefined) running.delete(child)
    for (const [id, ref] of Object.entries(move.state.children)) if (snapshot.children[id] !== ref) running.add(id)
    for (const id of [...running]) if (!(id in move.state.children)) running.delete(id)
    walk.push(move)
    snapshot = move.state
    check(snapshot, walk.length)
  }
  return { seed, inputName: start.name, inputLabel: start.label, initial, steps: walk, violations }
}
