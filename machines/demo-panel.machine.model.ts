import type { AnyMachineSnapshot } from 'xstate'
import { demoPanelMachine, type DemoPanelContext } from './demo-panel.machine.ts'

export const demoCashierUrl = 'http://127.0.0.1:4421/sandbox/cashier/c0de0001'
export const demoConsentUrl = 'http://127.0.0.1:4421/v2/user_authorization?apiKey=k&requestToken=t'

/**
 * The phone-mock test panel as its model-based test and `npm run qa:paths demo-panel` walk it: each payment type
 * (auto debit in both views), the amount field's alerts, every answer of the demo API. What can happen next depends
 * on the state, the payment type, the view, whether the amount is accepted (and its alert) and whether a problem
 * is kept; urls and ids do not.
 */
export const demoPanelModel = {
  machine: demoPanelMachine,
  inputs: [
    { name: 'QR code', label: 'Open /demo/panel (QR code)', input: { paymentType: 'qrCode' as const } },
    { name: 'app invoke', label: 'Open /demo/panel?type=appInvoke', input: { paymentType: 'appInvoke' as const } },
    { name: 'cashback', label: 'Open /demo/panel?type=cashback', input: { paymentType: 'cashback' as const } },
    { name: 'auto debit, native payment', label: 'Open /demo/panel?type=autoDebit', input: { paymentType: 'autoDebit' as const, view: 'native' as const } },
    {
      name: 'auto debit, direct debit',
      label: 'Open /demo/panel?type=autoDebit&view=directDebit',
      input: { paymentType: 'autoDebit' as const, view: 'directDebit' as const },
    },
  ],
  serializeState: (s: AnyMachineSnapshot) => {
    const c = s.context as DemoPanelContext
    return JSON.stringify([s.value, c.paymentType, c.view, c.amount === null, c.amountAlert, c.problem !== null])
  },
  observe: (s: AnyMachineSnapshot) => {
    const c = s.context as DemoPanelContext
    return [
      ...(c.amountAlert ? [`alert.${c.amountAlert}`] : []),
      ...(c.problem ? [`problem.${c.problem}`] : []),
      ...(s.matches('idle') && c.amount === null ? ['run.disabled'] : []),
    ]
  },
  labels: {
    'panel.run': 'Press Run',
    'panel.cancel': 'Press Cancel',
    'panel.refund': 'Press Refund',
    'panel.reset': 'Press "New payment"',
  },
  events: [
    { type: 'panel.amount', text: '101', label: 'Type 101 in Amount' },
    { type: 'panel.amount', text: '-1', label: 'Type -1 in Amount' },
    { type: 'panel.amount', text: '1.5', label: 'Type 1.5 in Amount' },
    { type: 'panel.amount', text: '100', label: 'Type 100 in Amount' },
    { type: 'panel.type', paymentType: 'autoDebit', label: 'Pick the payment type "Auto debit"' },
    { type: 'panel.view', view: 'directDebit', label: 'Pick the view "Direct debit"' },
    {
      type: 'xstate.done.actor.createCode',
      output: { url: demoCashierUrl, merchantPaymentId: 'DEVELOPER-PANEL-DEMO-0001', codeId: 'c0de0001' },
      label: 'The server creates the code (201, data.url: the cashier page)',
    },
    { type: 'xstate.error.actor.createCode', error: new Error('INVALID_PARAMS'), label: 'The server refuses the code (400 INVALID_PARAMS: amount 0)' },
    { type: 'xstate.done.actor.poll', output: { outcome: 'paid' }, label: 'The test user pays on the phone (the payment is COMPLETED)' },
    { type: 'xstate.done.actor.poll', output: { outcome: 'timedOut' }, label: 'Nobody pays within 5 minutes (or the code expires)' },
    { type: 'xstate.done.actor.poll', output: { outcome: 'gaveUp' }, label: 'The payment cannot be looked up 4 times in a row (network down)' },
    { type: 'xstate.done.actor.cancelCode', label: 'The server deletes the code' },
    { type: 'xstate.error.actor.cancelCode', error: new Error('network'), label: 'The delete gets no answer' },
    {
      type: 'xstate.done.actor.getPrelinkedPayer',
      output: { userAuthorizationId: 'ua-taro', phoneNumber: '*******0001' },
      label: 'The server answers the pre-linked test user (taro)',
    },
    { type: 'xstate.error.actor.getPrelinkedPayer', error: new Error('RATE_LIMIT'), label: 'The server answers 429 RATE_LIMIT' },
    { type: 'xstate.done.actor.getConsentUrl', output: { url: demoConsentUrl }, label: 'The server answers the consent page url' },
    { type: 'xstate.error.actor.getConsentUrl', error: new Error('timeout'), label: 'The consent url gets no answer' },
    {
      type: 'frame.navigated',
      location: 'http://127.0.0.1:4421/demo/checkout/loading?responseToken=eyJ.a.b',
      label: 'The test user agrees on the phone (the wallet returns with a responseToken)',
    },
    { type: 'frame.navigated', location: 'http://127.0.0.1:4421/demo/checkout/loading', label: 'The wallet returns without a token' },
    { type: 'frame.navigated', location: 'http://127.0.0.1:4421/sandbox/authorize/s1', label: 'The test user signs in on the consent page' },
    {
      type: 'xstate.done.actor.readResponseToken',
      output: { userAuthorizationId: 'ua-hanako', phoneNumber: '*******0002' },
      label: 'The server reads the token (user authorization id, phone number)',
    },
    { type: 'xstate.error.actor.readResponseToken', error: new Error('INVALID_PARAMS'), label: 'The server refuses the token (declined)' },
    { type: 'xstate.done.actor.payDirect', output: { merchantPaymentId: 'DEVELOPER-PANEL-DEMO-0002' }, label: 'The server takes the payment (201 COMPLETED)' },
    { type: 'xstate.error.actor.payDirect', error: new Error('INVALID_PARAMS'), label: 'The server refuses the payment (400 INVALID_PARAMS: amount 0)' },
    { type: 'xstate.done.actor.giveCashback', label: 'The server gives the cashback (202)' },
    { type: 'xstate.error.actor.giveCashback', error: new Error('INVALID_PARAMS'), label: 'The server refuses the cashback' },
    { type: 'xstate.done.actor.refundPayment', label: 'The server refunds the payment' },
    { type: 'xstate.error.actor.refundPayment', error: new Error('timeout'), label: 'The refund gets no answer' },
  ],
  simplePaths: false,
  invariants: [
    { name: 'The cashier shows only with a code', holds: (s: AnyMachineSnapshot) => !s.matches('waiting') || s.context.url !== null },
    {
      name: 'Back at idle nothing of the last run is kept (no code, payment, payer or problem)',
      holds: (s: AnyMachineSnapshot) => {
        const c = s.context as DemoPanelContext
        return !s.matches('idle') || [c.url, c.codeId, c.merchantPaymentId, c.payer, c.problem].every((v) => v === null)
      },
    },
  ],
  equivalentMutants: Object.fromEntries(
    [0, 1, 2].map((i) => [
      `drop action \`forget\` of \`demoPanel.idle panel.run[${i}]\``,
      "Run starts from idle, where nothing of a run is kept (the invariant 'Back at idle…' holds on every step of every path), so forgetting it again changes nothing.",
    ]),
  ),
}
