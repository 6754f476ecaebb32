import { checkoutAlerts, responseTokenOf, retryBackoffMs, type CheckoutAlertCode } from '../src/domain/checkout-demo.ts'
import { limits } from '../src/domain/limits.ts'

/**
 * What the two cake-shop checkout machines share (checkout-qr, checkout-direct-debit): the alert kept as a code,
 * the named waits of spec §9, the input screen whose alert hides after 45 s, and the payment status answers.
 */

export interface CheckoutAlertContext {
  /** The alert shown on the input screen, as a code (checkout-demo.ts); null when none. */
  alert: CheckoutAlertCode | null
}

/** How waiting for the payment ended (checkout-poll.machine.ts, invoked as `poll` by both checkouts). */
export type CheckoutPollOutcome = 'paid' | 'closed' | 'gaveUp' | 'timedOut'
export interface CheckoutPollOutput {
  outcome: CheckoutPollOutcome
}

/** One look at the payment (GET the code's or the payment's status). */
export interface PaymentStatusOutput {
  status: string
}

export const checkoutDelays = { alertDisplay: limits.alertDisplayMs }

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

const pollOutput = ({ event }: { event: { output: CheckoutPollOutput } }) => ({ output: event.output })

/** Waiting for the test user to pay (the `poll` child, checkout-poll.machine.ts): paid, or cancel with the right alert. */
export const waitForPayment = {
  invoke: {
    id: 'poll',
    src: 'checkoutPoll',
    input: ({ context }: { context: { merchantPaymentId: string | null } }) => ({ merchantPaymentId: context.merchantPaymentId ?? '' }),
    onDone: [
      { guard: { type: 'isPaid', params: pollOutput }, target: 'paid', description: 'The test user paid' },
      {
        guard: { type: 'isGaveUp', params: pollOutput },
        target: 'cancelling',
        actions: cancelWith('UNKNOWN_ERROR'),
        description: 'The payment could not be looked up 4 times in a row: it is cancelled, "Unknown error occurred. Please try again."',
      },
      {
        target: 'cancelling',
        actions: cancelWith('TIMED_OUT'),
        description: 'Not paid within 5 minutes, or expired: it is cancelled, "Timed out. Please regenerate again"',
      },
    ],
  },
} as const

/** The guards `waitForPayment` names. */
export const pollOutcomeGuards = {
  isPaid: (_: unknown, params: { output: CheckoutPollOutput }) => params.output.outcome === 'paid',
  isGaveUp: (_: unknown, params: { output: CheckoutPollOutput }) => params.output.outcome === 'gaveUp',
}

/**
 * Paid, then the demo refunds itself (spec §4, §9): about 30 s after paid the refund runs; a failed refund is
 * retried after 1, 2, then 4 s, and after the 3rd retry "will try later". Both checkouts use these three states;
 * `refundsItself` says whether this paid state refunds (the QR machine's cashback does not).
 */
export const autoRefundStates = {
  paid: {
    description: 'Paid: thank-you screen; the demo payment will be refunded in about 30 seconds.',
    tags: ['screen.paid'],
    after: {
      autoRefund: { guard: 'refundsItself', target: 'refunding', actions: 'resetRetries', description: '30 seconds after paid, the demo refunds itself' },
    },
  },
  refunding: {
    description: 'The demo payment is being refunded.',
    tags: ['screen.paid', 'busy.refunding'],
    invoke: {
      id: 'refundPayment',
      src: 'refundPayment',
      input: ({ context }: { context: { merchantPaymentId: string | null } }) => ({
        merchantPaymentId: context.merchantPaymentId!,
        amount: limits.demo.cakePriceYen,
      }),
      onDone: { target: 'input.alerting', actions: ['forgetPayment', alertOf('REFUNDED')], description: 'Refunded: "Refunded the payment successfully."' },
      onError: [
        { guard: 'canRetry', target: 'refundBackoff', actions: 'countRetry', description: 'The refund fails: try again after 1, 2, then 4 seconds' },
        {
          target: 'input.alerting',
          actions: ['forgetPayment', alertOf('REFUND_LATER')],
          description: 'The 3rd retry fails: "Couldn\'t refund the payment after repeated timeouts. Will try later again on…"',
        },
      ],
    },
  },
  refundBackoff: {
    description: 'Waiting before the next refund attempt.',
    tags: ['screen.paid', 'busy.refunding'],
    after: { retryBackoff: { target: 'refunding', description: 'The wait (1, 2 or 4 seconds) ends' } },
  },
} as const

/** The delays and guard `autoRefundStates` name. */
export const autoRefundDelays = { autoRefund: limits.autoRefundDelayMs, retryBackoff: backoffDelay }
export const canRetry = ({ context }: { context: { retries: number } }) => context.retries < limits.retry.limit

const frameLocation = ({ event }: { event: { location: string } }) => ({ location: event.location })

/**
 * The wallet's consent page in a frame (spec §4): the test user signs in and allows the shop; the frame comes back to
 * the shop's 'loading' page with a response token (`withToken` goes on with it, stored by `storeResponseToken`), or
 * without one (back to the shop, "Couldn't get response token. Will start over again."). `forget` names the action
 * that drops the attempt; `leave` is the machine's own way out of the frame. Both checkouts use it (the direct debit
 * to link the wallet, the QR flow's cashback); the guards are consent-return.ts's.
 */
export function consentFrameState<const TTarget extends string, const TForget extends string, const TLeave extends string>(o: {
  description: string
  withToken: TTarget
  forget: TForget
  leave: Record<TLeave, string>
}) {
  const leave = Object.fromEntries(
    Object.entries<string>(o.leave).map(([event, description]) => [event, { target: 'input' as const, actions: o.forget, description }]),
  ) as Record<TLeave, { target: 'input'; actions: TForget; description: string }>
  return {
    description: o.description,
    tags: ['screen.frame'],
    on: {
      'frame.navigated': [
        {
          guard: { type: 'isReturnWithToken', params: frameLocation },
          target: o.withToken,
          actions: { type: 'storeResponseToken', params: frameLocation },
          description: "The frame comes back to the shop's loading page with a response token",
        },
        {
          guard: { type: 'isReturnWithoutToken', params: frameLocation },
          target: 'input.alerting',
          actions: [o.forget, alertOf('RESPONSE_TOKEN_MISSING')],
          description: 'The frame comes back without a token: "Couldn\'t get response token. Will start over again."',
        },
      ],
      ...leave,
    },
  } as const
}

/** The assignments both checkouts make the same way, whatever else their context holds (each machine's setup names them). */
export const checkoutAssigners = {
  hideAlert: () => ({ alert: null }),
  storeResponseToken: (_: unknown, params: { location: string }) => ({ responseToken: responseTokenOf(params.location).token }),
  resetRetries: () => ({ retries: 0 }),
}
