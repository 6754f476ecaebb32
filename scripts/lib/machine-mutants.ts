// Mutants of a machine for `npm run qa:mutate`: copies of its definition with one fault each — a transition dropped,
// retargeted to another state, a guard negated or dropped, an action (assignment included) dropped, two events'
// targets swapped — built in memory from `machine.config` with the machine's own implementations. Mutants that
// could make `always` transitions loop for ever (a cycle of eventless transitions the machine did not have) are
// left out, since no test could end on them.
import { createMachine, not, type AnyStateMachine, type AnyStateNode } from 'xstate'
import { actionName, allStateNodes, guardName, transitionId } from '../statechart-model.ts'

export interface Mutant {
  description: string
  machine: AnyStateMachine
}

type Config = Record<string, unknown>
type Slot = { path: Array<string | number>; index: number }

const isPlain = (v: unknown): v is Config => !!v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype
const toArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v])
/** Plain objects and arrays copied; functions, class instances (actor logic, errors) shared. */
function clone<T>(v: T): T {
  if (Array.isArray(v)) return v.map(clone) as T
  if (isPlain(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clone(x)])) as T
  return v
}

/** The config object of a state node in a (copied) root config. */
function stateConfig(root: Config, node: AnyStateNode): Config {
  let config = root
  for (const key of node.path) config = (config.states as Record<string, Config>)[key]!
  return config
}

/** Where a transition list of a node lives in its config (its `index` is the transition's place in that list). */
function slotOf(node: AnyStateNode, eventType: string): Array<string | number> | undefined {
  const config = node.config as Config
  if (eventType === '') return ['always']
  if (eventType.startsWith('xstate.after.')) return ['after', eventType.slice('xstate.after.'.length, -(node.id.length + 1))]
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType)
  if (actor) {
    const invokes = toArray(config.invoke as Config | Config[])
    const i = node.invoke.findIndex((inv) => inv.id === actor[2])
    if (i >= 0)
      return Array.isArray(config.invoke)
        ? ['invoke', i, actor[1] === 'done' ? 'onDone' : 'onError']
        : invokes.length
          ? ['invoke', actor[1] === 'done' ? 'onDone' : 'onError']
          : undefined
  }
  if (eventType === `xstate.done.state.${node.id}`) return ['onDone']
  return ['on', eventType]
}

/** The transition config list at a slot, made an array of objects in place (so one entry can change). */
function listAt(state: Config, path: Array<string | number>): Config[] | undefined {
  let parent: Record<string | number, unknown> = state
  for (const key of path.slice(0, -1)) {
    parent = parent[key] as Record<string | number, unknown>
    if (!parent) return undefined
  }
  const last = path.at(-1)!
  const list = toArray(parent[last] as unknown).map((t) => (typeof t === 'string' ? { target: t } : isPlain(t) ? t : { target: t }))
  parent[last] = list
  return list as Config[]
}

function build(original: AnyStateMachine, change: (root: Config, at: (node: AnyStateNode, slot: Slot) => Config | undefined) => void): AnyStateMachine {
  const root = clone(original.config as Config)
  change(root, (node, slot) => listAt(stateConfig(root, node), slot.path)?.[slot.index])
  return createMachine(root as never, original.implementations as never) as AnyStateMachine
}

/** States entered by eventless transitions, as edges source → entered; a cycle may loop for ever. */
function alwaysCycle(machine: AnyStateMachine): boolean {
  const edges = new Map<string, string[]>()
  const entered = (node: AnyStateNode): AnyStateNode[] => {
    const initial = node.type === 'compound' ? node.initial?.target?.[0] : undefined
    const children = node.type === 'parallel' ? Object.values(node.states) : initial ? [initial] : []
    const up: AnyStateNode[] = []
    for (let p: AnyStateNode | undefined = node; p; p = p.parent) up.push(p)
    return [...up, ...children.flatMap(entered)]
  }
  for (const node of allStateNodes(machine)) {
    for (const t of node.always ?? []) edges.set(node.id, [...(edges.get(node.id) ?? []), ...(t.target ?? []).flatMap(entered).map((n) => n.id)])
  }
  const state = new Map<string, 1 | 2>()
  const visit = (id: string): boolean => {
    if (state.get(id) === 1) return true
    if (state.get(id) === 2) return false
    state.set(id, 1)
    if ((edges.get(id) ?? []).some((next) => next !== id && visit(next))) return true
    state.set(id, 2)
    return false
  }
  return [...edges.keys()].some(visit)
}

