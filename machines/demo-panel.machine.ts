import { and, assign, fromPromise, setup } from 'xstate'
import { responseTokenOf } from '../src/domain/checkout-demo.ts'
import { demoPanelDefaultAmount, readDemoAmount, type DemoAmountAlert, type DemoPanelType, type DemoPanelView } from '../src/domain/demo-panel.ts'
import { checkoutPollMachine, type CheckoutPollOutput } from './checkout-poll.machine.ts'

/**
 * The phone-mock test panel (spec §2 demo panels, §3 demo state, §5, §8, §9; docs/demo-panel.md): pick a payment
 * type (QR code, cashback, app invoke, auto debit; auto debit as a native payment from the pre-linked test user or
 * as a direct debit linked on the wallet's consent page), an amount from 0 to 100, press Run. Every step is a call
 * of the demo API (named actors; the portal records each request and answer for the panel), and the phone shows
 * what the test user's wallet shows: its cashier page while the code waits to be paid, its consent page while the
 * link is asked for, and the outcome. A paid payment can be refunded from the panel. Pure: no requests, no text.
 */

export interface CreatedCode {
  url: string
  merchantPaymentId: string
  codeId: string
}
export interface LinkedPayer {
  userAuthorizationId: string
  phoneNumber: string
}
export interface PaidPayment {
  merchantPaymentId: string
}

/** Why the panel stopped (shown in the panel and on the phone): a result code of the server, or one of these. */
export type DemoPanelProblem = string

/** An actor's failure: the server's result code (`INVALID_PARAMS`…), or `NO_ANSWER` for a network failure or timeout. */
export const problemOf = (error: unknown): DemoPanelProblem => (error instanceof Error && /^[A-Z][A-Z0-9_]*$/.test(error.message) ? error.message : 'NO_ANSWER')

export interface DemoPanelContext {
  paymentType: DemoPanelType
  view: DemoPanelView
  /** What the amount field holds, as typed. */
  amountText: string
  /** The accepted amount, null while the field is refused. */
  amount: number | null
  amountAlert: DemoAmountAlert | null
  /** The code the phone's cashier page shows, or the consent page's url. */
  url: string | null
  codeId: string | null
  merchantPaymentId: string | null
  payer: LinkedPayer | null
  problem: DemoPanelProblem | null
}

export interface DemoPanelInput {
  paymentType?: DemoPanelType
  view?: DemoPanelView
}

export type DemoPanelEvent =
  | { type: 'panel.type'; paymentType: DemoPanelType }
  | { type: 'panel.view'; view: DemoPanelView }
  | { type: 'panel.amount'; text: string }
  | { type: 'panel.run' }
  | { type: 'panel.cancel' }
  | { type: 'panel.refund' }
  | { type: 'panel.reset' }
  | { type: 'frame.navigated'; location: string }

const fails = (target: string, description: string) => ({
  target,
  actions: { type: 'fail' as const, params: ({ event }: { event: { error: unknown } }) => ({ problem: problemOf(event.error) }) },
  description,
})
const pollOutput = ({ event }: { event: { output: CheckoutPollOutput } }) => ({ output: event.output })

