import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { testMachinePaths } from '../tests/support/model-based.ts'
import { checkoutAlerts } from '../src/domain/checkout-demo.ts'
import { checkoutDirectDebitMachine, type CheckoutDirectDebitContext } from './checkout-direct-debit.machine.ts'
import { checkoutDirectDebitModel, returnWithToken, walletNextPage } from './checkout-direct-debit.machine.model.ts'
import { checkoutPollMachine } from './checkout-poll.machine.ts'
import { advance, expectNoFifthTry, expectRetriedAfter1s2s4s, failingFirst, onFakeClock, recordedRequest } from '../tests/support/checkout-clock.ts'

/**
 * Every path of the direct-debit checkout on the real actor under a fake clock with the real waits. The oracle
 * is spec §4 (checkout demo direct debit), §8 and §9, checked after every step.
 */
const ctx = (s: AnyMachineSnapshot) => s.context as CheckoutDirectDebitContext
const at = (s: AnyMachineSnapshot) => JSON.stringify(s.value)

testMachinePaths('checkoutDirectDebit', {
  ...checkoutDirectDebitModel,
  // The flow's transitions (docs/statecharts/checkout-direct-debit.md), state by state: a transition gone, retargeted or swapped fails.
  spec: {
    initial: { 'not linked': 'input.quiet', linked: 'input.quiet' },
    transitions: {
      'input.quiet': {
        'link.start': ['fetchingAuthorization', 'showCode'],
      },
      fetchingAuthorization: {
        'xstate.done.actor.getAuthorizationUrl': 'showIFrame',
        'xstate.error.actor.getAuthorizationUrl': 'input.alerting',
      },
      showIFrame: {
        'frame.navigated': ['savingToken', 'input.alerting', 'showIFrame'],
        'link.cancel': 'input.quiet',
      },
      'input.alerting': {
        'link.start': ['fetchingAuthorization', 'showCode'],
        'alert.close': 'input.quiet',
        'xstate.after.alertDisplay.checkoutDirectDebit.input.alerting': 'input.quiet',
      },
      savingToken: {
        'xstate.done.actor.saveResponseToken': 'showCode',
        'xstate.error.actor.saveResponseToken': 'input.alerting',
      },
      showCode: {
        'debit.submit': 'debiting',
      },
      debiting: {
        'xstate.done.actor.createPayment': 'polling',
        'xstate.error.actor.createPayment': ['cancelling', 'input.alerting'],
      },
      polling: {
        'xstate.done.actor.poll': ['paid', 'cancelling'],
      },
      cancelling: {
        'xstate.done.actor.cancelPayment': 'input.alerting',
        'xstate.error.actor.cancelPayment': ['cancelBackoff', 'input.alerting'],
      },
      paid: {
        'xstate.after.autoRefund.checkoutDirectDebit.paid': 'refunding',
      },
      cancelBackoff: {
        'xstate.after.retryBackoff.checkoutDirectDebit.cancelBackoff': 'cancelling',
      },
      refunding: {
        'xstate.done.actor.refundPayment': 'input.alerting',
        'xstate.error.actor.refundPayment': ['refundBackoff', 'input.alerting'],
      },
      refundBackoff: {
        'xstate.after.retryBackoff.checkoutDirectDebit.refundBackoff': 'refunding',
      },
    },
  },
  compareContext: false,
  check: (actual, step, before) => {
    const { type } = step.event
    const c = ctx(actual)
    expect(actual.hasTag('busy.processing')).toBe(actual.matches('debiting') || actual.matches('polling')) // 'Processing...'
    if (type === 'start') {
      expect([at(actual), c.alert]).toEqual(['{"input":"quiet"}', null])
      return
    }
    const b = ctx(before!)
    if (type === 'link.start') expect(at(actual)).toBe(b.userAuthorizationId && b.phoneNumber ? '"showCode"' : '"fetchingAuthorization"')
    if (type === 'xstate.error.actor.getAuthorizationUrl') expect([at(actual), c.alert]).toEqual(['{"input":"alerting"}', 'AUTHORIZATION_FAILED'])
    if (type === 'xstate.done.actor.getAuthorizationUrl')
      expect([at(actual), c.authorizationUrl]).toEqual(['"showIFrame"', 'http://127.0.0.1:4406/wallet/authorize?session=s1'])
    if (type === 'frame.navigated') {
      if (step.event.location === returnWithToken) expect([at(actual), c.responseToken]).toEqual(['"savingToken"', 'eyJhbGciOiJIUzI1NiJ9.e30.sig'])
      else if (step.event.location === walletNextPage)
        expect([at(actual), actual.context]).toEqual(['"showIFrame"', before!.context]) // the wallet's own pages
      else expect([at(actual), c.alert]).toEqual(['{"input":"alerting"}', 'RESPONSE_TOKEN_MISSING'])
    }
    if (type === 'xstate.error.actor.saveResponseToken') expect([at(actual), c.alert]).toEqual(['{"input":"alerting"}', 'RESPONSE_TOKEN_MISSING'])
    if (type === 'xstate.done.actor.saveResponseToken')
      expect([at(actual), c.userAuthorizationId, c.phoneNumber]).toEqual(['"showCode"', 'ua-0002', '08087654321'])
    if (type === 'xstate.done.actor.createPayment') expect([at(actual), c.merchantPaymentId]).toEqual(['"polling"', 'DEVELOPER-PANEL-DEMO-0003'])
    if (type === 'xstate.error.actor.createPayment') {
      if ((step.event.error as { timedOut: boolean }).timedOut)
        expect([at(actual), c.merchantPaymentId, c.cancelAlert]).toEqual(['"cancelling"', 'DEVELOPER-PANEL-DEMO-0004', 'TIMED_OUT'])
      else expect([at(actual), c.alert]).toEqual(['{"input":"alerting"}', 'UNKNOWN_ERROR'])
    }
    if (type === 'xstate.done.actor.poll') {
      const outcome = (step.event.output as { outcome: string }).outcome
      if (outcome === 'paid') expect(at(actual)).toBe('"paid"')
      else expect([at(actual), c.cancelAlert, c.retries]).toEqual(['"cancelling"', outcome === 'gaveUp' ? 'UNKNOWN_ERROR' : 'TIMED_OUT', 0])
    }
    if (type.startsWith('xstate.after.autoRefund')) expect([at(actual), c.retries]).toEqual(['"refunding"', 0])
    if (type === 'xstate.done.actor.refundPayment') expect([at(actual), c.alert, c.merchantPaymentId]).toEqual(['{"input":"alerting"}', 'REFUNDED', null])
    if (type === 'xstate.error.actor.refundPayment') {
      // spec §9: retried up to 3 times, then "will try later"
      if (b.retries < 3) expect([at(actual), c.retries]).toEqual(['"refundBackoff"', b.retries + 1])
      else expect([at(actual), c.alert]).toEqual(['{"input":"alerting"}', 'REFUND_LATER'])
    }
    if (type === 'xstate.error.actor.cancelPayment') {
      if (b.retries < 3) expect([at(actual), c.retries]).toEqual(['"cancelBackoff"', b.retries + 1])
      else expect([at(actual), c.alert]).toEqual(['{"input":"alerting"}', b.cancelAlert])
    }
    if (type === 'xstate.done.actor.cancelPayment') expect([at(actual), c.alert, c.merchantPaymentId]).toEqual(['{"input":"alerting"}', b.cancelAlert, null])
    if (type.startsWith('xstate.after.alertDisplay') || type === 'alert.close') expect([at(actual), c.alert]).toEqual(['{"input":"quiet"}', null])
    if (type === 'link.cancel') expect([at(actual), c.authorizationUrl]).toEqual(['{"input":"quiet"}', null])
    if (type === 'debit.submit') expect(at(actual)).toBe('"debiting"')
    // the back-off ends: the same request again, the retries kept
    if (type.startsWith('xstate.after.retryBackoff'))
      expect([at(actual), c.retries]).toEqual([before!.matches('refundBackoff') ? '"refunding"' : '"cancelling"', b.retries])
    if (c.alert) expect(checkoutDirectDebitModel.observe(actual)).toContain(`alert.${checkoutAlerts[c.alert]}`)
  },
})

