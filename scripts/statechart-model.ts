// The parts of model-based testing that need no test runner: the inventory of a machine's states and
// transitions, path generation with `xstate/graph` and event labels. Shared by tests/support/model-based.ts
// (replays the paths), scripts/qa-*.ts and scripts/diagrams.ts. The state graph with transition pairs, invalid
// events and seeded walks is scripts/lib/machine-graph.ts; the coverage record scripts/lib/machine-coverage.ts.
import {
  __unsafe_getAllOwnEventDescriptors as ownEventDescriptors,
  createEmptyActor,
  type AnyActorScope,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type InputFrom,
  type InspectionEvent,
} from 'xstate'
import { getAdjacencyMap, getShortestPaths, getSimplePaths, type AdjacencyMap } from 'xstate/graph'
import { allStateNodes } from '../machines/state-nodes.ts'

/** How to drive a machine through its paths: the inputs to start from and payloads for events that need one. */
export interface MachineModel<TMachine extends AnyStateMachine> {
  machine: TMachine
  /**
   * Named inputs; each is a separate starting point of the traversal. Default: one start without input.
   * `label` says how a tester gets there (e.g. "open /signin with a fresh browser").
   */
  inputs?: ReadonlyArray<{ name: string; input: InputFrom<TMachine>; label?: string }>
  /**
   * Payloads for event types the machine handles (several per type are fine: each is a branch). Needed for
   * events whose data the machine reads, e.g. `{ type: 'xstate.done.actor.fetchCode', output: {...} }`,
   * `{ type: 'xstate.error.actor.fetchCode', error: {...} }` or `{ type: 'otp.submit', otp: '1234' }`.
   * `xstate.after.<delay>.<stateId>` needs none. Types without a payload are sent as `{ type }`.
   * `label`: what the tester does or what the server answers, with the data (e.g. "server answers 040000020").
   */
  events?: ReadonlyArray<{ type: string; label?: string; [key: string]: unknown }>
  /** Labels for event types sent without a payload (e.g. `'terms.accept': 'Press "Accept and sign in"'`). */
  labels?: Readonly<Record<string, string>>
  /** What the user sees besides the state's tags, read from context (e.g. `alert.error` while an error code is set). */
  observe?: (snapshot: AnyMachineSnapshot) => string[]
  /** Also walk simple paths (every loop-free path to every state), not only the shortest. Default true. */
  simplePaths?: boolean
  /** Traversal states are value + context; reduce context here if it holds something unbounded. */
  serializeState?: (snapshot: AnyMachineSnapshot) => string
  /**
   * Big models: which of the remaining transitions (those on no shortest or simple path) get a path of their own,
   * given the snapshot they leave from. Default: all. Every state is still reached by its shortest path; the
   * machine test's coverage check still fails if a transition of the machine is left on no path.
   */
  keepTransition?: (from: AnyMachineSnapshot, event: { type: string; [key: string]: unknown }) => boolean
  /**
   * What must hold in every state the flow can be in, written from the spec (e.g. "a paid checkout never polls").
   * Checked after every step of every path, transition-pair path and seeded random walk of the machine test.
   */
  invariants?: ReadonlyArray<{ name: string; holds: (snapshot: AnyMachineSnapshot) => boolean }>
  /**
   * Mutants `npm run qa:mutate` leaves alive that cannot be told apart from the machine by anything a user or a
   * client would notice, by mutant description → why. Printed in the machine's generated doc.
   */
  equivalentMutants?: Readonly<Record<string, string>>
  /** Why some transition pairs cannot happen, by pair id (`<from transition> → <to transition>`), beside the computed reasons. */
  infeasiblePairs?: Readonly<Record<string, string>>
  /** Seeded random walks the machine test takes (default seeds 1–3, 40 steps each). */
  walks?: { seeds?: readonly number[]; steps?: number }
  /**
   * At most this many steps of any traversal of the state graph (edges explored) before it throws. Unset: no bound
   * but machineGraph's 20,000 states. `npm run qa:mutate` sets it for mutants: a mutant that makes the context
   * grow without end (a counter never reset, a guard that never stops a loop) would otherwise be explored for ever.
   */
  traversalLimit?: number
}