const targetRef = (node: AnyStateNode) => `#${node.id}`

/** Every mutant of the machine, in a stable order. */
export function machineMutants(machine: AnyStateMachine): Mutant[] {
  const mutants: Mutant[] = []
  const loopsBefore = alwaysCycle(machine)
  const add = (description: string, make: () => AnyStateMachine) => {
    try {
      const mutant = make()
      if (!loopsBefore && alwaysCycle(mutant)) return
      mutants.push({ description, machine: mutant })
    } catch {
      // a definition xstate refuses (e.g. a target it cannot resolve) is no mutant a test has to kill
    }
  }
  const nodes = allStateNodes(machine)
  const onLists: Array<{ node: AnyStateNode; eventType: string; slot: Slot; id: string; targets: AnyStateNode[] }> = []
  for (const node of [machine.root, ...nodes]) {
    const lists: Array<[string, ReturnType<AnyStateNode['transitions']['get']>]> = [...node.transitions.entries()]
    if (node.always?.length) lists.push(['', node.always])
    for (const [eventType, list] of lists) {
      const path = slotOf(node, eventType)
      if (!path) continue
      for (const [index, t] of (list ?? []).entries()) {
        const id = transitionId(t)
        const slot = { path, index }
        if (eventType && !eventType.startsWith('xstate.')) onLists.push({ node, eventType, slot, id, targets: [...(t.target ?? [])] })
        add(`drop transition \`${id}\``, () =>
          build(machine, (root) => {
            const list = listAt(stateConfig(root, node), path)!
            list.splice(index, 1)
          }),
        )
        // retarget: to the next sibling of the target (of the source for a transition that stays)
        const anchor = t.target?.[0] ?? node
        const siblings = anchor.parent ? Object.values(anchor.parent.states).filter((s) => s.type !== 'history') : []
        const other = siblings[(siblings.indexOf(anchor) + 1) % siblings.length]
        if (other && other !== anchor)
          add(`retarget \`${id}\` to \`${other.id}\``, () =>
            build(machine, (_, at) => {
              const config = at(node, slot)!
              config.target = targetRef(other)
            }),
          )
        const guard = guardName(t)
        if (guard) {
          add(`negate guard \`${guard}\` of \`${id}\``, () =>
            build(machine, (_, at) => {
              const config = at(node, slot)!
              config.guard = not(config.guard as never)
            }),
          )
          add(`drop guard \`${guard}\` of \`${id}\``, () =>
            build(machine, (_, at) => {
              delete at(node, slot)!.guard
            }),
          )
        }
        for (const [a, action] of (t.actions ?? []).entries())
          add(`drop action \`${actionName(action)}\` of \`${id}\``, () =>
            build(machine, (_, at) => {
              const config = at(node, slot)!
              const actions = toArray(config.actions as unknown)
              actions.splice(a, 1)
              config.actions = actions
            }),
          )
      }
    }
    // Only the actions the config gives: xstate appends a `raise` (entry) and a `cancel` (exit) for each `after`
    // delay, which the config does not hold — dropping one there changed nothing (the mutant was the machine).
    for (const kind of ['entry', 'exit'] as const)
      for (const [a, action] of node[kind].slice(0, toArray((node.config as Config)[kind] as unknown).length).entries())
        add(`drop ${kind} action \`${actionName(action)}\` of \`${node.id}\``, () =>
          build(machine, (root) => {
            const config = stateConfig(root, node)
            const actions = toArray(config[kind] as unknown)
            actions.splice(a, 1)
            config[kind] = actions
          }),
        )
  }
  // two events of the same state swap their targets
  for (const [i, a] of onLists.entries()) {
    const b = onLists.slice(i + 1).find((x) => x.node === a.node && x.eventType !== a.eventType)
    if (!b || a.targets.map((t) => t.id).join() === b.targets.map((t) => t.id).join()) continue
    add(`swap the targets of \`${a.id}\` and \`${b.id}\``, () =>
      build(machine, (_, at) => {
        const ca = at(a.node, a.slot)!
        const cb = at(b.node, b.slot)!
        ca.target = b.targets.length ? b.targets.map(targetRef) : undefined
        cb.target = a.targets.length ? a.targets.map(targetRef) : undefined
        if (ca.target === undefined) delete ca.target
        if (cb.target === undefined) delete cb.target
      }),
    )
  }
  return mutants
}
