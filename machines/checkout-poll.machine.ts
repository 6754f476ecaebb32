import { assign, fromPromise, setup } from 'xstate'
import { limits } from '../src/domain/limits.ts'
import { closedStatuses, type CheckoutPollOutcome, type CheckoutPollOutput, type PaymentStatusOutput } from './checkout.ts'

/**
 * Waiting for the test user to pay, shared by both cake-shop checkouts (spec §4, §8, §9): a look at the payment
 * 3 seconds after the start and after each answer, for 5 minutes in all. Ends with how it went: paid (COMPLETED),
 * closed (EXPIRED / FAILED / CANCELED), gaveUp (the 4th failed look in a row) or timedOut; the checkout invokes it
 * as `poll` and cancels on anything but paid.
 */

export type { CheckoutPollOutcome, CheckoutPollOutput }
export interface CheckoutPollInput {
  merchantPaymentId: string
}
interface CheckoutPollContext {
  merchantPaymentId: string
  /** Consecutive failed looks; the 4th ends the wait. */
  pollFailures: number
  outcome: CheckoutPollOutcome | null
}

export const checkoutPollMachine = setup({
  types: { context: {} as CheckoutPollContext, input: {} as CheckoutPollInput, output: {} as CheckoutPollOutput },
  actors: {
    /** Looks the payment up (the code's payment, or the direct-debit payment, through the demo API). */
    getPaymentStatus: fromPromise<PaymentStatusOutput, { merchantPaymentId: string }>(async () => ({ status: 'CREATED' })),
  },
  actions: {
    countPollFailure: assign({ pollFailures: ({ context }) => context.pollFailures + 1 }),
    resetPollFailures: assign({ pollFailures: () => 0 }),
    settle: assign((_, params: { outcome: CheckoutPollOutcome }) => ({ outcome: params.outcome })),
  },
  guards: {
    isCompleted: (_, params: { output: PaymentStatusOutput }) => params.output.status === 'COMPLETED',
    isClosed: (_, params: { output: PaymentStatusOutput }) => closedStatuses.has(params.output.status),
    isLastPollFailure: ({ context }) => context.pollFailures >= limits.retry.limit,
  },
  delays: { pollInterval: limits.demoPollIntervalMs, pollTotal: limits.demoPollTotalMs },
}).createMachine({
  id: 'checkoutPoll',
  description:
    'Waiting for the test user to pay: the shop looks at the payment every 3 seconds for up to 5 minutes; ends paid, closed (expired or failed), after the 4th failed look in a row, or timed out.',
  context: ({ input }) => ({ merchantPaymentId: input.merchantPaymentId, pollFailures: 0, outcome: null }),
  output: ({ context }) => ({ outcome: context.outcome ?? 'timedOut' }),
  initial: 'polling',
  states: {
    polling: {
      description: 'Looking at the payment every 3 seconds.',
      tags: ['screen.waitingForPayment'],
      initial: 'waiting',
      after: { pollTotal: { target: 'timedOut', actions: { type: 'settle', params: { outcome: 'timedOut' } }, description: 'Not paid within 5 minutes' } },
      states: {
        waiting: {
          description: 'Waiting 3 seconds before the next look.',
          after: { pollInterval: { target: 'checking', description: '3 seconds pass' } },
        },
        checking: {
          description: 'Looking the payment up.',
          tags: ['busy.checking'],
          invoke: {
            id: 'getPaymentStatus',
            src: 'getPaymentStatus',
            input: ({ context }) => ({ merchantPaymentId: context.merchantPaymentId }),
            onDone: [
              {
                guard: { type: 'isCompleted', params: ({ event }) => ({ output: event.output }) },
                target: '#checkoutPoll.paid',
                actions: { type: 'settle', params: { outcome: 'paid' } },
                description: 'The payment is COMPLETED: the test user paid',
              },
              {
                guard: { type: 'isClosed', params: ({ event }) => ({ output: event.output }) },
                target: '#checkoutPoll.closed',
                actions: { type: 'settle', params: { outcome: 'closed' } },
                description: 'The payment expired or failed',
              },
              { target: 'waiting', actions: 'resetPollFailures', description: 'Not paid yet' },
            ],
            onError: [
              {
                guard: 'isLastPollFailure',
                target: '#checkoutPoll.gaveUp',
                actions: { type: 'settle', params: { outcome: 'gaveUp' } },
                description: 'The 4th look in a row fails',
              },
              { target: 'waiting', actions: 'countPollFailure', description: 'The look fails (up to 3 times in a row): try again in 3 seconds' },
            ],
          },
        },
      },
    },
    paid: { type: 'final', description: 'The test user paid.', tags: ['outcome.paid'] },
    closed: { type: 'final', description: 'The payment can no longer be paid (expired or failed).', tags: ['outcome.closed'] },
    gaveUp: { type: 'final', description: 'The payment could not be looked up 4 times in a row.', tags: ['outcome.gaveUp'] },
    timedOut: { type: 'final', description: 'Nobody paid within 5 minutes.', tags: ['outcome.timedOut'] },
  },
})
