import { assign, fromPromise, setup } from 'xstate'
import type { CakeId, CheckoutAlertCode } from '../src/domain/checkout-demo.ts'
import { limits } from '../src/domain/limits.ts'
import { checkoutPollMachine } from './checkout-poll.machine.ts'
import { consentReturnGuards } from './consent-return.ts'
import {
  alertOf,
  autoRefundDelays,
  cancelWith,
  autoRefundStates,
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
 * The cake-shop checkout, QR flow (spec §4 checkout demo QR, §8, §9): pick a cake (checkout is disabled until
 * one is picked), the shop creates a dynamic QR code and shows it with 'Please DO NOT close the browser after
 * paying', then looks at the payment every 3 seconds for up to 5 minutes until the test user has paid; Cancel beside
 * the code cancels it (issue 20). Cashback (spec §4 "for cashback, showIFrame") opens the wallet's consent page in a
 * frame instead: once the test user allows cashback, the frame comes back with a response token and the shop gives
 * the cashback to that user ('Cashback created', or 'Cashback creation failure', spec §8). Pure: the requests are
 * named actors, alerts are codes. docs/decisions/checkout-demo.md.
 */

export interface CreateCheckoutInput {
  kind: CheckoutQrKind
  cake: CakeId
  amount: number
}
/**
 * The created code, or for cashback the consent page: `url` is what the QR encodes, or what the frame shows;
 * `merchantPaymentId` is the code's merchant payment id, or the id the cashback will be given with.
 */
export interface CreateCheckoutOutput {
  url?: string | null
  merchantPaymentId: string
}

export type CheckoutQrKind = 'qr' | 'cashback'

export interface CheckoutQrInput {
  kind?: CheckoutQrKind
}

export interface CheckoutQrContext extends CheckoutAlertContext {
  kind: CheckoutQrKind
  cake: CakeId | null
  url: string | null
  merchantPaymentId: string | null
  /** The alert to show once the code is cancelled. */
  cancelAlert: CheckoutAlertContext['alert']
  /** Retries of the automatic refund so far (at most 3). */
  retries: number
  /** Cashback: the response token the consent frame came back with. */
  responseToken: string | null
}

export interface GiveCashbackInput {
  responseToken: string
  merchantCashbackId: string
  amount: number
}

export type CheckoutQrEvent =
  | { type: 'cake.pick'; cake: CakeId }
  | { type: 'checkout.submit' }
  | { type: 'checkout.cancel' }
  | { type: 'frame.navigated'; location: string }
  | { type: 'checkout.restart' }
  | { type: 'alert.close' }

export const checkoutQrMachine = setup({
  types: { context: {} as CheckoutQrContext, events: {} as CheckoutQrEvent, input: {} as CheckoutQrInput },
  actors: {
    /** Creates the QR code (POST /v1/codes through the demo API), or for cashback asks for the consent page; answers its url. */
    createCheckout: fromPromise<CreateCheckoutOutput, CreateCheckoutInput>(async () => ({ url: null, merchantPaymentId: '' })),
    /** Waits for the test user to pay (checkout-poll.machine.ts). */
    checkoutPoll: checkoutPollMachine,
    /** Cancels the unpaid code (and its payment). */
    cancelCode: fromPromise<void, { merchantPaymentId: string }>(async () => undefined),
    /** Cashback: reads the response token (the linked test user) and gives the cashback (POST /v1/demos/cashback). */
    giveCashback: fromPromise<void, GiveCashbackInput>(async () => undefined),
    /** Refunds the paid demo payment (about 30 s after paid). */
    refundPayment: fromPromise<void, { merchantPaymentId: string; amount: number }>(async () => undefined),
  },
  actions: {
    showAlert: assign((_, params: { code: CheckoutAlertCode }) => ({ alert: params.code })),
    hideAlert: assign(checkoutAssigners.hideAlert),
    pickCake: assign({ cake: ({ event }) => (event.type === 'cake.pick' ? event.cake : null) }),
    storeCheckout: assign((_, params: { output: CreateCheckoutOutput }) => ({
      url: params.output.url ?? null,
      merchantPaymentId: params.output.merchantPaymentId,
    })),
    forgetCheckout: assign({ url: () => null, merchantPaymentId: () => null, cancelAlert: () => null, responseToken: () => null }),
    storeResponseToken: assign(checkoutAssigners.storeResponseToken),
    forgetPayment: assign({ url: () => null, merchantPaymentId: () => null, cancelAlert: () => null, retries: () => 0 }),
    resetRetries: assign(checkoutAssigners.resetRetries),
    countRetry: assign({ retries: ({ context }) => context.retries + 1 }),
    cancelWith: assign((_, params: { code: NonNullable<CheckoutAlertContext['alert']> }) => ({ cancelAlert: params.code })),
    showCancelAlert: assign({ alert: ({ context }) => context.cancelAlert }),
  },
  guards: {
    hasCake: ({ context }) => context.cake !== null,
    hasNoUrl: (_, params: { output: CreateCheckoutOutput }) => !params.output.url,
    isCashback: ({ context }) => context.kind === 'cashback',
    /** A paid QR order is a real 1-yen payment of a test user: the demo gives it back; a cashback is not refunded. */
    refundsItself: ({ context }) => context.kind === 'qr',
    /** The cancel under way is the user's (Cancel beside the code), not the timeout's. */
    cancelledByUser: ({ context }) => context.cancelAlert === 'CHECKOUT_CANCELED',
    canRetry,
    ...consentReturnGuards,
    ...pollOutcomeGuards,
  },
  delays: { ...checkoutDelays, ...autoRefundDelays },
}).createMachine({
  id: 'checkoutQr',
  description:
    'Cake-shop checkout by QR code: pick a cake, press Checkout, the test user scans the code and pays (the shop checks every 3 seconds for up to 5 minutes), then "paid"; about 30 seconds later the demo refunds the payment. Cancel beside the code cancels it; a code nobody pays within 5 minutes is cancelled. Cashback opens the wallet\'s consent page in a frame: once the test user allows it, the shop gives the cashback ("Cashback created").',
  context: ({ input }) => ({
    kind: input.kind ?? 'qr',
    cake: null,
    url: null,
    merchantPaymentId: null,
    cancelAlert: null,
    retries: 0,
    alert: null,
    responseToken: null,
  }),
  initial: 'input',
  states: {
    input: {
      description: 'The shop: three cakes at 1 yen; Checkout is enabled once a cake is picked.',
      tags: ['screen.input'],
      ...inputStates,
      on: {
        'cake.pick': { actions: 'pickCake', description: 'The user picks a cake' },
        'checkout.submit': { guard: 'hasCake', target: 'creating', actions: 'hideAlert', description: 'The user presses Checkout (a cake is picked)' },
      },
    },
    creating: {
      description: 'The code is being created; Checkout shows it is busy.',
      tags: ['screen.input', 'busy.creating'],
      invoke: {
        id: 'createCheckout',
        src: 'createCheckout',
        input: ({ context }) => ({ kind: context.kind, cake: context.cake!, amount: limits.demo.cakePriceYen }),
        onDone: [
          {
            guard: { type: 'hasNoUrl', params: ({ event }) => ({ output: event.output }) },
            target: 'input.alerting',
            actions: alertOf('UNKNOWN_ERROR'),
            description: 'The server answers without a url: "Unknown error occurred. Please try again."',
          },
          {
            guard: 'isCashback',
            target: 'showIFrame',
            actions: { type: 'storeCheckout', params: ({ event }) => ({ output: event.output }) },
            description: "Cashback: the wallet's consent page opens in a frame",
          },
          {
            target: 'showCode',
            actions: { type: 'storeCheckout', params: ({ event }) => ({ output: event.output }) },
            description: 'The code is created: the QR code shows',
          },
        ],
        onError: {
          target: 'input.alerting',
          actions: alertOf('UNKNOWN_ERROR'),
          description: 'The creation fails: "Unknown error occurred. Please try again."',
        },
      },
    },
    showCode: {
      description: "The QR code, with 'Please DO NOT close the browser after paying'; the shop checks the payment every 3 seconds.",
      tags: ['screen.code', 'notice.doNotClose'],
      ...waitForPayment,
      on: {
        'checkout.cancel': {
          target: 'cancelling',
          actions: cancelWith('CHECKOUT_CANCELED'),
          description: 'The user presses Cancel beside the code: it is cancelled, "The payment was cancelled. Nothing was charged."',
        },
      },
    },
    cancelling: {
      description: 'The unpaid code is being cancelled.',
      tags: ['screen.code', 'busy.cancelling'],
      invoke: {
        id: 'cancelCode',
        src: 'cancelCode',
        input: ({ context }) => ({ merchantPaymentId: context.merchantPaymentId! }),
        onDone: {
          target: 'input.alerting',
          actions: ['showCancelAlert', 'forgetCheckout'],
          description: 'The code is cancelled: back to the shop with the alert',
        },
        onError: [
          {
            guard: 'cancelledByUser',
            target: 'input.alerting',
            actions: ['forgetCheckout', alertOf('CANCEL_UNCONFIRMED')],
            description: 'The user\'s cancel fails: back to the shop, "The cancel could not be confirmed. The unpaid code expires by itself…"',
          },
          {
            target: 'input.alerting',
            actions: ['showCancelAlert', 'forgetCheckout'],
            description: 'The cancel fails (the code expires by itself): back to the shop with the alert',
          },
        ],
      },
    },
    showIFrame: consentFrameState({
      description: "Cashback: the wallet's consent page in a frame; the test user signs in and allows the shop to give cashback.",
      withToken: 'givingCashback',
      forget: 'forgetCheckout',
      leave: { 'checkout.restart': 'The user goes back to the shop' },
    }),
    givingCashback: {
      description: 'The cashback is being given to the test user who allowed it (POST /v1/demos/cashback).',
      tags: ['screen.frame', 'busy.cashback'],
      invoke: {
        id: 'giveCashback',
        src: 'giveCashback',
        input: ({ context }) => ({ responseToken: context.responseToken!, merchantCashbackId: context.merchantPaymentId!, amount: limits.demo.cakePriceYen }),
        onDone: { target: 'paid', description: 'The cashback is given: "Cashback created"' },
        onError: {
          target: 'input.alerting',
          actions: ['forgetCheckout', alertOf('CASHBACK_FAILED')],
          description: 'The cashback is refused or not answered (a declined consent too): "Cashback creation failure"',
        },
      },
    },
    ...autoRefundStates,
    paid: {
      ...autoRefundStates.paid,
      on: {
        'checkout.restart': {
          guard: 'isCashback',
          target: 'input',
          actions: 'forgetCheckout',
          description: 'After a cashback the user presses "Shop again" (a paid QR order is refunded first)',
        },
      },
    },
  },
})
