import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { testMachinePaths } from '../tests/support/model-based.ts'
import { checkoutPollMachine } from './checkout-poll.machine.ts'
import { checkoutPollModel } from './checkout-poll.machine.model.ts'

/**
 * Every path of the payment wait on the real actor under a fake clock with the real 3-second and 5-minute waits.
 * The oracle is spec §8/§9: COMPLETED ends paid, an expired or failed payment ends closed, up to 3 failed looks
 * in a row are retried and the 4th ends the wait, 5 minutes end it timed out.
 */
const outcomeOf = (s: AnyMachineSnapshot) => (s.status === 'done' ? (s.output as { outcome: string }).outcome : null)

testMachinePaths('checkoutPoll', {
  ...checkoutPollModel,
  // The flow's transitions (docs/statecharts/checkout-poll.md), state by state: a transition gone, retargeted or swapped fails.
  spec: {
    initial: { 'code shown': 'polling.waiting' },
    transitions: {
      'polling.waiting': {
        'xstate.after.pollTotal.checkoutPoll.polling': 'timedOut',
        'xstate.after.pollInterval.checkoutPoll.polling.waiting': 'polling.checking',
      },
      'polling.checking': {
        'xstate.after.pollTotal.checkoutPoll.polling': 'timedOut',
        'xstate.done.actor.getPaymentStatus': ['polling.waiting', 'paid', 'closed'],
        'xstate.error.actor.getPaymentStatus': ['polling.waiting', 'gaveUp'],
      },
    },
  },
  compareContext: false,
  check: (actual, step, before) => {
    const { type } = step.event
    if (type === 'start') return expect([actual.value, actual.context.pollFailures]).toEqual([{ polling: 'waiting' }, 0])
    if (type.startsWith('xstate.after.pollInterval')) expect(actual.value).toEqual({ polling: 'checking' })
    if (type.startsWith('xstate.after.pollTotal')) expect(outcomeOf(actual)).toBe('timedOut')
    if (type === 'xstate.done.actor.getPaymentStatus') {
      const status = (step.event.output as { status: string }).status
      if (status === 'COMPLETED') expect(outcomeOf(actual)).toBe('paid')
      else if (status === 'EXPIRED') expect(outcomeOf(actual)).toBe('closed')
      else expect([actual.value, actual.context.pollFailures]).toEqual([{ polling: 'waiting' }, 0])
    }
    if (type === 'xstate.error.actor.getPaymentStatus') {
      if (before!.context.pollFailures >= 3) expect(outcomeOf(actual)).toBe('gaveUp')
      else expect([actual.value, actual.context.pollFailures]).toEqual([{ polling: 'waiting' }, before!.context.pollFailures + 1])
    }
  },
})

describe('payment wait timing (spec §9)', () => {
  const start = (lookUp: (n: number) => Promise<{ status: string }>) => {
    const getPaymentStatus = vi.fn(async () => lookUp(getPaymentStatus.mock.calls.length))
    const actor = createActor(checkoutPollMachine.provide({ actors: { getPaymentStatus: fromPromise(() => getPaymentStatus()) } }), {
      input: { merchantPaymentId: 'DEVELOPER-PANEL-DEMO-1' },
    }).start()
    return { actor, getPaymentStatus }
  }

  it('looks the payment up every 3 seconds until it is paid', async () => {
    vi.useFakeTimers()
    try {
      const { actor, getPaymentStatus } = start(async (n) => ({ status: n >= 3 ? 'COMPLETED' : 'CREATED' }))
      await vi.advanceTimersByTimeAsync(2_999)
      expect(getPaymentStatus).toHaveBeenCalledTimes(0)
      await vi.advanceTimersByTimeAsync(1)
      expect(getPaymentStatus).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(6_000)
      expect(getPaymentStatus).toHaveBeenCalledTimes(3)
      expect(actor.getSnapshot().output).toEqual({ outcome: 'paid' })
    } finally {
      vi.useRealTimers()
    }
  })

  it('stops after 5 minutes unpaid', async () => {
    vi.useFakeTimers()
    try {
      const { actor, getPaymentStatus } = start(async () => ({ status: 'CREATED' }))
      await vi.advanceTimersByTimeAsync(299_999)
      expect(actor.getSnapshot().status).toBe('active')
      expect(getPaymentStatus).toHaveBeenCalledTimes(99)
      await vi.advanceTimersByTimeAsync(1)
      expect(actor.getSnapshot().output).toEqual({ outcome: 'timedOut' })
    } finally {
      vi.useRealTimers()
    }
  })

  it('gives up on the 4th failed look in a row; a successful look in between resets the count', async () => {
    vi.useFakeTimers()
    try {
      const answers = [false, false, false, true, false, false, false, false]
      const { actor } = start(async (n) => {
        if (!answers[n - 1]) throw new Error('network')
        return { status: 'CREATED' }
      })
      await vi.advanceTimersByTimeAsync(7 * 3_000)
      expect(actor.getSnapshot().status).toBe('active')
      await vi.advanceTimersByTimeAsync(3_000)
      expect(actor.getSnapshot().output).toEqual({ outcome: 'gaveUp' })
    } finally {
      vi.useRealTimers()
    }
  })
})
