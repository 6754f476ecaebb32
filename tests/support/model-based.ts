/**
 * Model-based tests for machines: every shortest and simple path of the machine (xstate/graph) is replayed on
 * the real actor under Vitest fake timers, checking state value (+ context) after each step; then coverage
 * (states visited, transitions taken, observed through inspection) is asserted and recorded for `npm test`.
 *
 * Usage (machines/<flow>.machine.test.ts):
 *
 *   import { testMachinePaths } from '../tests/support/model-based.ts'
 *   testMachinePaths('signIn', {
 *     machine: signInMachine,
 *     inputs: [{ name: 'fresh', input: { email: '' } }],            // optional; several = several start points
 *     events: [                                                      // payloads for events the machine reads
 *       { type: 'form.submit', email: 'a@b.jp', password: 'secret1' },
 *       { type: 'xstate.done.actor.authenticate', output: { code: 'SUCCESS' } },
 *       { type: 'xstate.error.actor.authenticate', error: { code: 'OTP_INVALID' } },
 *     ],
 *     provide: () => ({ actions: { storeToken: vi.fn() } }),         // fakes; fresh per path (optional)
 *     spec: {                                                        // the oracle, written from the spec
 *       initial: { fresh: 'form.editing' },
 *       transitions: { 'form.editing': { 'form.submit': 'form.authenticating' }, ... },
 *     },
 *     check: (actual, expected, previous) => {},                     // extra assertions per step (optional)
 *   })
 *
 * - The paths come from the machine itself, so replaying them alone only proves the actor agrees with its own
 *   definition. `spec` (state → event → next state, from the spec) is what makes a wrong target fail: every
 *   step must match it and every entry must be exercised. Put effect checks (what was stored, called) in `check`.
 * - Big machines: `simplePaths: false` (shortest paths + one path per remaining transition still cover every
 *   transition) and a `serializeState` that drops context the flow does not branch on.
 * - `compareContext: false` when context holds actor refs or other non-comparable values.
 *
 * - Invoked actors: every actor in the machine's `setup({ actors })` is replaced by a controlled promise unless
 *   `provide().actors` gives it. `xstate.done.actor.<invokeId>` resolves it with `output`,
 *   `xstate.error.actor.<invokeId>` rejects it with `error`. Give every invoke an `id`.
 * - Delays: `xstate.after.<delay>.<stateId>` advances the fake clock by the named delay from `setup({ delays })`.
 * - Keep context finite (serializeState) and name delays/invokes so event names stay stable.
 * - One `describe('<name> machine paths')` with one test per path, then 'covers every state and transition'
 *   (fails listing what no path reached). Coverage lines go to .test-data/machine-coverage/<name>.json.
 * - The same model object drives `npm run qa:paths <machine>` if exported as `<name>Model` from
 *   machines/<flow>.machine.model.ts.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot, type AnyStateMachine, type InspectionEvent } from 'xstate'
import {
  delayMs,
  machineInventory,
  machinePaths,
  stateValueText,
  transitionId,
  writeCoverage,
  type MachineModel,
  type ModelPath,
  type ModelStep,
} from '../../scripts/statechart-model.ts'

type Implementations<TMachine extends AnyStateMachine> = Parameters<TMachine['provide']>[0]

export interface MachineTestOptions<TMachine extends AnyStateMachine> extends MachineModel<TMachine> {
  /** Fake implementations, created afresh for every path. */
  provide?: () => Implementations<TMachine>
  /** Compare context with the model's after each step (default true). */
  compareContext?: boolean
  /** More assertions after each step; `previous` is the actor's snapshot before the step (undefined at start). */
  check?: (actual: AnyMachineSnapshot, expected: ModelStep | { event: { type: 'start' }; state: AnyMachineSnapshot }, previous?: AnyMachineSnapshot) => void
  /**
   * The oracle: the spec's transition table, written from the spec and not from the machine (the paths come
   * from the machine, so without it a wrong target would only be compared with itself). State names are
   * values as text (`a.b` for nested). Every step must match an entry, and every entry must be exercised.
   */
  spec?: {
    /** Input name → expected state right after start. */
    initial?: Record<string, string>
    /** State → event type → next state. */
    transitions: Record<string, Record<string, string>>
  }
  /** Transition/state ids that may stay uncovered, with a reason in the test file. */
  allowUncovered?: string[]
}

interface Deferred {
  resolve: (value: unknown) => void
  reject: (reason: unknown) => void
}

async function settle() {
  for (let i = 0; i < 3; i++) await vi.advanceTimersByTimeAsync(0)
}

