/**
 * Model-based tests for machines: every shortest path and transition-pair path of the machine (xstate/graph) is replayed on
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
 * - Paths: shortest paths (each ending with every unhandled event), one path per remaining transition, and the
 *   transition-pair paths. Simple paths only with `simplePaths: true` (or while `pairsPending`): they add nothing the
 *   pairs do not cover. Big machines: a `serializeState` that drops context the flow does not branch on.
 * - `compareContext: false` when context holds actor refs or other non-comparable values.
 *
 * - Invoked actors: every actor in the machine's `setup({ actors })` is replaced by a controlled promise unless
 *   `provide().actors` gives it. `xstate.done.actor.<invokeId>` resolves it with `output`,
 *   `xstate.error.actor.<invokeId>` rejects it with `error`. Give every invoke an `id`.
 * - Delays: `xstate.after.<delay>.<stateId>` advances the fake clock by the named delay from `setup({ delays })`.
 * - Keep context finite (serializeState) and name delays/invokes so event names stay stable.
 * - One `describe('<name> machine paths')` with one test per path (each shortest path ends by sending every event
 *   its state does not handle and asserting nothing changed: state, context, status, tags), then the paths that
 *   take every feasible transition pair (1-switch), seeded random walks (model `walks`), and 'covers every state
 *   and transition' (fails listing the states, transitions, pairs and invalid events no test reached). Every step
 *   of all of them checks the model's `invariants`. What the tests saw goes to .test-data/machine-coverage/<name>.json
 *   (`npm run qa:coverage`).
 * - `npm run qa:mutate` runs this file with PAYLAB_MUTATE=<machine id>: the same checks then run against each mutant
 *   of the machine (scripts/lib/machine-mutants.ts) instead, and the killed/surviving mutants are written out.
 * - The same model object drives `npm run qa:paths <machine>` if exported as `<name>Model` from
 *   machines/<flow>.machine.model.ts.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { writeFileSync } from 'node:fs'
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { machineInventory, machinePaths, type MachineModel, type ModelPath, type ModelStep } from '../../scripts/statechart-model.ts'
import { writeCoverage } from '../../scripts/lib/machine-coverage.ts'
import { invalidEventInventory, machineGraph, pairCover, randomWalk, transitionPairs } from '../../scripts/lib/machine-graph.ts'
import { machineMutants } from '../../scripts/lib/machine-mutants.ts'
import type { CoverPath } from '../../scripts/lib/machine-plan.ts'
import { newSeen, runPath, type Seen } from './model-replay.ts'

type Implementations<TMachine extends AnyStateMachine> = Parameters<TMachine['provide']>[0]

export interface MachineTestOptions<TMachine extends AnyStateMachine> extends MachineModel<TMachine> {
  /** Fake implementations, created afresh for every path. */
  provide?: () => Implementations<TMachine>
  /** Compare context with the model's after each step (default true). */
  compareContext?: boolean
  /**
   * More assertions after each step; `previous` is the actor's snapshot before the step (undefined at start),
   * `emitted` what the machine emitted during the step (its answers to whoever drives it).
   */
  check?: (
    actual: AnyMachineSnapshot,
    expected: ModelStep | { event: { type: 'start' }; state: AnyMachineSnapshot },
    previous?: AnyMachineSnapshot,
    emitted?: AnyEventObject[],
  ) => void
  /**
   * The oracle: the spec's transition table, written from the spec and not from the machine (the paths come
   * from the machine, so without it a wrong target would only be compared with itself). State names are
   * values as text (`a.b` for nested). Every step must match an entry, and every entry must be exercised.
   */
  spec?: {
    /** Input name → expected state right after start. */
    initial?: Record<string, string>
    /** State → event type → next state (or the states it may go to, when the event's data decides). */
    transitions: Record<string, Record<string, string | readonly string[]>>
  }
  /** Transition/state ids that may stay uncovered, with a reason in the test file. */
  allowUncovered?: string[]
  /** Why the transition-pair paths are not replayed yet (the pair test is then skipped, and reported as such). */
  pairsPending?: string
}

