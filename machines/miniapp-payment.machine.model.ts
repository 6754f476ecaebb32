import type { AnyMachineSnapshot } from 'xstate'
import { miniappPaymentMachine } from './miniapp-payment.machine.ts'

/** The payment and completion screens as their model-based test and `npm run qa:paths miniapp-payment` walk them. */
export const miniappPaymentModel = {
  machine: miniappPaymentMachine,
  inputs: [
    {
      name: 'makePayment',
      label: 'In the studio, run the example app, consent, and press "Buy" on a ¥500 cake (pp.makePayment of ¥500)',
      input: { appName: 'Cake shop', title: 'Strawberry shortcake', amount: 500, balance: 100_000 },
    },
  ],
  events: [
    { type: 'payment.pay', label: 'Press "Pay"' },
    { type: 'payment.cancel', label: 'Press the close button of the payment screen' },
    {
      type: 'payment.result',
      status: 'Success',
      orderId: 'order-1',
      label: 'The sandbox completes the payment (next payment outcome: success)',
    },
    {
      type: 'payment.result',
      status: 'Failed',
      orderId: 'order-1',
      label: 'The sandbox refuses the payment (next payment outcome: insufficient balance)',
    },
    { type: 'payment.abort', label: 'The payment ends with an error (next payment outcome: timeout or server error)' },
    { type: 'payment.close', label: 'Press the close button of the completion screen' },
  ],
  invariants: [
    { name: 'Completion shows only after the payment was processed', holds: (s: AnyMachineSnapshot) => !s.matches('completed') || s.context.status !== null },
  ],
}
