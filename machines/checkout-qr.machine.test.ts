import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { testMachinePaths } from '../tests/support/model-based.ts'
import { checkoutQrMachine, type CheckoutQrContext, type CreateCheckoutInput, type CreateCheckoutOutput } from './checkout-qr.machine.ts'
import { checkoutQrModel, demoCodeUrl } from './checkout-qr.machine.model.ts'

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
    if (type.endsWith('.actor.cancelCode')) expect([at(actual), c.alert, c.url]).toEqual(['{"input":"alerting"}', b.cancelAlert, null])
    if (type.startsWith('xstate.after.alertDisplay') || type === 'alert.close') expect([at(actual), c.alert]).toEqual(['{"input":"quiet"}', null])
    if (type === 'frame.completed') expect(actual.matches('paid')).toBe(true)
    if (type === 'checkout.restart') {
      if (before!.matches('paid') && b.kind === 'qr') expect(at(actual)).toBe('"paid"') // the refund comes first
      else expect([actual.matches('input'), c.url]).toEqual([true, null])
    }
    // a paid QR order refunds itself about 30 s later (retried after 1, 2, 4 s); a cashback does not
    if (type.startsWith('xstate.after.autoRefund')) expect([at(actual), c.retries]).toEqual([b.kind === 'qr' ? '"refunding"' : '"paid"', 0])
    if (type === 'xstate.done.actor.refundPayment') expect([at(actual), c.alert, c.merchantPaymentId]).toEqual(['{"input":"alerting"}', 'REFUNDED', null])
    if (type === 'xstate.error.actor.refundPayment') {
      if (b.retries < 3) expect([at(actual), c.retries]).toEqual(['"refundBackoff"', b.retries + 1])
      else expect([at(actual), c.alert]).toEqual(['{"input":"alerting"}', 'REFUND_LATER'])
    }
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
            createCheckout: fromPromise<CreateCheckoutOutput, CreateCheckoutInput>(async () => ({ url: demoCodeUrl, merchantPaymentId: 'DEVELOPER-PANEL-DEMO-1' })),
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
