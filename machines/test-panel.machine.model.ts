import type { AnyMachineSnapshot } from 'xstate'
import { defaultScenario } from '../src/domain/lab.ts'
import { testPanelMachine, type DemoCallRecord } from './test-panel.machine.ts'

const answer = (endpointId: DemoCallRecord['request']['endpointId'], status: number, data: unknown, code: string): DemoCallRecord => ({
  purpose: 'send',
  key: 'WIT',
  request: {
    endpointId,
    method: 'POST',
    path: '/v2/postPayments',
    url: 'http://127.0.0.1/v2/postPayments',
    headers: {},
    body: { merchantPaymentId: 'DEVELOPER-PANEL-PAY-0001', amount: { amount: 1, currency: 'JPY' } },
    bodyText: '{}',
  },
  status,
  answer: { resultInfo: { code, message: '', codeId: '' }, data },
  text: '',
  ms: 12,
})

const selected = ['webcashier', 'qrcode', 'appinvoke', 'autodebit', 'request_money', 'continuous_payments', 'preauth_capture'] as const

const isReady = (s: AnyMachineSnapshot) => s.value === 'ready'
const hasId = (s: AnyMachineSnapshot) => s.context.item.merchantPaymentId !== null

/**
 * The test panel as its model-based test and `npm run qa:paths test-panel` walk it: a web-payment tab and a payment tab
 * (an endpoint that needs an id, and "Refund a payment" that needs none); every scenario, the authorization flag, Run,
 * and the server's answers.
 *
 * What Run does depends on scenario × flag × endpoint × whether the item holds an id, so every such `ready` state is a
 * state of its own and Run is pressed from each of them (every WIT/WOT combination of spec §4, on an endpoint with and
 * without an id to create). The rest is kept small: while a call is out (`creating`, `sending`) only the endpoint and
 * the id tell states apart (the answers do the same whatever the scenario), and the edits (scenario, flag, endpoint,
 * id, clear) get a path of their own only from the tab as it opens — every other state reaches them on its shortest
 * path anyway: 170 paths (870 before), the same states, transitions and Run combinations.
 */
export const testPanelModel = {
  machine: testPanelMachine,
  inputs: [
    {
      name: 'webcashier: payment details',
      label: 'Open /develop/paylab-lab?product=webcashier, pick "Get payment details"',
      input: { model: 'webcashier' as const, selectedModels: selected, endpointId: 'getCodesPayment' as const },
    },
    {
      name: 'autodebit: payment details',
      label: 'Open /develop/paylab-lab?product=autodebit, pick "Get payment details"',
      input: { model: 'autodebit' as const, selectedModels: selected, endpointId: 'getPayments' as const },
    },
  ],
  events: [
    { type: 'panel.scenario', scenario: 'model1', label: 'Pick scenario model1' },
    { type: 'panel.scenario', scenario: 'model2', label: 'Pick scenario model2' },
    { type: 'panel.scenario', scenario: 'model3', label: 'Pick scenario model3' },
    { type: 'panel.scenario', scenario: 'model4', label: 'Pick scenario model4' },
    { type: 'panel.authorize', value: true, label: 'Tick "authorization flag"' },
    { type: 'panel.authorize', value: false, label: 'Untick "authorization flag"' },
    { type: 'panel.endpoint', endpointId: 'postRefunds', label: 'Pick "Refund a payment"' },
    { type: 'panel.user', userAuthorizationId: 'ua-0001', label: 'Enter user authorization id ua-0001' },
    {
      type: 'xstate.done.actor.create',
      output: answer('postPayments', 201, { paymentId: 'p-1', codeId: 'c-1' }, 'SUCCESS'),
      label: 'The creator answers 201 with an id',
    },
    { type: 'xstate.done.actor.create', output: answer('postPayments', 401, null, 'UNAUTHORIZED'), label: 'The creator answers 401 UNAUTHORIZED (no id)' },
    { type: 'xstate.error.actor.create', error: new Error('timeout'), label: 'The creator gets no answer (timeout)' },
    { type: 'xstate.done.actor.send', output: answer('postPayments', 201, { paymentId: 'p-2' }, 'SUCCESS'), label: 'The server answers 201 SUCCESS' },
    { type: 'xstate.done.actor.send', output: answer('postPayments', 401, null, 'UNAUTHORIZED'), label: 'The server answers 401 UNAUTHORIZED (WOT)' },
    { type: 'xstate.error.actor.send', error: new Error('network'), label: 'The call gets no answer (network down)' },
  ],
  labels: { 'panel.run': 'Press Run', 'panel.reset': 'Press "Clear item"' },
  simplePaths: false,
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify(
      isReady(s) ? [s.value, s.context.scenario, s.context.item.isAuthorzation, s.context.endpointId, hasId(s)] : [s.value, s.context.endpointId, hasId(s)],
    ),
  keepTransition: (from: AnyMachineSnapshot, event: { type: string }) =>
    !isReady(from) || event.type === 'panel.run' || (from.context.scenario === defaultScenario && !from.context.item.isAuthorzation && !hasId(from)),
  invariants: [{ name: 'A call is sent only for an endpoint', holds: (s: AnyMachineSnapshot) => !s.matches('sending') || !!s.context.endpointId }],
}
