import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { testMachinePaths } from '../tests/support/model-based.ts'
import { miniappPaymentMachine } from './miniapp-payment.machine.ts'
import { miniappPaymentModel } from './miniapp-payment.machine.model.ts'

/**
 * Spec §2 payment screen (close, title, amount, balance only, Pay) and completion screen (status Success / Failed /
 * PreAuth, order id, close). The oracle: the spec's transition table, and the completion shows what the sandbox said.
 */
testMachinePaths('miniapp-payment', {
  ...miniappPaymentModel,
  spec: {
    initial: { makePayment: 'confirming' },
    transitions: {
      confirming: { 'payment.pay': 'processing', 'payment.cancel': 'cancelled' },
      processing: { 'payment.result': 'completed', 'payment.abort': 'aborted' },
      completed: { 'payment.close': 'closed' },
    },
  },
  check: (actual, expected) => {
    const { event } = expected
    if (event.type === 'start') expect(actual.context).toMatchObject({ amount: 500, balance: 100_000, title: 'Strawberry shortcake' })
    if (event.type === 'payment.result') expect(actual.context).toMatchObject({ status: event.status, orderId: 'order-1' })
    if (event.type === 'payment.cancel') expect(actual.output).toEqual({ outcome: 'cancelled', status: null })
    if (event.type === 'payment.close') expect(actual.output?.outcome).toBe('paid')
    if (event.type === 'payment.abort') expect(actual.output).toEqual({ outcome: 'aborted', status: null }) // the app gets the error
    expect(actual.hasTag('busy.pay')).toBe(actual.matches('processing'))
  },
})

describe('payment screens', () => {
  it('shows the amount and cashback the sandbox answered on the completion screen', () => {
    const actor = createActor(miniappPaymentMachine, { input: { appName: 'Shop', title: 'Cake', amount: 500, balance: 1_000 } }).start()
    actor.send({ type: 'payment.result', status: 'Success', orderId: 'ignored' })
    expect(actor.getSnapshot().value).toBe('confirming') // no result before Pay
    actor.send({ type: 'payment.pay' })
    actor.send({ type: 'payment.result', status: 'PreAuth', orderId: 'o-2', amount: 480, cashback: 20 })
    expect(actor.getSnapshot().context).toMatchObject({ status: 'PreAuth', orderId: 'o-2', amount: 480, cashback: 20 })
    expect(actor.getSnapshot().hasTag('screen.completion')).toBe(true)
  })
})
