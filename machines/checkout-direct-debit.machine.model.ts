import type { AnyMachineSnapshot } from 'xstate'
import { checkoutDirectDebitMachine, type CheckoutDirectDebitContext } from './checkout-direct-debit.machine.ts'
import { observeAlert } from './checkout.ts'

/** A page of the wallet itself inside the frame: no return to the shop yet. */
export const walletNextPage = 'http://127.0.0.1:4406/wallet/authorize?session=s1&step=2'
export const returnWithToken = 'http://127.0.0.1:4406/demo/loading?responseToken=eyJhbGciOiJIUzI1NiJ9.e30.sig'

/**
 * The direct-debit checkout as its model-based test and `npm run qa:paths checkout-direct-debit` walk it, with
 * the real waits (30 s to the refund, 1/2/4 s between retries, 45 s for an
 * alert). What can happen next depends on the state, the link, failed looks and retries so far and the alerts.
 */
export const checkoutDirectDebitModel = {
  machine: checkoutDirectDebitMachine,
  inputs: [
    { name: 'not linked', label: 'Open the cake shop (direct debit) in a fresh browser', input: {} },
    {
      name: 'linked',
      label: 'Open the cake shop (direct debit) after linking the wallet once',
      input: { userAuthorizationId: 'ua-0001', phoneNumber: '08012345678' },
    },
  ],
  serializeState: (s: AnyMachineSnapshot) => {
    const c = s.context as CheckoutDirectDebitContext
    return JSON.stringify([s.value, c.userAuthorizationId !== null, c.retries, c.alert, c.cancelAlert])
  },
  observe: (s: AnyMachineSnapshot) => observeAlert(s.context as CheckoutDirectDebitContext),
  labels: {
    'link.start': 'Press "Link wallet"',
    'link.cancel': 'Close the consent frame',
    'debit.submit': 'Press Debit',
    'alert.close': 'Close the alert',
  },
  events: [
    {
      type: 'xstate.done.actor.getAuthorizationUrl',
      output: { url: 'http://127.0.0.1:4406/wallet/authorize?session=s1' },
      label: 'The server answers the consent page address',
    },
    { type: 'xstate.error.actor.getAuthorizationUrl', error: new Error('503'), label: 'The server fails to give the consent page' },
    { type: 'frame.navigated', location: returnWithToken, label: 'The test user allows the link: the frame comes back to the loading page with a token' },
    {
      type: 'frame.navigated',
      location: 'http://127.0.0.1:4406/demo/loading',
      label: 'The frame comes back to the loading page without a token (the user denied)',
    },
    { type: 'frame.navigated', location: walletNextPage, label: "The test user moves on inside the wallet's consent page (the frame stays)" },
    {
      type: 'xstate.done.actor.saveResponseToken',
      output: { userAuthorizationId: 'ua-0002', phoneNumber: '08087654321' },
      label: 'The server saves the token: phone number and authorization id',
    },
    { type: 'xstate.error.actor.saveResponseToken', error: new Error('400'), label: 'The server refuses the token' },
    { type: 'xstate.done.actor.createPayment', output: { merchantPaymentId: 'DEVELOPER-PANEL-DEMO-0003' }, label: 'The server creates the payment' },
    {
      type: 'xstate.error.actor.createPayment',
      error: { timedOut: true, merchantPaymentId: 'DEVELOPER-PANEL-DEMO-0004' },
      label: 'The payment request times out',
    },
    { type: 'xstate.error.actor.createPayment', error: { timedOut: false }, label: 'The server refuses the payment (bad request)' },
    { type: 'xstate.done.actor.poll', output: { outcome: 'paid' }, label: 'The test user pays (the payment is COMPLETED)' },
    { type: 'xstate.done.actor.poll', output: { outcome: 'timedOut' }, label: 'Nobody pays within 5 minutes' },
    { type: 'xstate.done.actor.poll', output: { outcome: 'closed' }, label: 'The payment expires or fails' },
    { type: 'xstate.done.actor.poll', output: { outcome: 'gaveUp' }, label: 'The payment cannot be looked up 4 times in a row (network down)' },
    { type: 'xstate.done.actor.refundPayment', label: 'The server refunds the payment' },
    { type: 'xstate.error.actor.refundPayment', error: new Error('timeout'), label: 'The refund times out' },
    { type: 'xstate.done.actor.cancelPayment', label: 'The server cancels the payment' },
    { type: 'xstate.error.actor.cancelPayment', error: new Error('timeout'), label: 'The cancel times out' },
  ],
  simplePaths: false,
  equivalentMutants: {
    'drop action `resetRetries` of `checkoutDirectDebit.paid xstate.after.autoRefund.checkoutDirectDebit.paid`':
      'The retries are always 0 once paid (only a refund or a cancel counts them, and each ends by resetting them), so resetting them again as the refund starts changes nothing.',
    'drop guard `refundsItself` of `checkoutDirectDebit.paid xstate.after.autoRefund.checkoutDirectDebit.paid`':
      'The direct debit always refunds itself (its guard is always true; the paid state is shared with the QR flow, whose cashback does not refund), so without the guard nothing changes.',
  },
  invariants: [
    {
      name: 'A paid checkout never polls for the payment',
      holds: (s: AnyMachineSnapshot) => !['paid', 'refunding', 'refundBackoff'].some((x) => s.matches(x)) || !s.children.poll,
    },
    { name: 'The refund and the cancel are tried at most 4 times', holds: (s: AnyMachineSnapshot) => s.context.retries <= 3 },
    { name: 'An alert shows only above the shop', holds: (s: AnyMachineSnapshot) => s.context.alert === null || s.matches({ input: 'alerting' }) },
    {
      name: 'The consent page and its token are kept only while linking',
      holds: (s: AnyMachineSnapshot) =>
        (s.context.authorizationUrl === null && s.context.responseToken === null) || s.matches('showIFrame') || s.matches('savingToken'),
    },
    {
      name: 'Back at the shop nothing of a payment is kept (no payment id, retries or pending cancel alert)',
      holds: (s: AnyMachineSnapshot) =>
        !s.matches('input') || (s.context.merchantPaymentId === null && s.context.retries === 0 && s.context.cancelAlert === null),
    },
  ],
}
