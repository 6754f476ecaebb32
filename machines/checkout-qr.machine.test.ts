import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { testMachinePaths } from '../tests/support/model-based.ts'
import { checkoutQrMachine, type CheckoutQrContext, type CreateCheckoutInput, type CreateCheckoutOutput } from './checkout-qr.machine.ts'
import { checkoutQrModel, demoCodeUrl } from './checkout-qr.machine.model.ts'

/**
 * Every path of the QR checkout on the real actor under a fake clock with the real waits. The oracle is spec §4
 * (checkout demo QR), §8 and §9, checked after every step: checkout needs a cake, a code without url or a failed
 * creation returns with the unknown-error alert, the 4th failed look in a row cancels, 5 minutes cancel with the
 * timeout alert, alerts hide after 45 s.
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
      expect(actual.matches(b.kind === 'cashback' ? 'showIFrame' : { showCode: 'waiting' })).toBe(true)
      expect(c.url).toBe(demoCodeUrl)
    }
    if (type.startsWith('xstate.after.pollInterval')) expect(actual.matches({ showCode: 'checking' })).toBe(true)
    if (type === 'xstate.done.actor.getPaymentStatus') {
      const status = (step.event.output as { status: string }).status
      if (status === 'COMPLETED') expect(actual.matches('paid')).toBe(true)
      else if (status === 'FAILED') expect([at(actual), c.cancelAlert]).toEqual(['"cancelling"', 'TIMED_OUT'])
      else expect([actual.matches({ showCode: 'waiting' }), c.pollFailures]).toEqual([true, 0])
    }
    if (type === 'xstate.error.actor.getPaymentStatus') {
      // spec §8/§9: up to 3 failures are retried, the 4th cancels
      if (b.pollFailures >= 3) expect([at(actual), c.cancelAlert]).toEqual(['"cancelling"', 'UNKNOWN_ERROR'])
      else expect([actual.matches({ showCode: 'waiting' }), c.pollFailures]).toEqual([true, b.pollFailures + 1])
    }
    if (type.startsWith('xstate.after.pollTotal')) expect([at(actual), c.cancelAlert]).toEqual(['"cancelling"', 'TIMED_OUT'])
    if (type.endsWith('.actor.cancelCode')) expect([at(actual), c.alert, c.url]).toEqual(['{"input":"alerting"}', b.cancelAlert, null])
    if (type.startsWith('xstate.after.alertDisplay') || type === 'alert.close') expect([at(actual), c.alert]).toEqual(['{"input":"quiet"}', null])
    if (type === 'frame.completed') expect(actual.matches('paid')).toBe(true)
    if (type === 'checkout.restart') expect([actual.matches('input'), c.url]).toEqual([true, null])
  },
})

describe('QR checkout timing (spec §9)', () => {
  const start = (lookUp: (n: number) => Promise<{ status: string }>) => {
    const cancelCode = vi.fn(async (): Promise<void> => {})
    const getPaymentStatus = vi.fn(async () => lookUp(getPaymentStatus.mock.calls.length))
    const actor = createActor(
      checkoutQrMachine.provide({
        actors: {
          createCheckout: fromPromise<CreateCheckoutOutput, CreateCheckoutInput>(async () => ({ url: demoCodeUrl, merchantPaymentId: 'DEVELOPER-PANEL-DEMO-1' })),
          getPaymentStatus: fromPromise(() => getPaymentStatus()),
          cancelCode: fromPromise(() => cancelCode()),
        },
      }),
      { input: { kind: 'qr' } },
    ).start()
    actor.send({ type: 'checkout.submit' })
    expect(actor.getSnapshot().matches('input')).toBe(true) // no cake: checkout disabled
    actor.send({ type: 'cake.pick', cake: 'matcha' })
    actor.send({ type: 'checkout.submit' })
    return { actor, getPaymentStatus, cancelCode }
  }

  it('looks the payment up every 3 seconds and shows paid once the test user paid', async () => {
    vi.useFakeTimers()
    try {
      const { actor, getPaymentStatus } = start(async (n) => ({ status: n >= 3 ? 'COMPLETED' : 'CREATED' }))
      await vi.advanceTimersByTimeAsync(2_999)
      expect(getPaymentStatus).toHaveBeenCalledTimes(0)
      await vi.advanceTimersByTimeAsync(1)
      expect(getPaymentStatus).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(6_000)
      expect(getPaymentStatus).toHaveBeenCalledTimes(3)
      expect(actor.getSnapshot().matches('paid')).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })

  it('cancels the code after 5 minutes unpaid, shows the timeout alert for 45 seconds', async () => {
    vi.useFakeTimers()
    try {
      const { actor, getPaymentStatus, cancelCode } = start(async () => ({ status: 'CREATED' }))
      await vi.advanceTimersByTimeAsync(299_999)
      expect(actor.getSnapshot().matches('showCode')).toBe(true)
      expect(getPaymentStatus.mock.calls.length).toBe(99)
      await vi.advanceTimersByTimeAsync(1)
      expect(cancelCode).toHaveBeenCalledTimes(1)
      expect([actor.getSnapshot().value, actor.getSnapshot().context.alert]).toEqual([{ input: 'alerting' }, 'TIMED_OUT'])
      await vi.advanceTimersByTimeAsync(44_999)
      expect(actor.getSnapshot().context.alert).toBe('TIMED_OUT')
      await vi.advanceTimersByTimeAsync(1)
      expect(actor.getSnapshot().context.alert).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it('gives up on the 4th failed look in a row and cancels; a success in between resets the count', async () => {
    vi.useFakeTimers()
    try {
      const answers = [false, false, false, true, false, false, false, false]
      const { actor, cancelCode } = start(async (n) => {
        if (!answers[n - 1]) throw new Error('network')
        return { status: 'CREATED' }
      })
      await vi.advanceTimersByTimeAsync(7 * 3_000)
      expect(actor.getSnapshot().matches('showCode')).toBe(true)
      await vi.advanceTimersByTimeAsync(3_000)
      expect(cancelCode).toHaveBeenCalledTimes(1)
      expect(actor.getSnapshot().context.alert).toBe('UNKNOWN_ERROR')
    } finally {
      vi.useRealTimers()
    }
  })
})
