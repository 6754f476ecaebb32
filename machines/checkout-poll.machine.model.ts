import type { AnyMachineSnapshot } from 'xstate'
import { checkoutPollMachine } from './checkout-poll.machine.ts'

/**
 * The wait for the payment as its model-based test and `npm run qa:paths checkout-poll` walk it, with the real
 * waits (3 s between looks, 5 min in all). What can happen next depends on the state and the failed looks in a row.
 */
export const checkoutPollModel = {
  machine: checkoutPollMachine,
  inputs: [
    { name: 'code shown', label: 'Create a QR code or a direct-debit payment in the cake shop', input: { merchantPaymentId: 'DEVELOPER-PANEL-DEMO-0001' } },
  ],
  serializeState: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.pollFailures]),
  events: [
    { type: 'xstate.done.actor.getPaymentStatus', output: { status: 'CREATED' }, label: 'The payment is not made yet (CREATED)' },
    { type: 'xstate.done.actor.getPaymentStatus', output: { status: 'COMPLETED' }, label: 'The test user pays (COMPLETED)' },
    { type: 'xstate.done.actor.getPaymentStatus', output: { status: 'EXPIRED' }, label: 'The payment expired (EXPIRED)' },
    { type: 'xstate.error.actor.getPaymentStatus', error: new Error('network'), label: 'The look fails (network down)' },
  ],
  simplePaths: false,
  invariants: [
    { name: 'An outcome is set exactly when the looking has ended', holds: (s: AnyMachineSnapshot) => (s.context.outcome !== null) === (s.status === 'done') },
    { name: 'Never more failed looks in a row than the retry limit', holds: (s: AnyMachineSnapshot) => s.context.pollFailures <= 4 },
  ],
}