export interface ModelStep {
  event: { type: string; [key: string]: unknown }
  state: AnyMachineSnapshot
}

export interface ModelPath {
  /** Stable, readable name: input + event types in order + final state. */
  name: string
  inputName: string
  input: unknown
  initial: AnyMachineSnapshot
  /** The events after start, each with the state the model expects after it. */
  steps: ModelStep[]
  /** shortest: to each state; simple: loop-free to each state; transition: to an edge no other path takes. */
  kind: 'shortest' | 'simple' | 'transition'
}

export function stateValueText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value && typeof value === 'object')
    return Object.entries(value)
      .map(([key, child]) => {
        const inner = stateValueText(child)
        return inner.includes(',') ? `${key}.(${inner})` : `${key}.${inner}`
      })
      .join(',')
  return String(value)
}

export const defaultSerialize = (s: AnyMachineSnapshot) =>
  JSON.stringify({ value: s.value, context: Object.keys(s.context ?? {}).length ? s.context : undefined })

/** The model's starts: its inputs, or one start without input. */
export function modelStarts(model: MachineModel<AnyStateMachine>): ReadonlyArray<{ name: string; input: unknown; label?: string }> {
  return model.inputs?.length ? model.inputs : [{ name: 'start', input: undefined }]
}

/** The events a traversal sends from a snapshot: every event type its states handle, with the model's payloads. */
export function modelEvents(model: MachineModel<AnyStateMachine>): (snapshot: AnyMachineSnapshot) => ModelStep['event'][] {
  const payloads = model.events ?? []
  return (snapshot) =>
    ownEventDescriptors(snapshot).flatMap((type) => {
      const given = payloads.filter((e) => e.type === type)
      return given.length ? given : [{ type }]
    })
}

/** Shortest paths, then simple paths not already listed, for every input. Deterministic order. */
export function machinePaths<TMachine extends AnyStateMachine>(model: MachineModel<TMachine>): ModelPath[] {
  const starts = modelStarts(model)
  const events = modelEvents(model)
  const seen = new Set<string>()
  const paths: ModelPath[] = []
  const serialize = model.serializeState ?? defaultSerialize
  const add = (start: (typeof starts)[number], kind: ModelPath['kind'], initial: AnyMachineSnapshot, steps: ModelStep[]) => {
    const key = `${start.name}\u0000${steps.map((s) => JSON.stringify(s.event)).join('\u0000')}`
    if (seen.has(key)) return
    seen.add(key)
    const final = steps.at(-1)?.state ?? initial
    const via = steps.length ? steps.map((s) => s.event.type).join(' → ') : '(no events)'
    paths.push({
      name: `${start.name}: ${via} ⇒ ${stateValueText(final.value)}`,
      inputName: start.name,
      input: start.input,
      initial,
      steps,
      kind,
    })
  }
  for (const start of starts) {
    const options = { input: start.input, events, serializeState: serialize, limit: model.traversalLimit ?? Infinity }
    // The graph functions are typed for one logic at a time; the model is generic over any machine.
    const logic = model.machine as AnyStateMachine
    const shortest = getShortestPaths(logic, options as never)
    const generated: Array<['shortest' | 'simple', typeof shortest]> = [['shortest', shortest]]
    if (model.simplePaths !== false) generated.push(['simple', getSimplePaths(logic, options as never)])
    const edgesTaken = new Set<string>()
    let initial: AnyMachineSnapshot | undefined
    for (const [kind, found] of generated) {
      for (const path of found) {
        const [first, ...rest] = path.steps
        if (!first) continue
        initial ??= first.state
        let from = serialize(first.state)
        for (const step of rest) {
          edgesTaken.add(`${from}\u0000${JSON.stringify(step.event)}`)
          from = serialize(step.state)
        }
        add(
          start,
          kind,
          first.state,
          rest.map((s) => ({ event: s.event, state: s.state })),
        )
      }
    }
    // Transitions back into states already reached (loops, self-transitions) are on no shortest or simple
    // path: reach their source by its shortest path, then take them.
    const toState = new Map(shortest.map((p) => [serialize(p.state), p]))
    const adjacency: AdjacencyMap<AnyMachineSnapshot, ModelStep['event']> = getAdjacencyMap(logic, options as never)
    for (const [from, { transitions }] of Object.entries(adjacency)) {
      const head = toState.get(from)
      if (!head || !initial) continue
      for (const { event, state } of Object.values<{ event: ModelStep['event']; state: AnyMachineSnapshot }>(transitions)) {
        const edge = `${from}\u0000${JSON.stringify(event)}`
        if (edgesTaken.has(edge) || model.keepTransition?.(head.state, event) === false) continue
        edgesTaken.add(edge)
        const headSteps = head.steps.slice(1).map((s) => ({ event: s.event, state: s.state }))
        add(start, 'transition', initial, [...headSteps, { event, state }])
      }
    }
  }
  return paths
}