export const demoPanelMachine = setup({
  types: { context: {} as DemoPanelContext, events: {} as DemoPanelEvent, input: {} as DemoPanelInput },
  actors: {
    /** POST /v1/demos/createQR: a dynamic QR code (QR code) or an app-invoke order (deeplink); the cashier page's url. */
    createCode: fromPromise<CreatedCode, { paymentType: DemoPanelType; amount: number }>(async () => ({ url: '', merchantPaymentId: '', codeId: '' })),
    /** Waits for the test user to pay on the phone (GET /v1/demos/qrcode/detail every 3 s, checkout-poll.machine.ts). */
    checkoutPoll: checkoutPollMachine,
    /** DELETE /v1/demos/deleteQrcodes: the unpaid code. */
    cancelCode: fromPromise<void, { codeId: string }>(async () => undefined),
    /** GET /v1/demos/autoDebitId: the demo's pre-linked test user. */
    getPrelinkedPayer: fromPromise<LinkedPayer, void>(async () => ({ userAuthorizationId: '', phoneNumber: '' })),
    /** POST /v1/webApp/login: the wallet's consent page. */
    getConsentUrl: fromPromise<{ url: string }, void>(async () => ({ url: '' })),
    /** POST /v1/demos/parseJWTAndGetPhoneNumber: the consent page's answer. */
    readResponseToken: fromPromise<LinkedPayer, { responseToken: string }>(async () => ({ userAuthorizationId: '', phoneNumber: '' })),
    /** POST /v1/demos/payWithDirectDebit: a payment from the linked payer's balance. */
    payDirect: fromPromise<PaidPayment, { userAuthorizationId: string; amount: number }>(async () => ({ merchantPaymentId: '' })),
    /** POST /v1/demos/cashback: money to the linked payer. */
    giveCashback: fromPromise<void, { userAuthorizationId: string; amount: number }>(async () => undefined),
    /** POST /v1/demos/refunds: the whole paid amount back to the payer. */
    refundPayment: fromPromise<void, { merchantPaymentId: string; amount: number }>(async () => undefined),
  },
  actions: {
    fail: assign((_, params: { problem: DemoPanelProblem }) => ({ problem: params.problem })),
    forget: assign({ url: null, codeId: null, merchantPaymentId: null, payer: null, problem: null }),
  },
  guards: {
    amountAccepted: ({ context }) => context.amount !== null,
    isCode: ({ context }) => context.paymentType === 'qrCode' || context.paymentType === 'appInvoke',
    isConsent: ({ context }) => context.paymentType === 'autoDebit' && context.view === 'directDebit',
    isCashback: ({ context }) => context.paymentType === 'cashback',
    isPaid: (_, params: { output: CheckoutPollOutput }) => params.output.outcome === 'paid',
    hasProblem: ({ context }) => context.problem !== null,
    returnedWithToken: ({ event }) => event.type === 'frame.navigated' && responseTokenOf(event.location).token !== null,
    returnedWithoutToken: ({ event }) => event.type === 'frame.navigated' && responseTokenOf(event.location).returned,
  },
}).createMachine({
  id: 'demoPanel',
  description:
    'The phone-mock test panel: pick a payment type and an amount (0 to 100), press Run; the demo API creates the code or the payment, the phone shows the wallet (cashier page, consent page, outcome), the panel shows every call. A paid payment can be refunded.',
  context: ({ input }) => ({
    paymentType: input.paymentType ?? 'qrCode',
    view: input.view ?? 'native',
    amountText: String(demoPanelDefaultAmount),
    amount: demoPanelDefaultAmount,
    amountAlert: null,
    url: null,
    codeId: null,
    merchantPaymentId: null,
    payer: null,
    problem: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      description: "The form: payment type, view (auto debit), amount; the phone shows the wallet's home screen.",
      tags: ['phone.home'],
      on: {
        'panel.type': { actions: assign({ paymentType: ({ event }) => event.paymentType }), description: 'The developer picks a payment type' },
        'panel.view': { actions: assign({ view: ({ event }) => event.view }), description: 'The developer picks native payment or direct debit (auto debit)' },
        'panel.amount': {
          actions: assign(({ event }) => {
            const read = readDemoAmount(event.text)
            return { amountText: event.text, amount: read.amount, amountAlert: read.alert }
          }),
          description: 'The developer types an amount: over 100, under 0 or not a whole number shows its alert',
        },
        'panel.run': [
          { guard: and(['amountAccepted', 'isCode']), target: 'creating', actions: 'forget', description: 'Run a QR code or app invoke' },
          {
            guard: and(['amountAccepted', 'isConsent']),
            target: 'authorizing',
            actions: 'forget',
            description: 'Run auto debit as a direct debit: ask for the consent page',
          },
          {
            guard: 'amountAccepted',
            target: 'linking',
            actions: 'forget',
            description: 'Run cashback or auto debit (native payment): get the pre-linked test user',
          },
        ],
      },
    },
    creating: {
      description: 'Creating the code (POST /v1/demos/createQR).',
      tags: ['phone.home', 'busy.run'],
      invoke: {
        id: 'createCode',
        src: 'createCode',
        input: ({ context }) => ({ paymentType: context.paymentType, amount: context.amount! }),
        onDone: {
          target: 'waiting',
          actions: assign(({ event }) => ({ url: event.output.url, codeId: event.output.codeId, merchantPaymentId: event.output.merchantPaymentId })),
          description: 'The code is created: the phone opens its cashier page',
        },
        onError: fails('failed', 'The server refuses (for example 0 yen: INVALID_PARAMS) or does not answer'),
      },
    },
    waiting: {
      description: 'The phone shows the cashier page; the test user signs in and pays. The panel looks at the payment every 3 seconds for up to 5 minutes.',
      tags: ['phone.cashier'],
      invoke: {
        id: 'poll',
        src: 'checkoutPoll',
        input: ({ context }) => ({ merchantPaymentId: context.merchantPaymentId ?? '' }),
        onDone: [
          { guard: { type: 'isPaid', params: pollOutput }, target: 'completed', description: 'The test user paid: COMPLETED' },
          {
            target: 'cancelling',
            actions: { type: 'fail', params: ({ event }) => ({ problem: event.output.outcome === 'gaveUp' ? 'GAVE_UP' : 'TIMED_OUT' }) },
            description: 'Not paid within 5 minutes, expired, or not found 4 times in a row: the code is deleted',
          },
        ],
      },
      on: { 'panel.cancel': { target: 'cancelling', description: 'The developer presses Cancel' } },
    },
    cancelling: {
      description: 'Deleting the unpaid code (DELETE /v1/demos/deleteQrcodes).',
      tags: ['phone.cashier', 'busy.cancel'],
      invoke: {
        id: 'cancelCode',
        src: 'cancelCode',
        input: ({ context }) => ({ codeId: context.codeId ?? '' }),
        onDone: [
          { guard: 'hasProblem', target: 'failed', description: 'Deleted after a timeout: the panel says why' },
          { target: 'idle', actions: 'forget', description: "Deleted at the developer's request" },
        ],
        onError: fails('failed', 'The code could not be deleted'),
      },
    },
    linking: {
      description: "Getting the demo's pre-linked test user (GET /v1/demos/autoDebitId).",
      tags: ['phone.home', 'busy.run'],
      invoke: {
        id: 'getPrelinkedPayer',
        src: 'getPrelinkedPayer',
        onDone: [
          { guard: 'isCashback', target: 'givingCashback', actions: assign({ payer: ({ event }) => event.output }), description: 'Linked: give the cashback' },
          { target: 'charging', actions: assign({ payer: ({ event }) => event.output }), description: 'Linked: take the payment' },
        ],
        onError: fails('failed', 'The link could not be read'),
      },
    },
    authorizing: {
      description: "Getting the wallet's consent page (POST /v1/webApp/login).",
      tags: ['phone.home', 'busy.run'],
      invoke: {
        id: 'getConsentUrl',
        src: 'getConsentUrl',
        onDone: { target: 'consenting', actions: assign({ url: ({ event }) => event.output.url }), description: 'The phone opens the consent page' },
        onError: fails('failed', 'The consent page could not be prepared'),
      },
    },
    consenting: {
      description: "The phone shows the wallet's consent page; the test user signs in and agrees (or cancels).",
      tags: ['phone.consent'],
      on: {
        'frame.navigated': [
          { guard: 'returnedWithToken', target: 'readingToken', description: 'The wallet returns with a response token' },
          {
            guard: 'returnedWithoutToken',
            target: 'failed',
            actions: { type: 'fail', params: { problem: 'RESPONSE_TOKEN_MISSING' } },
            description: 'The wallet returns without a token: "Couldn\'t get response token."',
          },
        ],
        'panel.cancel': { target: 'idle', actions: 'forget', description: 'The developer presses Cancel' },
      },
    },
    readingToken: {
      description: 'Reading the response token (POST /v1/demos/parseJWTAndGetPhoneNumber).',
      tags: ['phone.consent', 'busy.run'],
      invoke: {
        id: 'readResponseToken',
        src: 'readResponseToken',
        input: ({ event }) => ({ responseToken: event.type === 'frame.navigated' ? (responseTokenOf(event.location).token ?? '') : '' }),
        onDone: { target: 'charging', actions: assign({ payer: ({ event }) => event.output, url: null }), description: 'Linked: take the payment' },
        onError: fails('failed', 'The token is refused (the test user declined)'),
      },
    },
    charging: {
      description: 'Taking the payment from the linked test user (POST /v1/demos/payWithDirectDebit).',
      tags: ['phone.charging', 'busy.run'],
      invoke: {
        id: 'payDirect',
        src: 'payDirect',
        input: ({ context }) => ({ userAuthorizationId: context.payer?.userAuthorizationId ?? '', amount: context.amount! }),
        onDone: { target: 'completed', actions: assign({ merchantPaymentId: ({ event }) => event.output.merchantPaymentId }), description: 'Paid: COMPLETED' },
        onError: fails('failed', 'The payment is refused (for example 0 yen) or not answered'),
      },
    },
    givingCashback: {
      description: 'Giving the cashback to the linked test user (POST /v1/demos/cashback).',
      tags: ['phone.charging', 'busy.run'],
      invoke: {
        id: 'giveCashback',
        src: 'giveCashback',
        input: ({ context }) => ({ userAuthorizationId: context.payer?.userAuthorizationId ?? '', amount: context.amount! }),
        onDone: { target: 'completed', description: 'The cashback is given' },
        onError: fails('failed', 'The cashback is refused or not answered'),
      },
    },
    completed: {
      description: "Done: the phone shows the wallet's completion; a payment can be refunded.",
      tags: ['phone.done'],
      on: {
        'panel.refund': {
          guard: ({ context }) => context.paymentType !== 'cashback',
          target: 'refunding',
          description: 'The developer presses Refund (not for a cashback)',
        },
        'panel.reset': { target: 'idle', actions: 'forget', description: 'The developer presses "New payment"' },
      },
    },
    refunding: {
      description: 'Refunding the whole payment (POST /v1/demos/refunds).',
      tags: ['phone.done', 'busy.refund'],
      invoke: {
        id: 'refundPayment',
        src: 'refundPayment',
        input: ({ context }) => ({ merchantPaymentId: context.merchantPaymentId ?? '', amount: context.amount! }),
        onDone: { target: 'refunded', description: "Refunded: the money is back on the test user's balance" },
        onError: fails('failed', 'The refund is refused or not answered'),
      },
    },
    refunded: {
      description: 'The phone shows the refund.',
      tags: ['phone.refunded'],
      on: { 'panel.reset': { target: 'idle', actions: 'forget', description: 'The developer presses "New payment"' } },
    },
    failed: {
      description: 'The panel and the phone say what went wrong; the answer is in the call list.',
      tags: ['phone.error'],
      on: { 'panel.reset': { target: 'idle', actions: 'forget', description: 'The developer presses "New payment"' } },
    },
  },
})