describe('direct-debit checkout timing (spec §9)', () => {
  const linked = { userAuthorizationId: 'ua-1', phoneNumber: '08012345678' }
  function start(opts: { outcome: 'paid' | 'timedOut'; refundFailures?: number; cancelFailures?: number }) {
    const calls = { refund: [] as number[], cancel: [] as number[] }
    const actor = createActor(
      checkoutDirectDebitMachine.provide({
        actors: {
          createPayment: fromPromise(async () => ({ merchantPaymentId: 'DEVELOPER-PANEL-DEMO-1' })),
          checkoutPoll: fromPromise(async () => ({ outcome: opts.outcome })) as never,
          refundPayment: fromPromise(async () => {
            calls.refund.push(Date.now())
            if (calls.refund.length <= (opts.refundFailures ?? 0)) throw new Error('timeout')
          }),
          cancelPayment: fromPromise(async () => {
            calls.cancel.push(Date.now())
            if (calls.cancel.length <= (opts.cancelFailures ?? 0)) throw new Error('timeout')
          }),
        },
      }),
      { input: linked },
    ).start()
    actor.send({ type: 'link.start' })
    expect(actor.getSnapshot().value).toBe('showCode') // saved link: straight to Debit
    actor.send({ type: 'debit.submit' })
    return { actor, calls }
  }
  const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!)

  it('refunds 30 s after paid and returns to the shop with the success alert', async () => {
    vi.useFakeTimers()
    try {
      const { actor, calls } = start({ outcome: 'paid' })
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().value).toBe('paid')
      await vi.advanceTimersByTimeAsync(29_999)
      expect(calls.refund).toHaveLength(0)
      await vi.advanceTimersByTimeAsync(1)
      expect(calls.refund).toHaveLength(1)
      expect([actor.getSnapshot().value, actor.getSnapshot().context.alert]).toEqual([{ input: 'alerting' }, 'REFUNDED'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('retries a failing refund after 1, 2 and 4 seconds, then says it will try later', async () => {
    vi.useFakeTimers()
    try {
      const { actor, calls } = start({ outcome: 'paid', refundFailures: 4 })
      await vi.advanceTimersByTimeAsync(30_000 + 7_000)
      expect(calls.refund).toHaveLength(4)
      expect(gaps(calls.refund)).toEqual([1_000, 2_000, 4_000])
      expect(actor.getSnapshot().context.alert).toBe('REFUND_LATER')
    } finally {
      vi.useRealTimers()
    }
  })

  it('cancels a payment not completed in time, retrying the cancel after 1 s and 2 s', async () => {
    vi.useFakeTimers()
    try {
      const { actor, calls } = start({ outcome: 'timedOut', cancelFailures: 2 })
      await vi.advanceTimersByTimeAsync(3_000)
      expect(gaps(calls.cancel)).toEqual([1_000, 2_000])
      expect([actor.getSnapshot().value, actor.getSnapshot().context.alert]).toEqual([{ input: 'alerting' }, 'TIMED_OUT'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('links through the consent frame: the token comes from the loading page query', async () => {
    vi.useFakeTimers()
    try {
      const save = vi.fn(async (_: { responseToken: string }) => ({ userAuthorizationId: 'ua-9', phoneNumber: '09000000000' }))
      const actor = createActor(
        checkoutDirectDebitMachine.provide({
          actors: {
            getAuthorizationUrl: fromPromise(async () => ({ url: 'http://127.0.0.1:4406/wallet/authorize' })),
            saveResponseToken: fromPromise(({ input }) => save(input)),
          },
        }),
        { input: {} },
      ).start()
      actor.send({ type: 'link.start' })
      await vi.advanceTimersByTimeAsync(0)
      actor.send({ type: 'frame.navigated', location: 'http://127.0.0.1:4406/wallet/authorize?step=2' })
      expect(actor.getSnapshot().value).toBe('showIFrame') // still on the wallet's pages
      actor.send({ type: 'frame.navigated', location: 'http://127.0.0.1:4406/demo/loading?responseToken=tok-1' })
      await vi.advanceTimersByTimeAsync(0)
      expect(save).toHaveBeenCalledWith({ responseToken: 'tok-1' })
      expect([actor.getSnapshot().value, actor.getSnapshot().context.phoneNumber]).toEqual(['showCode', '09000000000'])
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('direct-debit checkout timing with the real wait for the payment (spec §4, §8, §9)', () => {
  /** A linked shop with the real `checkoutPoll` child; the requests are recorded fakes. */
  function shop(opts: { status: (look: number) => string; createTimesOut?: boolean; cancelFailures?: number; refundFailures?: number }) {
    const looks = recordedRequest<{ merchantPaymentId: string }, { status: string }>((n) => ({ status: opts.status(n) }))
    const cancels = recordedRequest<{ merchantPaymentId: string }, void>(failingFirst(opts.cancelFailures ?? 0))
    const refunds = recordedRequest<{ merchantPaymentId: string; amount: number }, void>(failingFirst(opts.refundFailures ?? 0))
    const actor = createActor(
      checkoutDirectDebitMachine.provide({
        actors: {
          createPayment: fromPromise(async () => {
            if (opts.createTimesOut) throw { timedOut: true, merchantPaymentId: 'DEVELOPER-PANEL-DEMO-8' }
            return { merchantPaymentId: 'DEVELOPER-PANEL-DEMO-8' }
          }),
          checkoutPoll: checkoutPollMachine.provide({ actors: { getPaymentStatus: looks.actor } }),
          cancelPayment: cancels.actor,
          refundPayment: refunds.actor,
        },
      }),
      { input: { userAuthorizationId: 'ua-8', phoneNumber: '08011112222' } },
    ).start()
    actor.send({ type: 'link.start' })
    actor.send({ type: 'debit.submit' })
    const now = () => actor.getSnapshot()
    return { now, looks, cancels, refunds }
  }

  it("looks every 3 s with 'Processing...' until COMPLETED, then refunds the payment 30 s after paid", async () => {
    await onFakeClock(async () => {
      const { now, looks, refunds } = shop({ status: (n) => (n < 3 ? 'CREATED' : 'COMPLETED') })
      await advance(0)
      expect([now().value, now().hasTag('busy.processing')]).toEqual(['polling', true])
      await advance(9_000)
      expect(looks.calls.map((c) => c.at)).toEqual([3_000, 6_000, 9_000])
      expect(looks.calls[0]!.input).toEqual({ merchantPaymentId: 'DEVELOPER-PANEL-DEMO-8' })
      expect(now().value).toBe('paid')
      await advance(30_000)
      expect(refunds.calls).toEqual([{ at: 39_000, input: { merchantPaymentId: 'DEVELOPER-PANEL-DEMO-8', amount: 1 } }])
      expect([now().value, now().context.alert]).toEqual([{ input: 'alerting' }, 'REFUNDED'])
    })
  })

  it('cancels a payment not completed within 5 minutes; a failing cancel is retried after 1, 2 and 4 s, then gives up with the alert', async () => {
    await onFakeClock(async () => {
      const { now, cancels } = shop({ status: () => 'CREATED', cancelFailures: 4 })
      await advance(300_000 - 1)
      expect([now().value, cancels.calls]).toEqual(['polling', []])
      await advance(1)
      expect(cancels.calls.map((c) => c.at)).toEqual([300_000])
      await expectRetriedAfter1s2s4s(cancels.calls)
      expect([now().value, now().context.alert, now().context.merchantPaymentId]).toEqual([{ input: 'alerting' }, 'TIMED_OUT', null])
      await expectNoFifthTry(cancels.calls)
    })
  })

  it('an expired or failed payment is cancelled at once, with the timeout alert', async () => {
    await onFakeClock(async () => {
      const { now, cancels } = shop({ status: () => 'FAILED' })
      await advance(3_000)
      expect(cancels.calls.map((c) => c.at)).toEqual([3_000])
      expect([now().value, now().context.alert]).toEqual([{ input: 'alerting' }, 'TIMED_OUT'])
    })
  })

  it('a payment request that times out is cancelled by the merchant payment id it used; the wait never starts', async () => {
    await onFakeClock(async () => {
      const { now, looks, cancels } = shop({ status: () => 'COMPLETED', createTimesOut: true, cancelFailures: 1 })
      await advance(1_000)
      expect(cancels.calls).toEqual([
        { at: 0, input: { merchantPaymentId: 'DEVELOPER-PANEL-DEMO-8' } },
        { at: 1_000, input: { merchantPaymentId: 'DEVELOPER-PANEL-DEMO-8' } },
      ])
      expect([now().value, now().context.alert, looks.calls]).toEqual([{ input: 'alerting' }, 'TIMED_OUT', []])
    })
  })
})