// ---------------------------------------------------------------------------------------------------------
// Inventory and coverage

export interface TransitionInfo {
  id: string
  source: string
  eventType: string
  targets: string[]
  guard?: string
  actions: string[]
  reenter: boolean
}

export { allStateNodes }

function transitionsOf(node: AnyStateNode): Array<[string, AnyTransitionDefinition[]]> {
  const list: Array<[string, AnyTransitionDefinition[]]> = [...node.transitions.entries()]
  if (node.always?.length) list.push(['', node.always])
  return list
}

/** A transition's id, the same on the bare machine and on `machine.provide(...)` copies. */
export function transitionId(transition: AnyTransitionDefinition): string {
  const siblings = transition.eventType === '' ? (transition.source.always ?? []) : (transition.source.transitions.get(transition.eventType) ?? [])
  const event = transition.eventType === '' ? 'always' : transition.eventType
  const index = siblings.indexOf(transition)
  return `${transition.source.id} ${event}${siblings.length > 1 ? `[${index}]` : ''}`
}

export function guardName(transition: AnyTransitionDefinition): string | undefined {
  const guard: unknown = transition.guard
  if (!guard) return undefined
  if (typeof guard === 'string') return guard
  if (typeof guard === 'function') return guard.name || 'guard'
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type
  return 'guard'
}

export function actionName(action: unknown): string {
  if (typeof action === 'string') return action
  if (typeof action === 'function') {
    const type: unknown = (action as { type?: unknown }).type
    return typeof type === 'string' ? type.replace(/^xstate\./, '') : action.name || 'action'
  }
  if (action && typeof action === 'object' && 'type' in action && typeof action.type === 'string') return action.type
  return 'action'
}

/**
 * Every state (the root excluded) and every transition, the root's included: events handled at machine level,
 * `always`, `after` and invoke done/error all count.
 */
export function machineInventory(machine: AnyStateMachine): { states: string[]; transitions: TransitionInfo[] } {
  const nodes = allStateNodes(machine)
  const transitions: TransitionInfo[] = []
  for (const node of [machine.root, ...nodes]) {
    for (const [, list] of transitionsOf(node)) {
      for (const t of list) {
        transitions.push({
          id: transitionId(t),
          source: node.id,
          eventType: t.eventType,
          targets: (t.target ?? []).map((target) => target.id),
          guard: guardName(t),
          actions: (t.actions ?? []).map(actionName),
          reenter: t.reenter,
        })
      }
    }
  }
  return { states: nodes.map((n) => n.id), transitions }
}

// ---------------------------------------------------------------------------------------------------------
// Labels shared by diagrams and the QA plan