function startReplay<TMachine extends AnyStateMachine>(options: MachineTestOptions<TMachine>, path: ModelPath) {
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
  const machine = options.machine.provide({
    ...provided,
    actors: { ...controlled, ...providedActors },
  } as Implementations<TMachine>)
  const taken = new Set<string>()
  const visited = new Set<string>()
  const noteNodes = (snapshot: AnyMachineSnapshot) => {
    for (const node of snapshot._nodes) if (node.parent) visited.add(node.id)
  }
  const inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep' || event.actorRef.sessionId !== event.rootId) return
    for (const t of event._transitions) {
      taken.add(transitionId(t))
      visited.add(t.source.id)
    }
    noteNodes(event.snapshot as AnyMachineSnapshot)
  }
  const actor = createActor(machine, { input: path.input, inspect })
  actor.start()
  noteNodes(actor.getSnapshot())
  return { actor, pending, taken, visited }
}

async function sendStep(options: MachineTestOptions<AnyStateMachine>, replay: ReturnType<typeof startReplay>, step: ModelStep) {
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

/** Registers one test per model path plus a coverage test for the machine. */
export function testMachinePaths<TMachine extends AnyStateMachine>(name: string, options: MachineTestOptions<TMachine>) {
  const paths = machinePaths(options)
  const inventory = machineInventory(options.machine)
  const seen = { visited: new Set<string>(), taken: new Set<string>() }
  const specTaken = new Set<string>()
  const compareContext = options.compareContext ?? true
  const generic = options as unknown as MachineTestOptions<AnyStateMachine>

  describe(`${name} machine paths`, () => {
    beforeEach(() => {
      vi.useFakeTimers()
    })
    afterEach(() => {
      vi.useRealTimers()
    })

    it.each(paths.map((p) => [p.name, p] as const))('%s', async (_, path) => {
      const replay = startReplay(generic, path)
      try {
        await settle()
        const expectState = (label: string, actual: AnyMachineSnapshot, expected: AnyMachineSnapshot) => {
          expect(actual.value, `state after ${label}`).toEqual(expected.value)
          if (compareContext) expect(actual.context, `context after ${label}`).toEqual(expected.context)
        }
        expectState('start', replay.actor.getSnapshot(), path.initial)
        const initialSpec = options.spec?.initial?.[path.inputName]
        if (initialSpec !== undefined) expect(stateValueText(replay.actor.getSnapshot().value), 'state at start (spec)').toBe(initialSpec)
        options.check?.(replay.actor.getSnapshot(), { event: { type: 'start' }, state: path.initial })
        for (const [index, step] of path.steps.entries()) {
          const previous = replay.actor.getSnapshot()
          const before = stateValueText(previous.value)
          await sendStep(generic, replay, step)
          const actual = replay.actor.getSnapshot()
          expectState(`step ${index + 1} (${step.event.type})`, actual, step.state)
          if (options.spec) {
            const specTarget = options.spec.transitions[before]?.[step.event.type]
            expect(specTarget, `spec has no "${before}" on ${step.event.type}`).toBeDefined()
            expect(stateValueText(actual.value), `"${before}" on ${step.event.type} (spec)`).toBe(specTarget)
            specTaken.add(`${before} ${step.event.type}`)
          }
          options.check?.(actual, step, previous)
        }
        for (const id of replay.visited) seen.visited.add(id)
        for (const id of replay.taken) seen.taken.add(id)
      } finally {
        replay.actor.stop()
      }
    })

    it('covers every state and transition', () => {
      const allowed = new Set(options.allowUncovered ?? [])
      const missing = [
        ...inventory.states.filter((s) => !seen.visited.has(s) && !allowed.has(s)).map((s) => `state ${s}`),
        ...inventory.transitions.filter((t) => !seen.taken.has(t.id) && !allowed.has(t.id)).map((t) => `transition ${t.id}`),
      ]
      expect(missing, 'not reached by any path').toEqual([])
      const specEntries = Object.entries(options.spec?.transitions ?? {}).flatMap(([from, on]) => Object.keys(on).map((event) => `${from} ${event}`))
      expect(
        specEntries.filter((entry) => !specTaken.has(entry)),
        'spec transitions the machine never takes',
      ).toEqual([])
    })

    afterAll(() => {
      writeCoverage({
        machine: name,
        states: { all: inventory.states, visited: [...seen.visited].sort() },
        transitions: { all: inventory.transitions.map((t) => t.id), taken: [...seen.taken].sort() },
      })
    })
  })
}
