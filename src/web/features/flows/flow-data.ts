import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'
import { allStateNodes } from '@machines/state-nodes.ts'

/**
 * What the flows pages show of a machine (docs/flows-pages.md), read from the machine and its model only: the
 * machine's purpose (its `description`), every state with its description and tags, every transition with what moves
 * it, and the model's starts. Plain data (the route loader's answer, dehydrated with the page); the texts are the
 * machine's English, translated where they are shown (`flowText`). tests/unit/flows-pages.test.ts checks that every
 * machine's page lists exactly the machine's states and transitions.
 */

/** The slice of a machine's model (machines/<flow>.machine.model.ts) the pages read. */
export interface FlowModel {
  machine: AnyStateMachine
  inputs?: ReadonlyArray<{ name: string; input: unknown; label?: string }>
  events?: ReadonlyArray<{ type: string; label?: string; [key: string]: unknown }>
  labels?: Readonly<Record<string, string>>
}

export interface FlowState {
  /** The state node's id, e.g. `signIn.awaitingOtp.editing`. */
  id: string
  /** Its place in plain words: `awaitingOtp › editing`. */
  place: string
  /** 0 for a top-level state. */
  depth: number
  description: string
  final: boolean
  tags: string[]
  /** Flows this state runs as machines of their own, by machine id. */
  subflows: string[]
}

export interface FlowTransition {
  /** The id of the state that handles it; the machine's id for a handler the whole flow shares. */
  source: string
  /** `''` for a transition taken as soon as its guard holds. */
  eventType: string
  description: string
  /** The wait of an `after` transition, when it is a fixed length. */
  delayMs?: number
  /** State ids; empty: the flow stays where it is. */
  targets: string[]
}

export interface FlowPage {
  name: string
  machineId: string
  purpose: string
  states: FlowState[]
  transitions: FlowTransition[]
  starts: Array<{ name: string; label: string }>
}

export const isFlowModel = (value: unknown): value is FlowModel =>
  typeof value === 'object' && value !== null && 'machine' in value && typeof value.machine === 'object' && value.machine !== null && 'root' in value.machine

const described = (value: unknown): string => (typeof value === 'string' ? value : '')

/** A node's own transitions: by event, then the ones taken as soon as they can (`always`). */
export function transitionsOfNode(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])]
}

/** `checkoutPoll` → `checkout-poll`: the page of a flow a state runs, from the machine's id. */
export const flowNameOf = (machineId: string) => machineId.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

export const statePlace = (id: string) => id.split('.').slice(1).join(' › ') || id

function subflowsOf(node: AnyStateNode): string[] {
  return node.invoke.flatMap((invoke) => {
    const logic: unknown = typeof invoke.src === 'string' ? node.machine.implementations.actors[invoke.src] : invoke.src
    return logic && typeof logic === 'object' && 'root' in logic && 'id' in logic && typeof logic.id === 'string' ? [logic.id] : []
  })
}

/** The length of a named or numeric delay when the machine fixes it (delays computed from context have none). */
export function fixedDelay(machine: AnyStateMachine, eventType: string): number | undefined {
  const name = /^xstate\.after\.([^.]+)\./.exec(eventType)?.[1]
  if (!name) return undefined
  if (/^\d+$/.test(name)) return Number(name)
  const delays: Record<string, unknown> = machine.implementations.delays
  const configured = delays[name]
  return typeof configured === 'number' ? configured : undefined
}

export function flowPage(name: string, model: FlowModel): FlowPage {
  const { machine } = model
  const states = allStateNodes(machine).map((node) => ({
    id: node.id,
    place: statePlace(node.id),
    depth: node.id.split('.').length - 2,
    description: described(node.description),
    final: node.type === 'final',
    tags: [...node.tags],
    subflows: subflowsOf(node),
  }))
  const transitions = [machine.root, ...allStateNodes(machine)].flatMap((node) =>
    transitionsOfNode(node).map((t): FlowTransition => {
      const delay = fixedDelay(machine, t.eventType)
      return {
        source: node.id,
        eventType: t.eventType,
        description: described(t.description),
        ...(delay === undefined ? {} : { delayMs: delay }),
        targets: (t.target ?? []).map((target) => target.id),
      }
    }),
  )
  const starts = (model.inputs ?? []).map((start) => ({ name: start.name, label: start.label ?? start.name }))
  return { name, machineId: machine.id, purpose: described(machine.root.description), states, transitions, starts }
}

/** Every English text a flow's page shows: what `machine-texts.gen.ts` hands to Lingui (`npm run diagrams`). */
export function flowTexts(model: FlowModel): string[] {
  const page = flowPage('', model)
  return [
    page.purpose,
    ...page.states.map((s) => s.description),
    ...page.transitions.map((t) => t.description),
    ...page.starts.map((s) => s.label),
    ...(model.events ?? []).map((e) => e.label ?? ''),
    ...Object.values(model.labels ?? {}),
  ].filter((text) => text !== '')
}

/** The ids of the states a snapshot is in (every level), for highlighting. */
export function activeStateIds(snapshot: AnyMachineSnapshot): string[] {
  return snapshot._nodes.map((node) => node.id).filter((id) => id !== snapshot.machine.id)
}
