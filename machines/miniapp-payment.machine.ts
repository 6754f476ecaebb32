import { assign, setup } from 'xstate'

/**
 * A mini app's pp.makePayment as the wallet shows it in the studio's phone (spec §2 "Mini-app screens"): the payment
 * screen (title, tax-inclusive amount, balance as the only method, Pay), then — once the sandbox has answered — the
 * completion screen (app name and icon, amount, status Success / Failed / PreAuth, cashback, order id, close). The
 * payment itself is the bridge host's: this machine is only what the user sees and presses.
 */

export type MiniappPaymentStatus = 'Success' | 'Failed' | 'PreAuth'
export interface MiniappPaymentInput {
  appName: string
  title: string
  /** Tax included, yen. */
  amount: number
  balance: number
}
export interface MiniappPaymentContext extends MiniappPaymentInput {
  status: MiniappPaymentStatus | null
  orderId: string | null
  cashback: number | null
  outcome: 'paid' | 'cancelled' | 'aborted' | null
}
export type MiniappPaymentEvent =
  | { type: 'payment.pay' }
  | { type: 'payment.cancel' }
  | { type: 'payment.result'; status: MiniappPaymentStatus; orderId: string; amount?: number; cashback?: number }
  | { type: 'payment.abort' }
  | { type: 'payment.close' }

export const miniappPaymentMachine = setup({
  types: {
    context: {} as MiniappPaymentContext,
    events: {} as MiniappPaymentEvent,
    input: {} as MiniappPaymentInput,
    output: {} as { outcome: MiniappPaymentContext['outcome']; status: MiniappPaymentStatus | null },
  },
}).createMachine({
  id: 'miniappPayment',
  description:
    'A mini-app payment in the phone: the payment screen (title, amount with tax, balance, Pay); Pay sends it to the sandbox; the completion screen shows Success, Failed or PreAuth with the order id until closed. Cancel or close on the payment screen pays nothing.',
  context: ({ input }) => ({ ...input, status: null, orderId: null, cashback: null, outcome: null }),
  output: ({ context }) => ({ outcome: context.outcome, status: context.status }),
  initial: 'confirming',
  states: {
    confirming: {
      description: 'The payment screen: title, tax-inclusive amount, the balance as the only payment method, and Pay.',
      tags: ['screen.payment'],
      on: {
        'payment.pay': { target: 'processing', actions: assign({ outcome: 'paid' }), description: 'The user presses Pay' },
        'payment.cancel': { target: 'cancelled', actions: assign({ outcome: 'cancelled' }), description: 'The user presses close' },
      },
    },
    processing: {
      description: 'The sandbox is taking the payment; the Pay button shows a spinner.',
      tags: ['screen.payment', 'busy.pay'],
      on: {
        'payment.result': {
          target: 'completed',
          actions: assign({
            status: ({ event }) => event.status,
            orderId: ({ event }) => event.orderId,
            amount: ({ context, event }) => event.amount ?? context.amount,
            cashback: ({ event }) => event.cashback ?? null,
          }),
          description: 'The sandbox answers (completed, authorised or failed)',
        },
        'payment.abort': {
          target: 'aborted',
          actions: assign({ outcome: 'aborted' }),
          description: 'The payment ends without a result (timeout, server error, forced error): the app gets the error',
        },
      },
    },
    completed: {
      description: 'The completion screen: app name and icon, amount, status, cashback, order id, and close.',
      tags: ['screen.completion'],
      on: { 'payment.close': { target: 'closed', description: 'The user presses close' } },
    },
    cancelled: { description: 'Nothing was paid: the app gets USER_CANCELED.', type: 'final' },
    aborted: { description: 'The phone is back at the app, which has received the error.', type: 'final' },
    closed: { description: 'The phone is back at the app, which has received the payment answer.', type: 'final' },
  },
})
