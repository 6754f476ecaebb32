import type { AnyMachineSnapshot } from 'xstate'
import { webhookDeliveryMachine } from './webhook-delivery.machine.ts'

/**
 * How the delivery machine is walked by its model-based test and `npm run qa:paths webhook-delivery`: a delivery
 * with 3 attempts (the real one has 7: the walk is the same, shorter), answered 200, 500 or not at all, and resent.
 */
export const webhookDeliveryModel = {
  machine: webhookDeliveryMachine,
  inputs: [{ name: 'queued', label: 'A payment completes: its COMPLETED webhook is queued (3 attempts for the walk)', input: { attempts: 0, maxAttempts: 3 } }],
  events: [
    { type: 'attempt.answered', status: 200, label: "The merchant's server answers 200 OK" },
    { type: 'attempt.answered', status: 500, label: "The merchant's server answers 500" },
    { type: 'attempt.answered', status: 0, label: "The merchant's server does not answer within 10 s" },
    { type: 'delivery.resent', label: 'The developer presses Resend (or POST /sandbox/api/webhooks/{id}/resend)' },
  ],
  simplePaths: false,
  serializeState: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.attempts]),
  invariants: [{ name: 'Never more attempts than allowed', holds: (s: AnyMachineSnapshot) => s.context.attempts <= s.context.maxAttempts }],
}
