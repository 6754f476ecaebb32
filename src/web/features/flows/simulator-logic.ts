import { __unsafe_getAllOwnEventDescriptors as ownEventDescriptors, fromPromise, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import { transitionsOfNode, type FlowModel } from './flow-data.ts'

/**
 * The flows pages' simulator runs the machine itself. Its invoked actors (requests, timers of the server, child
 * flows) are replaced by stand-ins that wait for ever: nothing reaches the network, and what they would answer is
 * one of the buttons (the model's done/error events, with the model's example data).
 */
const waitsForEver = fromPromise<never>(() => new Promise<never>(() => {}))

export function simulatedMachine(machine: AnyStateMachine): AnyStateMachine {
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, waitsForEver]))
  return machine.provide({ actors })
}

export interface OfferedEvent {
  event: { type: string; [key: string]: unknown }
  /** The model's words for it (English; translated where shown). */
  label: string
}

/** The event's words when the model has none: the machine's description of the transition it would take. */
function describedTransition(snapshot: AnyMachineSnapshot, type: string): string | undefined {
  for (const node of [...snapshot._nodes].reverse()) {
    const found = transitionsOfNode(node).find((t) => t.eventType === type && typeof t.description === 'string')
    if (found?.description) return found.description
  }
  return undefined
}

/**
 * The events the flow accepts now, as the model sends them: every event type the current states handle, with each
 * of the model's payloads for it (or none), kept when the machine would take a transition for it (`snapshot.can`).
 */
export function offeredEvents(model: FlowModel, snapshot: AnyMachineSnapshot): OfferedEvent[] {
  if (snapshot.status !== 'active') return []
  const payloads = model.events ?? []
  return ownEventDescriptors(snapshot)
    .filter((type) => type !== '*' && !type.endsWith('.*'))
    .flatMap((type) => {
      const given = payloads.filter((e) => e.type === type)
      const fallback = model.labels?.[type] ?? describedTransition(snapshot, type) ?? type
      const sent: ReadonlyArray<{ type: string; label?: string; [key: string]: unknown }> = given.length ? given : [{ type }]
      return sent.map((payload) => {
        const { label, ...event } = payload
        return { event: { ...event, type }, label: typeof label === 'string' && label ? label : fallback }
      })
    })
    .filter(({ event }) => snapshot.can(event))
}
