import { assign, fromPromise, setup } from 'xstate'
import { consentReturnGuards } from './consent-return.ts'
import type { CheckoutAlertCode } from '../src/domain/checkout-demo.ts'
import { limits } from '../src/domain/limits.ts'
import { checkoutPollMachine } from './checkout-poll.machine.ts'
import {
  alertOf,
  autoRefundDelays,
  autoRefundStates,
  cancelWith,
  canRetry,
  checkoutAssigners,
  checkoutDelays,
  consentFrameState,
  pollOutcomeGuards,
  waitForPayment,
  inputStates,
  type CheckoutAlertContext,
} from './checkout.ts'

/**
 * The cake-shop checkout, direct-debit flow (spec §4 checkout demo direct debit, §8, §9): link the wallet once
 * (its consent page in a frame; when the frame comes back to a 'loading' page the response token in its query is
 * saved, giving the phone number and the user authorization id), then Debit: the payment is created and looked
 * up every 3 seconds for up to 5 minutes until COMPLETED. About 30 seconds after paid the demo refunds itself.
 * Cancel and refund retry after 1 s, 2 s and 4 s. Pure: requests are named actors, alerts are codes.
 */

export interface CheckoutDirectDebitInput {
  /** A link saved by an earlier visit (straight to the Debit screen). */
  userAuthorizationId?: string | null
  phoneNumber?: string | null
}

export interface SaveTokenOutput {
  userAuthorizationId: string
  phoneNumber: string
}
export interface CreatePaymentOutput {
  merchantPaymentId: string
}
/**
 * A failed payment creation: `timedOut` when the request timed out — the payment may exist all the same, so it is
 * cancelled by the merchant payment id the request used.
 */
export interface CreatePaymentFailure {
  timedOut: boolean
  merchantPaymentId?: string
}

export interface CheckoutDirectDebitContext extends CheckoutAlertContext {
  userAuthorizationId: string | null
  phoneNumber: string | null
  authorizationUrl: string | null
  responseToken: string | null
  merchantPaymentId: string | null
  /** Retries of the current cancel or refund so far (at most 3). */
  retries: number
  /** The alert to show once the cancel has run. */
  cancelAlert: CheckoutAlertContext['alert']
}

export type CheckoutDirectDebitEvent =
  { type: 'link.start' } | { type: 'frame.navigated'; location: string } | { type: 'link.cancel' } | { type: 'debit.submit' } | { type: 'alert.close' }

const isTimedOut = (error: unknown) => typeof error === 'object' && error !== null && (error as CreatePaymentFailure).timedOut === true

