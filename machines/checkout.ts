import { checkoutAlerts, retryBackoffMs, type CheckoutAlertCode } from '../src/domain/checkout-demo.ts'
import { limits } from '../src/domain/limits.ts'

/**
 * What the two cake-shop checkout machines share (checkout-qr, checkout-direct-debit): the alert kept as a code,
 * the named waits of spec §9, the input screen whose alert hides after 45 s, and the payment status answers.
 */

export interface CheckoutAlertContext {
  /** The alert shown on the input screen, as a code (checkout-demo.ts); null when none. */
  alert: CheckoutAlertCode | null
}

/** One look at the payment (GET the code's or the payment's status). */
export interface PaymentStatusOutput {
  status: string
}

export const checkoutDelays = {
  pollInterval: limits.demoPollIntervalMs,
  pollTotal: limits.demoPollTotalMs,
  alertDisplay: limits.alertDisplayMs,
}

/** The statuses after which nobody can pay any more (the payment is cancelled and the flow resets). */
export const closedStatuses = new Set(['EXPIRED', 'FAILED', 'CANCELED'])

export const alertOf = (code: CheckoutAlertCode) => ({ type: 'showAlert' as const, params: { code } })

/** The wait before the next retry of a cancel or refund (1 s, 2 s, 4 s). */
export const backoffDelay = ({ context }: { context: { retries: number } }) => retryBackoffMs(context.retries)

/** What the screen shows besides tags: the alert's kind while one is set. */
export const observeAlert = (context: CheckoutAlertContext) => (context.alert ? [`alert.${checkoutAlerts[context.alert]}`] : [])

/** The input screen: its alert hides 45 s after it shows (spec §9), or when the user closes it. */
export const inputStates = {
  initial: 'quiet',
  states: {
    quiet: { description: 'No alert is shown.' },
    alerting: {
      description: 'An alert (Error, Warning or success) shows above the shop for 45 seconds.',
      on: { 'alert.close': { target: 'quiet', actions: 'hideAlert', description: 'The user closes the alert' } },
      after: { alertDisplay: { target: 'quiet', actions: 'hideAlert', description: 'The alert hides after 45 seconds' } },
    },
  },
} as const

/** Cancel the code or payment, then show `code` on the input screen (`cancelWith` in each machine's setup). */
export const cancelWith = (code: CheckoutAlertCode) => ({ type: 'cancelWith' as const, params: { code } })

/**
 * Waiting for the test user to pay: a look every 3 seconds, for 5 minutes in all (spec §9). COMPLETED goes to
 * `#<machineId>.paid`; an expired or failed payment, the 4th failed look in a row, or the 5 minutes cancel it.
 */
export function pollingStates<TId extends string>(machineId: TId) {
  const output = ({ event }: { event: { output: PaymentStatusOutput } }) => ({ output: event.output })
  return {
    initial: 'waiting',
    after: {
      pollTotal: { target: 'cancelling', actions: cancelWith('TIMED_OUT'), description: 'Not paid within 5 minutes: "Timed out. Please regenerate again"' },
    },
    states: {
      waiting: {
        description: 'Waiting 3 seconds before the next look.',
        after: { pollInterval: { target: 'checking', description: '3 seconds pass' } },
      },
      checking: {
        description: 'Looking the payment up.',
        invoke: {
          id: 'getPaymentStatus',
          src: 'getPaymentStatus',
          input: ({ context }: { context: { merchantPaymentId: string | null } }) => ({ merchantPaymentId: context.merchantPaymentId ?? '' }),
          onDone: [
            { guard: { type: 'isCompleted', params: output }, target: `#${machineId}.paid`, description: 'The payment is COMPLETED: the test user paid' },
            {
              guard: { type: 'isClosed', params: output },
              target: `#${machineId}.cancelling`,
              actions: cancelWith('TIMED_OUT'),
              description: 'The payment expired or failed: it is cancelled, "Timed out. Please regenerate again"',
            },
            { target: 'waiting', actions: 'resetPollFailures', description: 'Not paid yet' },
          ],
          onError: [
            {
              guard: 'isLastPollFailure',
              target: `#${machineId}.cancelling`,
              actions: cancelWith('UNKNOWN_ERROR'),
              description: 'The 4th look in a row fails: the payment is cancelled, "Unknown error occurred. Please try again."',
            },
            { target: 'waiting', actions: 'countPollFailure', description: 'The look fails (up to 3 times in a row): try again in 3 seconds' },
          ],
        },
      },
    },
  } as const
}

/** The guards `pollingStates` names. */
export const pollGuards = {
  isCompleted: (_: unknown, params: { output: PaymentStatusOutput }) => params.output.status === 'COMPLETED',
  isClosed: (_: unknown, params: { output: PaymentStatusOutput }) => closedStatuses.has(params.output.status),
  isLastPollFailure: ({ context }: { context: { pollFailures: number } }) => context.pollFailures >= limits.retry.limit,
}
