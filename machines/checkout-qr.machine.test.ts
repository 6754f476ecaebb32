import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { testMachinePaths } from '../tests/support/model-based.ts'
import { checkoutAlerts } from '../src/domain/checkout-demo.ts'
import {
  checkoutQrMachine,
  type CheckoutQrContext,
  type CreateCheckoutInput,
  type CreateCheckoutOutput,
  type GiveCashbackInput,
} from './checkout-qr.machine.ts'
import { cashbackReturnWithToken, cashbackReturnWithoutToken, checkoutQrModel, demoCodeUrl, walletNextPage } from './checkout-qr.machine.model.ts'
import { checkoutPollMachine } from './checkout-poll.machine.ts'
import { advance, expectNoFifthTry, expectRetriedAfter1s2s4s, failingFirst, gapsOf, onFakeClock, recordedRequest } from '../tests/support/checkout-clock.ts'

/**
 * Every path of the QR checkout on the real actor under a fake clock with the real waits. The oracle is spec §4
 * (checkout demo QR), §8 and §9, checked after every step: checkout needs a cake, a code without url or a failed
 * creation returns with the unknown-error alert, the 4th failed look in a row cancels, 5 minutes cancel with the
 * timeout alert, alerts hide after 45 s, a paid QR order is refunded 30 s later (cashback is not).
 */
const ctx = (s: AnyMachineSnapshot) => s.context as CheckoutQrContext
const at = (s: AnyMachineSnapshot) => JSON.stringify(s.value)