export const checkoutDirectDebitMachine = setup({
  types: { context: {} as CheckoutDirectDebitContext, events: {} as CheckoutDirectDebitEvent, input: {} as CheckoutDirectDebitInput },
  actors: {
    /** Asks the demo API for the wallet's consent page (the user authorization URL). */
    getAuthorizationUrl: fromPromise<{ url: string }, void>(async () => ({ url: '' })),
    /** Saves the response token; answers the linked phone number and user authorization id. */
    saveResponseToken: fromPromise<SaveTokenOutput, { responseToken: string }>(async () => ({ userAuthorizationId: '', phoneNumber: '' })),
    /** Creates the direct-debit payment of one cake (1 yen). */
    createPayment: fromPromise<CreatePaymentOutput, { userAuthorizationId: string; amount: number }>(async () => ({ merchantPaymentId: '' })),
    /** Waits for the test user to pay (checkout-poll.machine.ts). */
    checkoutPoll: checkoutPollMachine,
    cancelPayment: fromPromise<void, { merchantPaymentId: string }>(async () => undefined),
    refundPayment: fromPromise<void, { merchantPaymentId: string; amount: number }>(async () => undefined),
  },
  actions: {
    showAlert: assign((_, params: { code: CheckoutAlertCode }) => ({ alert: params.code })),
    hideAlert: assign(checkoutAssigners.hideAlert),
    storeAuthorizationUrl: assign((_, params: { url: string }) => ({ authorizationUrl: params.url })),
    storeResponseToken: assign(checkoutAssigners.storeResponseToken),
    storeLink: assign((_, params: { output: SaveTokenOutput }) => ({ ...params.output, authorizationUrl: null, responseToken: null })),
    forgetLinkAttempt: assign({ authorizationUrl: () => null, responseToken: () => null }),
    storePayment: assign((_, params: { output: CreatePaymentOutput }) => ({ merchantPaymentId: params.output.merchantPaymentId })),
    storeFailedPayment: assign((_, params: { error: unknown }) => ({ merchantPaymentId: (params.error as CreatePaymentFailure).merchantPaymentId ?? null })),
    resetRetries: assign(checkoutAssigners.resetRetries),
    forgetPayment: assign({ merchantPaymentId: () => null, retries: () => 0, cancelAlert: () => null }),
    countRetry: assign({ retries: ({ context }) => context.retries + 1 }),
    cancelWith: assign((_, params: { code: NonNullable<CheckoutAlertContext['alert']> }) => ({ cancelAlert: params.code, retries: 0 })),
    showCancelAlert: assign({ alert: ({ context }) => context.cancelAlert }),
  },
  guards: {
    isLinked: ({ context }) => context.userAuthorizationId !== null && context.phoneNumber !== null,
    ...consentReturnGuards,
    isTimedOut: (_, params: { error: unknown }) => isTimedOut(params.error),
    ...pollOutcomeGuards,
    canRetry,
    refundsItself: () => true,
  },
  delays: { ...checkoutDelays, ...autoRefundDelays },
}).createMachine({
  id: 'checkoutDirectDebit',
  description:
    'Cake-shop checkout by direct debit: link the wallet once (its consent page in a frame), then Debit; the shop checks every 3 seconds for up to 5 minutes until paid, and refunds the demo payment by itself 30 seconds later. A payment not completed in time is cancelled.',
  context: ({ input }) => ({
    userAuthorizationId: input.userAuthorizationId ?? null,
    phoneNumber: input.phoneNumber ?? null,
    authorizationUrl: null,
    responseToken: null,
    merchantPaymentId: null,
    retries: 0,
    cancelAlert: null,
    alert: null,
  }),
  initial: 'input',
  states: {
    input: {
      description: 'The shop with the "Link wallet" button.',
      tags: ['screen.input'],
      ...inputStates,
      on: {
        'link.start': [
          {
            guard: 'isLinked',
            target: 'showCode',
            actions: 'hideAlert',
            description: 'The user presses Link; the wallet is already linked (saved phone number)',
          },
          { target: 'fetchingAuthorization', actions: 'hideAlert', description: 'The user presses Link; no saved link' },
        ],
      },
    },
    fetchingAuthorization: {
      description: 'The consent page address is being fetched; the Link button is busy.',
      tags: ['screen.input', 'busy.linking'],
      invoke: {
        id: 'getAuthorizationUrl',
        src: 'getAuthorizationUrl',
        onDone: {
          target: 'showIFrame',
          actions: { type: 'storeAuthorizationUrl', params: ({ event }) => ({ url: event.output.url }) },
          description: 'The consent page opens in a frame',
        },
        onError: {
          target: 'input.alerting',
          actions: alertOf('AUTHORIZATION_FAILED'),
          description: 'The request fails: "Unknown error occurred. Please wait a while before trying again."',
        },
      },
    },
    showIFrame: consentFrameState({
      description: "The wallet's consent page in a frame: the test user signs in and allows the shop to debit.",
      withToken: 'savingToken',
      forget: 'forgetLinkAttempt',
      leave: { 'link.cancel': 'The user closes the frame' },
    }),
    savingToken: {
      description: 'The response token is being saved; the shop learns the phone number and the authorization id.',
      tags: ['screen.frame', 'busy.linking'],
      invoke: {
        id: 'saveResponseToken',
        src: 'saveResponseToken',
        input: ({ context }) => ({ responseToken: context.responseToken! }),
        onDone: {
          target: 'showCode',
          actions: { type: 'storeLink', params: ({ event }) => ({ output: event.output }) },
          description: 'The token is saved: the wallet is linked',
        },
        onError: {
          target: 'input.alerting',
          actions: ['forgetLinkAttempt', alertOf('RESPONSE_TOKEN_MISSING')],
          description: 'Saving fails: "Couldn\'t get response token. Will start over again."',
        },
      },
    },
    showCode: {
      description: 'The linked phone number and the Debit button.',
      tags: ['screen.debit'],
      on: { 'debit.submit': { target: 'debiting', description: 'The user presses Debit' } },
    },
    debiting: {
      description: "The payment is being created; Debit shows 'Processing...'.",
      tags: ['screen.debit', 'busy.processing'],
      invoke: {
        id: 'createPayment',
        src: 'createPayment',
        input: ({ context }) => ({ userAuthorizationId: context.userAuthorizationId!, amount: limits.demo.cakePriceYen }),
        onDone: {
          target: 'polling',
          actions: { type: 'storePayment', params: ({ event }) => ({ output: event.output }) },
          description: 'The payment is created',
        },
        onError: [
          {
            guard: { type: 'isTimedOut', params: ({ event }) => ({ error: event.error }) },
            target: 'cancelling',
            actions: [{ type: 'storeFailedPayment', params: ({ event }) => ({ error: event.error }) }, cancelWith('TIMED_OUT')],
            description: 'The request times out: the payment is cancelled, "Timed out. Please regenerate again"',
          },
          { target: 'input.alerting', actions: alertOf('UNKNOWN_ERROR'), description: 'The server refuses the request: back to the shop' },
        ],
      },
    },
    polling: {
      description: "Waiting for the payment to complete, 'Processing...'; the shop checks every 3 seconds.",
      tags: ['screen.debit', 'busy.processing'],
      ...waitForPayment,
    },
    ...autoRefundStates,
    cancelling: {
      description: 'The payment is being cancelled.',
      tags: ['screen.debit', 'busy.cancelling'],
      invoke: {
        id: 'cancelPayment',
        src: 'cancelPayment',
        input: ({ context }) => ({ merchantPaymentId: context.merchantPaymentId ?? '' }),
        onDone: { target: 'input.alerting', actions: ['showCancelAlert', 'forgetPayment'], description: 'Cancelled: back to the shop with the alert' },
        onError: [
          { guard: 'canRetry', target: 'cancelBackoff', actions: 'countRetry', description: 'The cancel fails: try again after 1, 2, then 4 seconds' },
          {
            target: 'input.alerting',
            actions: ['showCancelAlert', 'forgetPayment'],
            description: 'The 3rd retry fails too: back to the shop with the alert (the payment expires by itself)',
          },
        ],
      },
    },
    cancelBackoff: {
      description: 'Waiting before the next cancel attempt.',
      tags: ['screen.debit', 'busy.cancelling'],
      after: { retryBackoff: { target: 'cancelling', description: 'The wait (1, 2 or 4 seconds) ends' } },
    },
  },
})