type Generic = MachineTestOptions<AnyStateMachine>

const asPath = (p: CoverPath, input: unknown, kind: ModelPath['kind']): ModelPath => ({
  name: p.inputName,
  inputName: p.inputName,
  input,
  initial: p.initial,
  steps: p.steps,
  kind,
})

/** Everything the machine test runs, computed from the model (the mutation run computes it again per mutant). */
function plan(options: Generic, { maxSimplePaths = Infinity } = {}) {
  // Every simple path adds no coverage the transition-pair paths do not already give (every state, transition and
  // feasible pair is taken by those): simple paths run only where a model asks for them, or where its pairs are
  // pending. (The search machine alone had 7,852 simple paths: 30 s of the suite for nothing counted.)
  // One traversal when simple paths are off: a second would find a model's keepTransition already spent on the first
  // (the mutation run had no per-transition paths at all for miniapp-session, and its dropped transitions survived).
  const simplePaths = (options.simplePaths ?? options.pairsPending !== undefined) && maxSimplePaths > 0
  let paths = machinePaths({ ...options, simplePaths })
  if (simplePaths && paths.length > maxSimplePaths) paths = machinePaths({ ...options, simplePaths: false })
  const inputOf = (name: string) => (options.inputs ?? []).find((i) => i.name === name)?.input
  const pairs = transitionPairs(options)
  const pairPaths = pairCover(options).paths.map((p) => asPath(p, inputOf(p.inputName), 'transition'))
  const walk = options.walks ?? {}
  const walks = (walk.seeds ?? [1, 2, 3]).map((seed) => ({ seed, path: asPath(randomWalk(options, seed, walk.steps ?? 40), undefined, 'transition') }))
  for (const w of walks) w.path.input = inputOf(w.path.inputName)
  return { paths, pairs, pairPaths, walks, invalid: invalidEventInventory(options), inventory: machineInventory(options.machine) }
}

/** What no test reached: states, transitions, spec entries, feasible pairs and invalid events. */
function missing(options: Generic, planned: ReturnType<typeof plan>, seen: Seen) {
  const allowed = new Set(options.allowUncovered ?? [])
  const specEntries = Object.entries(options.spec?.transitions ?? {}).flatMap(([from, on]) => Object.keys(on).map((event) => `${from} ${event}`))
  return {
    reached: [
      ...planned.inventory.states.filter((s) => !seen.visited.has(s) && !allowed.has(s)).map((s) => `state ${s}`),
      ...planned.inventory.transitions.filter((t) => !seen.taken.has(t.id) && !allowed.has(t.id)).map((t) => `transition ${t.id}`),
    ],
    spec: specEntries.filter((entry) => !seen.spec.has(entry)),
    pairs: planned.pairs.feasible.filter((p) => !seen.pairs.has(p)),
    invalid: planned.invalid.filter((e) => !seen.invalid.has(e)),
  }
}

