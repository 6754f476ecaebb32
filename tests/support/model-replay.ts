// Replaying a model path on the real actor under Vitest fake timers (tests/support/model-based.ts registers the
// tests): invoked actors become controlled promises, delays advance the fake clock, and inspection records the
// states visited, the transitions and transition pairs taken. One path = one fresh actor.
import { expect, vi } from 'vitest'
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type InspectionEvent } from 'xstate'
import { delayMs, stateValueText, transitionId, type ModelPath, type ModelStep } from '../../scripts/statechart-model.ts'
import { invalidEventId, pairsAcross, unhandledEvents } from '../../scripts/lib/machine-graph.ts'
import type { MachineTestOptions } from './model-based.ts'

export interface Seen {
  visited: Set<string>
  taken: Set<string>
  pairs: Set<string>
  invalid: Set<string>
  spec: Set<string>
}
export const newSeen = (): Seen => ({ visited: new Set(), taken: new Set(), pairs: new Set(), invalid: new Set(), spec: new Set() })

interface Deferred {
  resolve: (value: unknown) => void
  reject: (reason: unknown) => void
}

type Generic = MachineTestOptions<AnyStateMachine>
type Implementations = Parameters<AnyStateMachine['provide']>[0]

export async function settle() {
  for (let i = 0; i < 3; i++) await vi.advanceTimersByTimeAsync(0)
}

function startReplay(options: Generic, path: ModelPath, seen: Seen) {
  const provided = options.provide?.() ?? {}
  const providedActors: Record<string, unknown> = (provided as { actors?: Record<string, unknown> }).actors ?? {}
  const pending = new Map<string, Deferred>()
  const controlled: Record<string, unknown> = {}
  for (const src of Object.keys(options.machine.implementations.actors)) {
    if (src in providedActors) continue
    controlled[src] = fromPromise(
      ({ self }) =>
        new Promise((resolve, reject) => {
          pending.set(self.id, { resolve, reject })
        }),
    )
  }
  const machine = options.machine.provide({ ...provided, actors: { ...controlled, ...providedActors } } as Implementations)
  let last: string[] | undefined
  const noteNodes = (snapshot: AnyMachineSnapshot) => {
    for (const node of snapshot._nodes) if (node.parent) seen.visited.add(node.id)
  }
  const inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep' || event.actorRef.sessionId !== event.rootId) return
    const group = event._transitions.map(transitionId)
    for (const t of event._transitions) seen.visited.add(t.source.id)
    for (const id of group) seen.taken.add(id)
    last = pairsAcross([group], seen.pairs, last)
    noteNodes(event.snapshot as AnyMachineSnapshot)
  }
  const actor = createActor(machine, { input: path.input, inspect })
  /** What the machine emitted since the last step (its answers to whoever drives it). */
  const emitted: AnyEventObject[] = []
  actor.on('*', (event) => void emitted.push(event))
  actor.start()
  noteNodes(actor.getSnapshot())
  return { actor, pending, emitted }
}

type Replay = ReturnType<typeof startReplay>

async function sendStep(options: Generic, replay: Replay, step: ModelStep) {
  const { type } = step.event
  const done = /^xstate\.done\.actor\.(.+)$/.exec(type)
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(type)
  const after = /^xstate\.after\.([^.]+)\./.exec(type)
  if (done?.[1] || failed?.[1]) {
    const id = (done?.[1] ?? failed?.[1])!
    const deferred = replay.pending.get(id)
    if (!deferred) throw new Error(`${type}: no invoked actor "${id}" is waiting (is it provided as a fake instead?)`)
    replay.pending.delete(id)
    if (done) deferred.resolve(step.event.output)
    else deferred.reject(step.event.error)
  } else if (after?.[1]) {
    const ms = delayMs(options.machine, after[1], replay.actor.getSnapshot())
    if (ms === undefined) throw new Error(`${type}: delay "${after[1]}" is not a number in setup({ delays })`)
    await vi.advanceTimersByTimeAsync(ms)
  } else {
    replay.actor.send(step.event)
  }
  await settle()
}

function expectInvariants(options: Generic, snapshot: AnyMachineSnapshot, where: string) {
  for (const inv of options.invariants ?? []) expect(inv.holds(snapshot), `invariant "${inv.name}" ${where} (in ${stateValueText(snapshot.value)})`).toBe(true)
}

/**
 * Every event the state does not handle, sent: state, context and status must stay as they were. The snapshot is
 * compared whole (value, context, status, output) and by what a screen shows (tags).
 */
function expectInvalidEventsIgnored(options: Generic, replay: Replay, seen: Seen) {
  const before = replay.actor.getSnapshot()
  for (const type of unhandledEvents(options.machine, before)) {
    replay.emitted.length = 0
    replay.actor.send({ type })
    const after = replay.actor.getSnapshot()
    const where = `after the unhandled ${type} in ${stateValueText(before.value)}`
    const specTarget = options.spec?.transitions[stateValueText(before.value)]?.[type]
    expect(specTarget, `the spec says "${stateValueText(before.value)}" on ${type} goes to ${String(specTarget)}, the machine ignores it`).toBeUndefined()
    expect(after.value, where).toEqual(before.value)
    expect(after.context, where).toEqual(before.context)
    expect([after.status, [...after.tags].sort()], where).toEqual([before.status, [...before.tags].sort()])
    expect(replay.emitted, `${where}: nothing is answered`).toEqual([])
    seen.invalid.add(invalidEventId(before, type))
  }
}

/** Replays one path: state (+ context) after each step, the spec's table, the test's checks and the model's invariants. */
export async function runPath(options: Generic, path: ModelPath, seen: Seen, { invalidEvents = false } = {}) {
  const replay = startReplay(options, path, seen)
  const compareContext = options.compareContext ?? true
  try {
    await settle()
    const expectState = (label: string, actual: AnyMachineSnapshot, expected: AnyMachineSnapshot) => {
      expect(actual.value, `state after ${label}`).toEqual(expected.value)
      if (compareContext) expect(actual.context, `context after ${label}`).toEqual(expected.context)
    }
    expectState('start', replay.actor.getSnapshot(), path.initial)
    const initialSpec = options.spec?.initial?.[path.inputName]
    if (initialSpec !== undefined) expect(stateValueText(replay.actor.getSnapshot().value), 'state at start (spec)').toBe(initialSpec)
    options.check?.(replay.actor.getSnapshot(), { event: { type: 'start' }, state: path.initial }, undefined, replay.emitted.splice(0))
    expectInvariants(options, replay.actor.getSnapshot(), 'at start')
    for (const [index, step] of path.steps.entries()) {
      const previous = replay.actor.getSnapshot()
      const before = stateValueText(previous.value)
      replay.emitted.length = 0
      await sendStep(options, replay, step)
      const actual = replay.actor.getSnapshot()
      expectState(`step ${index + 1} (${step.event.type})`, actual, step.state)
      if (options.spec) {
        const specTarget = options.spec.transitions[before]?.[step.event.type]
        expect(specTarget, `spec has no "${before}" on ${step.event.type}`).toBeDefined()
        expect([specTarget].flat(), `"${before}" on ${step.event.type} (spec)`).toContain(stateValueText(actual.value))
        seen.spec.add(`${before} ${step.event.type}`)
      }
      options.check?.(actual, step, previous, replay.emitted.splice(0))
      expectInvariants(options, actual, `after step ${index + 1} (${step.event.type})`)
    }
    if (invalidEvents) expectInvalidEventsIgnored(options, replay, seen)
  } finally {
    replay.actor.stop()
  }
}
