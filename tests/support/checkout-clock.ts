import { expect, vi } from 'vitest'
import { fromPromise } from 'xstate'

/**
 * Timing tests of the cake-shop checkout machines (machines/checkout-*.machine.test.ts) on Vitest's fake clock:
 * request actors that note when (fake time, from the start of the test) they were called, and what they answered.
 */

export interface RecordedRequest<TInput, TOutput> {
  /** The actor to provide in place of the real request. */
  actor: ReturnType<typeof fromPromise<TOutput, TInput>>
  /** The calls so far: milliseconds since `startClock()` and the input. */
  calls: Array<{ at: number; input: TInput }>
}

let startedAt = 0

/** Fake timers on, time zero now; `run` then sees `Date.now()` move only as the test advances it. */
export async function onFakeClock(run: () => Promise<void>) {
  vi.useFakeTimers()
  startedAt = Date.now()
  try {
    await run()
  } finally {
    vi.useRealTimers()
  }
}

/** A request that answers `answer(n)` for its n-th call (throwing fails it), noting when it was called. */
export function recordedRequest<TInput, TOutput>(answer: (call: number, input: TInput) => TOutput | Promise<TOutput>): RecordedRequest<TInput, TOutput> {
  const calls: Array<{ at: number; input: TInput }> = []
  const actor = fromPromise<TOutput, TInput>(async ({ input }) => {
    calls.push({ at: Date.now() - startedAt, input })
    return answer(calls.length, input)
  })
  return { actor, calls }
}

/** The first `failures` calls time out; later ones succeed. */
export const failingFirst = (failures: number) => (call: number) => {
  if (call <= failures) throw new Error('timeout')
}

/** The waits between consecutive calls. */
export const gapsOf = (calls: Array<{ at: number }>) => calls.slice(1).map((c, i) => c.at - calls[i]!.at)

/** Advances the fake clock (and lets the promises it releases settle). */
export const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms)

/** After a failed first try (spec §9): the request is retried after 1 s, 2 s and 4 s (the doubling back-off). */
export async function expectRetriedAfter1s2s4s(calls: Array<{ at: number }>) {
  await advance(1_000 + 2_000 + 4_000)
  expect(gapsOf(calls)).toEqual([1_000, 2_000, 4_000])
}

/** Nothing more is tried for a minute: the first try and 3 retries were all. */
export async function expectNoFifthTry(calls: Array<{ at: number }>) {
  await advance(60_000)
  expect(calls).toHaveLength(4)
}