testMachinePaths('checkoutQr', {
  ...checkoutQrModel,
  // The flow's transitions (docs/statecharts/checkout-qr.md), state by state: a transition gone, retargeted or swapped fails.
  spec: {
    initial: { 'QR checkout': 'input.quiet', cashback: 'input.quiet' },
    transitions: {
      'input.quiet': {
        'cake.pick': 'input.quiet',
        'checkout.submit': ['input.quiet', 'creating'],
      },
      creating: {
        'xstate.done.actor.createCheckout': ['showCode', 'input.alerting', 'showIFrame'],
        'xstate.error.actor.createCheckout': 'input.alerting',
      },
      showCode: {
        'checkout.cancel': 'cancelling',
        'xstate.done.actor.poll': ['paid', 'cancelling'],
      },
      'input.alerting': {
        'cake.pick': 'input.alerting',
        'checkout.submit': 'creating',
        'alert.close': 'input.quiet',
        'xstate.after.alertDisplay.checkoutQr.input.alerting': 'input.quiet',
      },
      cancelling: {
        'xstate.done.actor.cancelCode': 'input.alerting',
        'xstate.error.actor.cancelCode': 'input.alerting',
      },
      paid: {
        'checkout.restart': ['paid', 'input.quiet'],
        'xstate.after.autoRefund.checkoutQr.paid': ['refunding', 'paid'],
      },
      refunding: {
        'xstate.done.actor.refundPayment': 'input.alerting',
        'xstate.error.actor.refundPayment': ['refundBackoff', 'input.alerting'],
      },
      refundBackoff: {
        'xstate.after.retryBackoff.checkoutQr.refundBackoff': 'refunding',
      },
      showIFrame: {
        'frame.navigated': ['givingCashback', 'input.alerting', 'showIFrame'],
        'checkout.restart': 'input.quiet',
      },
      givingCashback: {
        'xstate.done.actor.giveCashback': 'paid',
        'xstate.error.actor.giveCashback': 'input.alerting',
      },
    },
  },
  compareContext: false,
  check: (actual, step, before) => {
    const { type } = step.event
    const c = ctx(actual)
    expect(actual.hasTag('notice.doNotClose')).toBe(actual.matches('showCode')) // spec §4: after the code is created
    if (type === 'start') {
      expect([at(actual), c.cake, c.alert]).toEqual(['{"input":"quiet"}', null, null])
      expect(checkoutQrModel.observe(actual)).toContain('checkout.disabled')
      return
    }
    const b = ctx(before!)
    if (type === 'checkout.submit') expect(actual.matches('creating')).toBe(before!.matches('input') && b.cake !== null)
    if (type === 'cake.pick') expect(c.cake).toBe('strawberry')
    if (type === 'xstate.error.actor.createCheckout' || (type === 'xstate.done.actor.createCheckout' && !(step.event.output as { url: string | null }).url)) {
      expect([at(actual), c.alert]).toEqual(['{"input":"alerting"}', 'UNKNOWN_ERROR'])
      expect(checkoutQrModel.observe(actual)).toContain('alert.error')
    }
    if (type === 'xstate.done.actor.createCheckout' && (step.event.output as { url: string | null }).url) {
      expect(actual.matches(b.kind === 'cashback' ? 'showIFrame' : 'showCode')).toBe(true)
      expect(c.url).toBe(demoCodeUrl)
    }
    if (type === 'xstate.done.actor.poll') {
      // spec §8/§9: paid ends the flow; the 4th failed look cancels with the unknown error, 5 minutes or expiry with the timeout
      const outcome = (step.event.output as { outcome: string }).outcome
      if (outcome === 'paid') expect(actual.matches('paid')).toBe(true)
      else expect([at(actual), c.cancelAlert]).toEqual(['"cancelling"', outcome === 'gaveUp' ? 'UNKNOWN_ERROR' : 'TIMED_OUT'])
    }
    // issue 20: Cancel beside the code cancels it; the user's failed cancel says it could not be confirmed
    if (type === 'checkout.cancel') expect([at(actual), c.cancelAlert]).toEqual(['"cancelling"', 'CHECKOUT_CANCELED'])
    if (type === 'xstate.done.actor.cancelCode') expect([at(actual), c.alert, c.url]).toEqual(['{"input":"alerting"}', b.cancelAlert, null])
    if (type === 'xstate.error.actor.cancelCode')
      expect([at(actual), c.alert, c.url]).toEqual(['{"input":"alerting"}', b.cancelAlert === 'CHECKOUT_CANCELED' ? 'CANCEL_UNCONFIRMED' : b.cancelAlert, null])
    if (type.startsWith('xstate.after.alertDisplay') || type === 'alert.close') expect([at(actual), c.alert]).toEqual(['{"input":"quiet"}', null])
    // spec §4 cashback through showIFrame: the consent's token gives the cashback; no token starts over; §8 outcomes
    if (type === 'frame.navigated') {
      if (step.event.location === cashbackReturnWithToken) expect([at(actual), c.responseToken]).toEqual(['"givingCashback"', 'eyJhbGciOiJIUzI1NiJ9.e30.sig'])
      else if (step.event.location === walletNextPage)
        expect([at(actual), actual.context]).toEqual(['"showIFrame"', before!.context]) // the wallet's own pages
      else expect([at(actual), c.alert, c.url]).toEqual(['{"input":"alerting"}', 'RESPONSE_TOKEN_MISSING', null])
    }
    if (type === 'xstate.done.actor.giveCashback') expect([at(actual), c.kind, c.alert]).toEqual(['"paid"', 'cashback', null])
    if (type === 'xstate.error.actor.giveCashback') expect([at(actual), c.alert, c.responseToken]).toEqual(['{"input":"alerting"}', 'CASHBACK_FAILED', null])
    if (type === 'checkout.restart') {
      if (before!.matches('paid') && b.kind === 'qr')
        expect(at(actual)).toBe('"paid"') // the refund comes first
      else expect([actual.matches('input'), c.url]).toEqual([true, null])
    }
    // a paid QR order refunds itself about 30 s later (retried after 1, 2, 4 s); a cashback does not
    if (type.startsWith('xstate.after.autoRefund')) expect([at(actual), c.retries]).toEqual([b.kind === 'qr' ? '"refunding"' : '"paid"', 0])
    if (type === 'xstate.done.actor.refundPayment') expect([at(actual), c.alert, c.merchantPaymentId]).toEqual(['{"input":"alerting"}', 'REFUNDED', null])
    if (type === 'xstate.error.actor.refundPayment') {
      if (b.retries < 3) expect([at(actual), c.retries]).toEqual(['"refundBackoff"', b.retries + 1])
      else expect([at(actual), c.alert]).toEqual(['{"input":"alerting"}', 'REFUND_LATER'])
    }
    if (type.startsWith('xstate.after.retryBackoff')) expect([at(actual), c.retries]).toEqual(['"refunding"', b.retries]) // the wait ends: the refund again
    // spec §8: each alert shows as its kind (errors red, the refund's success and "will try later" as theirs)
    if (c.alert) expect(checkoutQrModel.observe(actual)).toContain(`alert.${checkoutAlerts[c.alert]}`)
  },
})