/** A delay's length; delays computed from context need the snapshot they are scheduled in. */
export function delayMs(machine: AnyStateMachine, delay: string, snapshot?: AnyMachineSnapshot): number | undefined {
  if (/^\d+$/.test(delay)) return Number(delay)
  const configured: unknown = (machine.implementations.delays as Record<string, unknown>)[delay]
  if (typeof configured === 'number') return configured
  if (typeof configured === 'function' && snapshot) {
    const ms: unknown = configured({ context: snapshot.context, event: { type: '' } }, undefined)
    return typeof ms === 'number' ? ms : undefined
  }
  return undefined
}

export function formatDuration(ms: number): string {
  if (ms % 60_000 === 0 && ms >= 120_000) return `${ms / 60_000} min`
  if (ms % 1000 === 0 && ms >= 1000) return `${ms / 1000} s`
  return `${ms} ms`
}

/** `xstate.after.otpResendCooldown.x.y` → `after otpResendCooldown (1 min)`; done/error of actors named. */
export function eventLabel(machine: AnyStateMachine, eventType: string): string {
  if (eventType === '') return 'always'
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType)
  if (after?.[1]) {
    const name = after[1]
    const ms = delayMs(machine, name)
    if (/^\d+$/.test(name)) return `after ${formatDuration(Number(name))}`
    return ms === undefined ? `after ${name}` : `after ${name} (${formatDuration(ms)})`
  }
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType)
  if (done) return `done: ${done[1]}`
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType)
  if (error) return `error: ${error[1]}`
  const doneState = /^xstate\.done\.state\.(.+)$/.exec(eventType)
  if (doneState) return `done: ${doneState[1]}`
  return eventType
}

// ---------------------------------------------------------------------------------------------------------
// Human labels: what a tester does, what the user sees

/** The description written on a transition (its human label), if any. */
export function transitionDescription(transition: AnyTransitionDefinition): string | undefined {
  const description: unknown = (transition as { description?: unknown }).description
  return typeof description === 'string' && description ? description : undefined
}

/** The state's tags plus what the model observes in context, sorted: what the user should see. */
export function seenAfter(model: MachineModel<AnyStateMachine>, snapshot: AnyMachineSnapshot): string[] {
  return [...new Set([...snapshot.tags, ...(model.observe?.(snapshot) ?? [])])].sort()
}

/** An actor scope for pure transitions that reports which transitions each microstep took. */
export function recordingScope(onTransitions: (transitions: AnyTransitionDefinition[]) => void): AnyActorScope {
  const empty = createEmptyActor()
  const system = Object.create(empty.system) as { _sendInspectionEvent: (event: InspectionEvent) => void }
  system._sendInspectionEvent = (event) => {
    if (event.type === '@xstate.microstep') onTransitions(event._transitions)
  }
  return {
    self: empty,
    logger: () => {},
    id: '',
    sessionId: 'qa',
    defer: () => {},
    system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as AnyActorScope
}

/** The transitions (ids) an event takes from a snapshot, `always` transitions that follow included. */
export function stepTransitions(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject): AnyTransitionDefinition[] {
  const taken: AnyTransitionDefinition[] = []
  machine.transition(
    snapshot,
    event,
    recordingScope((ts) => taken.push(...ts)),
  )
  return taken
}

/** A step as a tester reads it: the model's label with its data, else the transition's description; waits say how long. */
export function stepLabel(model: MachineModel<AnyStateMachine>, before: AnyMachineSnapshot, event: ModelStep['event']): string {
  const { machine } = model
  const given = typeof event.label === 'string' ? event.label : model.labels?.[event.type]
  const described = stepTransitions(machine, before, event)
    .map(transitionDescription)
    .find((d) => d !== undefined)
  const after = /^xstate\.after\.([^.]+)\./.exec(event.type)
  if (after?.[1]) {
    const ms = delayMs(machine, after[1], before)
    return `Wait ${ms === undefined ? after[1] : formatDuration(ms)}${described ? `: ${described.charAt(0).toLowerCase()}${described.slice(1)}` : ''}`
  }
  return given ?? described ?? eventLabel(machine, event.type)
}
