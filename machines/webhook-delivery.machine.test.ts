import type { AnyMachineSnapshot } from 'xstate'
import { expect } from 'vitest'
import { testMachinePaths } from '../tests/support/model-based.ts'
import { webhookDeliveryModel } from './webhook-delivery.machine.model.ts'

/**
 * Every path of a webhook delivery on the real actor. The oracle is docs/webhooks.md, written independently of
 * the machine: any 2xx delivers; another answer counts an attempt and fails the delivery once the attempts are
 * used up; a resend makes it pending with its count reset, from any state.
 */
testMachinePaths('webhookDelivery', {
  ...webhookDeliveryModel,
  spec: {
    initial: { queued: 'pending' },
    transitions: {
      pending: { 'attempt.answered': ['delivered', 'pending', 'failed'], 'delivery.resent': 'pending' },
      delivered: { 'delivery.resent': 'pending' },
      failed: { 'delivery.resent': 'pending' },
    },
  },
  check: (actual: AnyMachineSnapshot, step, before?: AnyMachineSnapshot) => {
    const { type } = step.event
    if (type === 'start') return expect([actual.value, actual.context.attempts]).toEqual(['pending', 0])
    if (type === 'delivery.resent') return expect([actual.value, actual.context.attempts]).toEqual(['pending', 0])
    // a late answer to a delivery already settled changes nothing
    if (before!.value !== 'pending') return expect([actual.value, actual.context.attempts]).toEqual([before!.value, before!.context.attempts])
    const status = Number((step.event as Record<string, unknown>).status)
    const used = before!.context.attempts + 1
    const expectedState = status >= 200 && status < 300 ? 'delivered' : used >= before!.context.maxAttempts ? 'failed' : 'pending'
    expect([actual.value, actual.context.attempts]).toEqual([expectedState, used])
  },
})
