import type { AnyMachineSnapshot } from 'xstate'
import { checkoutQrMachine, type CheckoutQrContext } from './checkout-qr.machine.ts'
import { observeAlert } from './checkout.ts'

export const demoCodeUrl = 'http://127.0.0.1:4406/cashier?code=https%3A%2F%2Fqr.sandbox%2Fcode-1'
/** Cashback: the consent page the frame opens, and the frame's return to the shop's loading page (with or without a token). */
export const demoConsentUrl = 'http://127.0.0.1:4406/sandbox/authorize/session-1'
export const cashbackReturnWithToken = 'http://127.0.0.1:4406/demo/checkout/loading?responseToken=eyJhbGciOiJIUzI1NiJ9.e30.sig'
/** A page of the wallet itself inside the frame: no return to the shop yet. */
export const walletNextPage = 'http://127.0.0.1:4406/sandbox/authorize/session-1?step=2'
export const cashbackReturnWithoutToken = 'http://127.0.0.1:4406/demo/checkout/loading'

/**
 * The QR checkout as its model-based test and `npm run qa:paths checkout-qr` walk it, with the real waits
 * (45 s for an alert, 30 s to the refund, 1/2/4 s between refund retries). What can happen next depends on the state, the kind of
 * checkout, whether a cake is picked, the failed looks in a row, the alert shown and whose cancel is under way; the url
 * and the response token do not.
 */
export const checkoutQrModel = {
  machine: checkoutQrMachine,
  inputs: [
    { name: 'QR checkout', label: 'Open the cake shop (QR code payment)', input: { kind: 'qr' as const } },
    { name: 'cashback', label: 'Open the cake shop on its Cashback tab', input: { kind: 'cashback' as const } },
  ],
  serializeState: (s: AnyMachineSnapshot) => {
    const c = s.context as CheckoutQrContext
    return JSON.stringify([s.value, c.kind, c.cake !== null, c.retries, c.alert, c.cancelAlert])
  },
  observe: (s: AnyMachineSnapshot) => {
    const c = s.context as CheckoutQrContext
    return [...observeAlert(c), ...(s.hasTag('screen.input') && c.cake === null ? ['checkout.disabled'] : [])]
  },
  labels: {
    'checkout.submit': 'Press Checkout',
    'checkout.cancel': 'Press Cancel beside the QR code',
    'checkout.restart': 'Press "Back to the shop" (or "Shop again" after a cashback)',
    'alert.close': 'Close the alert',
  },
  events: [
    { type: 'cake.pick', cake: 'strawberry', label: 'Pick the strawberry cake (1 yen)' },
    {
      type: 'xstate.done.actor.createCheckout',
      output: { url: demoCodeUrl, merchantPaymentId: 'DEVELOPER-PANEL-DEMO-0001' },
      label: 'The server creates the code (POST /v1/codes answers data.url), or for cashback answers the consent page',
    },
    {
      type: 'xstate.done.actor.createCheckout',
      output: { url: null, merchantPaymentId: 'DEVELOPER-PANEL-DEMO-0002' },
      label: 'The server answers without a url',
    },
    { type: 'xstate.error.actor.createCheckout', error: new Error('503'), label: 'The creation fails (stop the sandbox)' },
    {
      type: 'frame.navigated',
      location: cashbackReturnWithToken,
      label: 'The test user allows cashback in the frame: it comes back to the loading page with a token',
    },
    { type: 'frame.navigated', location: cashbackReturnWithoutToken, label: 'The frame comes back to the loading page without a token' },
    { type: 'frame.navigated', location: walletNextPage, label: "The test user moves on inside the wallet's consent page (the frame stays)" },
    { type: 'xstate.done.actor.giveCashback', label: 'The server gives the cashback (POST /v1/demos/cashback)' },
    { type: 'xstate.error.actor.giveCashback', error: new Error('refused'), label: 'The cashback is refused (the consent was declined)' },
    { type: 'xstate.done.actor.poll', output: { outcome: 'paid' }, label: 'The test user pays (the payment is COMPLETED)' },
    { type: 'xstate.done.actor.poll', output: { outcome: 'timedOut' }, label: 'Nobody pays within 5 minutes' },
    { type: 'xstate.done.actor.poll', output: { outcome: 'closed' }, label: 'The payment expires or fails' },
    { type: 'xstate.done.actor.poll', output: { outcome: 'gaveUp' }, label: 'The payment cannot be looked up 4 times in a row (network down)' },
    { type: 'xstate.done.actor.cancelCode', label: 'The server cancels the code' },
    { type: 'xstate.error.actor.cancelCode', error: new Error('network'), label: 'The cancel fails' },
    { type: 'xstate.done.actor.refundPayment', label: 'The server refunds the payment' },
    { type: 'xstate.error.actor.refundPayment', error: new Error('timeout'), label: 'The refund times out' },
  ],
  simplePaths: false,
  equivalentMutants: {
    'drop action `resetRetries` of `checkoutQr.paid xstate.after.autoRefund.checkoutQr.paid`':
      'The retries are always 0 once paid (only a refund or a cancel counts them, and each ends by resetting them), so resetting them again as the refund starts changes nothing.',
  },
  invariants: [
    {
      name: 'A paid checkout never polls for the payment',
      holds: (s: AnyMachineSnapshot) => !['paid', 'refunding', 'refundBackoff'].some((x) => s.matches(x)) || !s.children.poll,
    },
    { name: 'Checkout is only created with a cake picked', holds: (s: AnyMachineSnapshot) => !s.matches('creating') || s.context.cake !== null },
    { name: 'The refund is tried at most 4 times (1, 2, 4 s apart)', holds: (s: AnyMachineSnapshot) => s.context.retries <= 3 },
    { name: 'An alert shows only above the shop', holds: (s: AnyMachineSnapshot) => s.context.alert === null || s.matches({ input: 'alerting' }) },
    {
      name: 'Back at the shop nothing of an order is kept (no payment id, retries or pending cancel alert)',
      holds: (s: AnyMachineSnapshot) =>
        !s.matches('input') || (s.context.merchantPaymentId === null && s.context.retries === 0 && s.context.cancelAlert === null),
    },
    { name: '"Do not close" shows exactly while the code is shown', holds: (s: AnyMachineSnapshot) => s.hasTag('notice.doNotClose') === s.matches('showCode') },
  ],
}