describe('QR checkout', () => {
  it('needs a cake before checkout, waits for the payment with the code, and cancels on timeout with the alert for 45 s', async () => {
    vi.useFakeTimers()
    try {
      const cancelCode = vi.fn(async (_: { merchantPaymentId: string }): Promise<void> => {})
      const poll = vi.fn(async (_: { merchantPaymentId: string }) => ({ outcome: 'timedOut' as const }))
      const actor = createActor(
        checkoutQrMachine.provide({
          actors: {
            createCheckout: fromPromise<CreateCheckoutOutput, CreateCheckoutInput>(async () => ({
              url: demoCodeUrl,
              merchantPaymentId: 'DEVELOPER-PANEL-DEMO-1',
            })),
            checkoutPoll: fromPromise(({ input }) => poll(input as { merchantPaymentId: string })) as never,
            cancelCode: fromPromise(({ input }) => cancelCode(input)),
          },
        }),
        { input: { kind: 'qr' } },
      ).start()
      actor.send({ type: 'checkout.submit' })
      expect(actor.getSnapshot().matches('input')).toBe(true) // no cake: checkout disabled
      actor.send({ type: 'cake.pick', cake: 'matcha' })
      actor.send({ type: 'checkout.submit' })
      await vi.advanceTimersByTimeAsync(0)
      expect(poll).toHaveBeenCalledWith({ merchantPaymentId: 'DEVELOPER-PANEL-DEMO-1' })
      expect(cancelCode).toHaveBeenCalledWith({ merchantPaymentId: 'DEVELOPER-PANEL-DEMO-1' })
      expect([actor.getSnapshot().value, actor.getSnapshot().context.alert]).toEqual([{ input: 'alerting' }, 'TIMED_OUT'])
      await vi.advanceTimersByTimeAsync(44_999)
      expect(actor.getSnapshot().context.alert).toBe('TIMED_OUT')
      await vi.advanceTimersByTimeAsync(1)
      expect(actor.getSnapshot().context.alert).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('QR checkout timing with the real wait for the payment (spec §4, §8, §9)', () => {
  /** The QR checkout with its real `checkoutPoll` child; the requests are recorded fakes. */
  function shop(opts: { kind?: 'qr' | 'cashback'; status: (look: number) => string; refundFailures?: number; cancelFails?: boolean; cashbackFails?: boolean }) {
    const looks = recordedRequest<{ merchantPaymentId: string }, { status: string }>((n) => {
      const status = opts.status(n)
      if (status === 'NETWORK') throw new Error('network')
      return { status }
    })
    const cancels = recordedRequest<{ merchantPaymentId: string }, void>(() => {
      if (opts.cancelFails) throw new Error('network')
    })
    const refunds = recordedRequest<{ merchantPaymentId: string; amount: number }, void>(failingFirst(opts.refundFailures ?? 0))
    const cashbacks = recordedRequest<GiveCashbackInput, void>(() => {
      if (opts.cashbackFails) throw new Error('refused')
    })
    const actor = createActor(
      checkoutQrMachine.provide({
        actors: {
          createCheckout: fromPromise<CreateCheckoutOutput, CreateCheckoutInput>(async () => ({
            url: demoCodeUrl,
            merchantPaymentId: 'DEVELOPER-PANEL-DEMO-7',
          })),
          checkoutPoll: checkoutPollMachine.provide({ actors: { getPaymentStatus: looks.actor } }),
          cancelCode: cancels.actor,
          refundPayment: refunds.actor,
          giveCashback: cashbacks.actor,
        },
      }),
      { input: { kind: opts.kind ?? 'qr' } },
    ).start()
    actor.send({ type: 'cake.pick', cake: 'chocolate' })
    actor.send({ type: 'checkout.submit' })
    const now = () => actor.getSnapshot()
    return { actor, now, looks, cancels, refunds, cashbacks }
  }

  it('looks every 3 s while the code shows; at 5 minutes unpaid it cancels the code and says it timed out, for 45 s', async () => {
    await onFakeClock(async () => {
      const { now, looks, cancels } = shop({ status: () => 'CREATED' })
      await advance(0)
      expect([now().value, now().hasTag('notice.doNotClose')]).toEqual(['showCode', true])
      await advance(2_999)
      expect(looks.calls).toHaveLength(0)
      await advance(1)
      expect(looks.calls.map((c) => c.at)).toEqual([3_000])
      await advance(6_000)
      expect(gapsOf(looks.calls)).toEqual([3_000, 3_000])
      expect(looks.calls[0]!.input).toEqual({ merchantPaymentId: 'DEVELOPER-PANEL-DEMO-7' })
      await advance(300_000 - 9_000 - 1)
      expect([now().value, cancels.calls]).toEqual(['showCode', []]) // 1 ms before the limit, still waiting
      await advance(1)
      expect(cancels.calls).toEqual([{ at: 300_000, input: { merchantPaymentId: 'DEVELOPER-PANEL-DEMO-7' } }])
      expect([now().value, now().context.alert, now().context.url]).toEqual([{ input: 'alerting' }, 'TIMED_OUT', null])
      const looked = looks.calls.length
      await advance(44_999)
      expect(now().context.alert).toBe('TIMED_OUT')
      await advance(1)
      expect([now().value, now().context.alert]).toEqual([{ input: 'quiet' }, null])
      expect(looks.calls).toHaveLength(looked) // the wait stopped with the cancel
    })
  })

  it('an EXPIRED answer cancels the code at once with the timeout alert; a failed cancel still returns to the shop', async () => {
    await onFakeClock(async () => {
      const { now, cancels } = shop({ status: (n) => (n < 2 ? 'CREATED' : 'EXPIRED'), cancelFails: true })
      await advance(6_000)
      expect(cancels.calls.map((c) => c.at)).toEqual([6_000]) // the QR code's cancel is tried once (the code expires by itself)
      expect([now().value, now().context.alert]).toEqual([{ input: 'alerting' }, 'TIMED_OUT'])
    })
  })

  it('the 4th failed look in a row cancels the code with the unknown-error alert', async () => {
    await onFakeClock(async () => {
      const { now, cancels } = shop({ status: () => 'NETWORK' })
      await advance(12_000 - 1)
      expect(cancels.calls).toHaveLength(0)
      await advance(1)
      expect(cancels.calls.map((c) => c.at)).toEqual([12_000])
      expect([now().value, now().context.alert]).toEqual([{ input: 'alerting' }, 'UNKNOWN_ERROR'])
    })
  })

  it('a paid QR order is refunded 30 s after paid; a failed refund is retried after 1, 2 and 4 s, then "will try later"', async () => {
    await onFakeClock(async () => {
      const { now, refunds } = shop({ status: (n) => (n < 2 ? 'CREATED' : 'COMPLETED'), refundFailures: 4 })
      await advance(6_000)
      expect([now().value, now().hasTag('screen.paid')]).toEqual(['paid', true])
      await advance(29_999)
      expect(refunds.calls).toHaveLength(0)
      await advance(1)
      expect(refunds.calls[0]).toEqual({ at: 36_000, input: { merchantPaymentId: 'DEVELOPER-PANEL-DEMO-7', amount: 1 } })
      await expectRetriedAfter1s2s4s(refunds.calls)
      expect([now().value, now().context.alert, now().context.merchantPaymentId]).toEqual([{ input: 'alerting' }, 'REFUND_LATER', null])
      await expectNoFifthTry(refunds.calls)
    })
  })

  it('a refund that succeeds on its 2nd retry says it refunded; the next order starts its retries from zero', async () => {
    await onFakeClock(async () => {
      const { actor, now, refunds } = shop({ status: () => 'COMPLETED', refundFailures: 2 })
      await advance(3_000 + 30_000 + 1_000 + 2_000)
      expect(gapsOf(refunds.calls)).toEqual([1_000, 2_000])
      expect([now().value, now().context.alert, now().context.retries]).toEqual([{ input: 'alerting' }, 'REFUNDED', 0])
      actor.send({ type: 'checkout.submit' })
      await advance(3_000 + 30_000)
      expect(refunds.calls).toHaveLength(4) // this order's refund succeeds at its first try, 30 s after paid
      expect(now().context.alert).toBe('REFUNDED')
    })
  })

  it('Cancel beside the code cancels it at once by its id, stops the looks and says so; a cancel that fails says it is unconfirmed', async () => {
    await onFakeClock(async () => {
      const { actor, now, looks, cancels } = shop({ status: () => 'CREATED' })
      await advance(4_000)
      expect(looks.calls).toHaveLength(1)
      actor.send({ type: 'checkout.cancel' })
      expect(now().hasTag('busy.cancelling')).toBe(true)
      await advance(0)
      expect(cancels.calls).toEqual([{ at: 4_000, input: { merchantPaymentId: 'DEVELOPER-PANEL-DEMO-7' } }])
      expect([now().value, now().context.alert, now().context.url, now().context.merchantPaymentId]).toEqual([
        { input: 'alerting' },
        'CHECKOUT_CANCELED',
        null,
        null,
      ])
      expect(checkoutAlerts.CHECKOUT_CANCELED).toBe('success')
      await advance(300_000)
      // no look and no timeout cancel after the user's cancel
      expect([looks.calls.length, cancels.calls.length]).toEqual([1, 1])
    })
    await onFakeClock(async () => {
      const { actor, now, cancels } = shop({ status: () => 'CREATED', cancelFails: true })
      await advance(0)
      actor.send({ type: 'checkout.cancel' })
      await advance(0)
      expect(cancels.calls).toHaveLength(1) // tried once: an unpaid code expires by itself
      expect([now().value, now().context.alert]).toEqual([{ input: 'alerting' }, 'CANCEL_UNCONFIRMED'])
    })
  })

  it('cashback (spec §4 showIFrame): the consent frame returns a token, the cashback is given with it; it is not refunded, and the paid screen stays until the user shops again', async () => {
    await onFakeClock(async () => {
      const { actor, now, refunds, looks, cashbacks } = shop({ kind: 'cashback', status: () => 'COMPLETED' })
      await advance(0)
      expect([now().value, now().context.url]).toEqual(['showIFrame', demoCodeUrl])
      actor.send({ type: 'frame.navigated', location: 'http://127.0.0.1:4406/sandbox/authorize/session-1?step=2' }) // the wallet's own pages: ignored
      expect(now().value).toBe('showIFrame')
      actor.send({ type: 'frame.navigated', location: cashbackReturnWithToken })
      await advance(0)
      expect(cashbacks.calls).toEqual([
        { at: 0, input: { responseToken: 'eyJhbGciOiJIUzI1NiJ9.e30.sig', merchantCashbackId: 'DEVELOPER-PANEL-DEMO-7', amount: 1 } },
      ])
      await advance(120_000)
      expect([now().value, refunds.calls, looks.calls]).toEqual(['paid', [], []])
      actor.send({ type: 'checkout.restart' })
      expect(now().value).toEqual({ input: 'quiet' })
    })
  })

  it("cashback: a refused cashback says 'Cashback creation failure'; a frame back without a token starts over", async () => {
    await onFakeClock(async () => {
      const { actor, now } = shop({ kind: 'cashback', status: () => 'COMPLETED', cashbackFails: true })
      await advance(0)
      actor.send({ type: 'frame.navigated', location: cashbackReturnWithToken })
      await advance(0)
      expect([now().value, now().context.alert, checkoutAlerts.CASHBACK_FAILED]).toEqual([{ input: 'alerting' }, 'CASHBACK_FAILED', 'error'])
    })
    await onFakeClock(async () => {
      const { actor, now, cashbacks } = shop({ kind: 'cashback', status: () => 'COMPLETED' })
      await advance(0)
      actor.send({ type: 'frame.navigated', location: cashbackReturnWithoutToken })
      expect([now().value, now().context.alert, cashbacks.calls]).toEqual([{ input: 'alerting' }, 'RESPONSE_TOKEN_MISSING', []])
    })
  })
})