/** Registers one test per model path, the pair paths, the seeded walks and a coverage test for the machine. */
export function testMachinePaths<TMachine extends AnyStateMachine>(name: string, options: MachineTestOptions<TMachine>) {
  const generic = options as unknown as Generic
  if (process.env.PAYLAB_MUTATE) {
    if (process.env.PAYLAB_MUTATE === options.machine.id) testMutants(name, generic)
    return
  }
  const planned = plan(generic)
  const seen = newSeen()

  describe(`${name} machine paths`, () => {
    beforeEach(() => {
      vi.useFakeTimers()
    })
    afterEach(() => {
      vi.useRealTimers()
    })

    it.each(planned.paths.map((p) => [p.name, p] as const))('%s', async (_, path) => {
      await runPath(generic, path, seen, { invalidEvents: path.kind === 'shortest' })
    })

    it.skipIf(options.pairsPending !== undefined)(
      `takes every feasible transition pair (${planned.pairs.feasible.length} on ${planned.pairPaths.length} paths)`,
      async () => {
        for (const path of planned.pairPaths) await runPath(generic, path, seen)
      },
    )

    it.each(planned.walks.map((w) => [w.seed, w.path] as const))('keeps its invariants on the seeded random walk %i', async (_, path) => {
      await runPath(generic, path, seen)
    })

    it('covers every state and transition, every feasible pair and every invalid event', () => {
      const left = missing(generic, planned, seen)
      expect(left.reached, 'not reached by any path').toEqual([])
      expect(left.spec, 'spec transitions the machine never takes').toEqual([])
      if (options.pairsPending === undefined) expect(left.pairs, 'feasible transition pairs no test took').toEqual([])
      expect(left.invalid, 'unhandled events never sent').toEqual([])
    })

    afterAll(() => {
      writeCoverage({
        machine: name,
        machineId: options.machine.id,
        states: { all: planned.inventory.states, visited: [...seen.visited].sort() },
        transitions: { all: planned.inventory.transitions.map((t) => t.id), taken: [...seen.taken].sort() },
        pairs: { feasible: planned.pairs.feasible, taken: [...seen.pairs].sort(), infeasible: planned.pairs.infeasible },
        invalidEvents: { all: planned.invalid, asserted: [...seen.invalid].sort() },
      })
    })
  })
}

/**
 * `npm run qa:mutate`: the machine test's own checks against each mutant, as if the mutant were the machine's
 * source (its paths, pairs and walks come from the mutant; the oracle is the test's spec, checks and the model's
 * invariants). The first failure kills a mutant. Shortest paths and one path per other transition (no simple paths), for time.
 */
function testMutants(name: string, options: Generic) {
  describe(`${name} machine mutants`, () => {
    beforeEach(() => {
      vi.useFakeTimers()
    })
    afterEach(() => {
      vi.useRealTimers()
    })
    it('kills every mutant', { timeout: 3_600_000 }, async () => {
      const only = process.env.PAYLAB_MUTANT_INDEX === undefined ? undefined : Number(process.env.PAYLAB_MUTANT_INDEX)
      const mutants = machineMutants(options.machine)
      // A mutant may make the state graph endless (a counter no longer reset or bounded): bound its traversals at
      // ten times the machine's own, per start. Exceeding it kills the mutant, as the test file would never end on it.
      const edges = Math.max(...machineGraph(options).map((g) => [...g.out.values()].reduce((n, e) => n + e.length, 0)))
      const traversalLimit = 10 * edges + 1_000
      const results: Array<{ description: string; killed: boolean; by?: string }> = []
      for (const [index, mutant] of mutants.entries()) {
        if (only !== undefined && index !== only) continue
        const mutated = { ...options, machine: mutant.machine, traversalLimit }
        let by: string | undefined
        try {
          const planned = plan(mutated, { maxSimplePaths: 0 })
          const seen = newSeen()
          for (const path of planned.paths) await runPath(mutated, path, seen, { invalidEvents: path.kind === 'shortest' })
          for (const path of planned.pairPaths) await runPath(mutated, path, seen)
          for (const w of planned.walks) await runPath(mutated, w.path, seen)
          const left = missing(mutated, planned, seen)
          const all = [...left.reached, ...left.spec.map((s) => `spec ${s}`), ...left.pairs, ...left.invalid]
          if (all.length) by = `coverage: ${all[0]}`
        } catch (error) {
          by = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200)
        }
        vi.clearAllTimers()
        results.push({ description: mutant.description, killed: by !== undefined, ...(by ? { by } : {}) })
      }
      const out = process.env.PAYLAB_MUTATE_OUT
      if (out) writeFileSync(out, JSON.stringify({ machineId: options.machine.id, test: name, mutants: results }))
    })
  })
}
