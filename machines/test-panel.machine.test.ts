import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate'
import { labEndpointById, labEndpointsOf, wotDemoKey, type LabGroup, type ScenarioId } from '../src/domain/lab.ts'
import { demoRequestFor, emptyItem } from '../src/domain/lab-panel.ts'
import type { ProductModel } from '../src/domain/products.ts'
import { testMachinePaths } from '../tests/support/model-based.ts'
import { testPanelMachine, type DemoCallInput, type DemoCallRecord } from './test-panel.machine.ts'
import { testPanelModel } from './test-panel.machine.model.ts'

/**
 * The oracle, written from spec §4 (not from domain/lab.ts): the product's specific model — web payment model2,
 * payment model3, continuous payment and pre-auth model4 — with the authorization flag false uses the unauthorised
 * key (WOT); everything else the authorised key (WIT). The scenario left over probes a missing id (docs/dashboard.md).
 */
const groupOf: Record<ProductModel, LabGroup> = {
  webcashier: 'webPayment',
  qrcode: 'webPayment',
  appinvoke: 'webPayment',
  autodebit: 'payment',
  request_money: 'payment',
  continuous_payments: 'continuousPayment',
  preauth_capture: 'preauthCapture',
}
const specificModel: Record<LabGroup, ScenarioId> = { webPayment: 'model2', payment: 'model3', continuousPayment: 'model4', preauthCapture: 'model4' }
const emptyIdScenario: Record<LabGroup, ScenarioId> = { webPayment: 'model3', payment: 'model2', continuousPayment: 'model2', preauthCapture: 'model2' }
const expectedKey = (model: ProductModel, scenario: ScenarioId, flag: boolean) => (scenario === specificModel[groupOf[model]] && !flag ? 'WOT' : 'WIT')
const needsId = (s: AnyMachineSnapshot) => labEndpointById(s.context.endpointId)?.idKind !== undefined

testMachinePaths('testPanel', {
  ...testPanelModel,
  // The flow's transitions (docs/statecharts/test-panel.md), state by state: a transition gone, retargeted or swapped fails.
  spec: {
    initial: { 'webcashier: payment details': 'ready', 'autodebit: payment details': 'ready' },
    transitions: {
      ready: {
        'panel.endpoint': 'ready',
        'panel.scenario': 'ready',
        'panel.authorize': 'ready',
        'panel.user': 'ready',
        'panel.reset': 'ready',
        'panel.run': ['creating', 'sending'],
      },
      creating: {
        'xstate.done.actor.create': 'sending',
        'xstate.error.actor.create': 'ready',
      },
      sending: {
        'xstate.done.actor.send': 'ready',
        'xstate.error.actor.send': 'ready',
      },
    },
  },
  compareContext: false,
  check: (actual, step, before) => {
    const { type } = step.event
    if (type === 'start') return expect(actual.value).toBe('ready')
    if (type === 'panel.run') {
      const ctx = before!.context
      const emptyOnPurpose = needsId(before!) && ctx.scenario === emptyIdScenario[groupOf[ctx.model as ProductModel]]
      const lacksId = needsId(before!) && !emptyOnPurpose && ctx.item.merchantPaymentId === null
      expect(actual.value).toBe(lacksId ? 'creating' : 'sending')
      expect(actual.context.plan).toEqual({
        endpointId: ctx.endpointId,
        key: expectedKey(ctx.model, ctx.scenario, ctx.item.isAuthorzation),
        emptyId: emptyOnPurpose,
      })
    }
    if (type === 'xstate.done.actor.create') {
      expect(actual.value).toBe('sending')
      const ok = (step.event.output as DemoCallRecord).status === 201
      expect(actual.context.item.merchantPaymentId).toBe(ok ? 'DEVELOPER-PANEL-PAY-0001' : null)
    }
    if (type === 'xstate.done.actor.send') {
      expect(actual.value).toBe('ready')
      expect(actual.context.calls.at(-1)).toEqual(step.event.output)
    }
    if (type.startsWith('xstate.error.actor.'))
      expect([actual.value, actual.context.failure]).toEqual(['ready', (step.event as { error?: Error }).error!.message])
  },
})

/** Runs one tab with a fake demo API that records what the panel asked for; `answers` are the creator's and target's statuses. */
async function run(model: ProductModel, endpointId: string, scenario: ScenarioId, flag: boolean, creatorStatus = 201) {
  const calls: DemoCallInput[] = []
  const callDemo = fromPromise<DemoCallRecord, DemoCallInput>(async ({ input }) => {
    calls.push(input)
    const request = demoRequestFor(
      input.plan.endpointId,
      { item: input.item, userAuthorizationId: input.userAuthorizationId, newId: () => '0001', now: 1_800_000_000, randomAmount: () => 1234 },
      input.plan.emptyId,
    )
    const status = input.purpose === 'create' ? creatorStatus : 200
    const data = input.purpose === 'create' && status < 300 ? { codeId: 'code-1', paymentId: 'pay-1' } : null
    return {
      purpose: input.purpose,
      key: input.plan.key,
      request: { ...request, url: request.path, headers: {}, bodyText: null },
      status,
      answer: { resultInfo: { code: 'X' }, data },
      text: '',
      ms: 1,
    }
  })
  const actor = createActor(testPanelMachine.provide({ actors: { callDemo } }), {
    input: { model, selectedModels: [model], endpointId: endpointId as never },
  }).start()
  actor.send({ type: 'panel.scenario', scenario })
  actor.send({ type: 'panel.authorize', value: flag })
  actor.send({ type: 'panel.run' })
  const done = await waitFor(actor, (s) => s.matches('ready') && s.context.calls.length > 0)
  actor.stop()
  return { calls, records: done.context.calls }
}

describe('every WIT/WOT combination of spec §4 (group × scenario × authorization flag)', () => {
  const models: ProductModel[] = ['webcashier', 'qrcode', 'appinvoke', 'autodebit', 'request_money', 'continuous_payments', 'preauth_capture']
  const scenarios: ScenarioId[] = ['model1', 'model2', 'model3', 'model4']
  for (const model of models)
    for (const scenario of scenarios)
      for (const flag of [false, true])
        it(`${model} ${scenario} flag=${flag}: ${expectedKey(model, scenario, flag)}`, async () => {
          const endpointId = labEndpointsOf[model][0]!
          const { calls } = await run(model, endpointId, scenario, flag)
          expect(calls.map((c) => [c.purpose, c.plan.key])).toEqual([['send', expectedKey(model, scenario, flag)]])
        })
})

describe('a missing id (spec §4)', () => {
  it("is created first with the developer's own key, then the target uses it and the scenario's key", async () => {
    const { calls, records } = await run('qrcode', 'deleteCodes', 'model2', false)
    expect(calls.map((c) => [c.purpose, c.plan.endpointId, c.plan.key])).toEqual([
      ['create', 'postCodes', 'WIT'],
      ['send', 'deleteCodes', 'WOT'],
    ])
    expect(records[1]!.request.path).toBe('/v2/deleteCodes/code-1')
  })

  it('a refund id comes from a refund; a creator that yields no id leaves the path id empty for the server to refuse', async () => {
    const { calls, records } = await run('autodebit', 'getRefunds', 'model1', false, 401)
    expect(calls.map((c) => [c.purpose, c.plan.endpointId])).toEqual([
      ['create', 'postRefunds'],
      ['send', 'getRefunds'],
    ])
    expect(records[1]!.request.path).toBe('/v2/getRefunds/')
  })

  it('the empty-id scenario sends the empty id without creating anything', async () => {
    const { calls, records } = await run('preauth_capture', 'getPayments', 'model2', false)
    expect(calls.map((c) => c.purpose)).toEqual(['send'])
    expect(records[0]!.request.path).toBe('/v2/getPayments/')
  })
})

describe('the requests the panel sends (spec §9)', () => {
  const ctx = { item: emptyItem, userAuthorizationId: '', newId: () => 'uuid-1', now: 1_800_000_000, randomAmount: () => 4321 }
  it('uses the merchant payment id prefixes and demo amounts of spec §9', () => {
    expect(demoRequestFor('postCodes', ctx).body).toMatchObject({
      merchantPaymentId: 'DEVELOPER-PANEL-DEMO-uuid-1',
      amount: { amount: 1000, currency: 'JPY' },
      codeType: 'ORDER_QR',
    })
    expect(demoRequestFor('postPayments', ctx)).toMatchObject({
      path: '/v2/postPayments?agreeSimilarTransaction=true',
      body: { merchantPaymentId: 'DEVELOPER-PANEL-PAY-uuid-1', amount: { amount: 1 } },
    })
    expect(demoRequestFor('postRequestOrder', ctx).body).toMatchObject({ merchantPaymentId: 'DEVELOPER-PANEL-RORD-uuid-1', amount: { amount: 4321 } })
    expect(demoRequestFor('postSubscriptionPayments', ctx).body).toMatchObject({ merchantPaymentId: 'DEVELOPER-PANEL-SUBPAY-uuid-1', amount: { amount: 1000 } })
    expect(demoRequestFor('postPreauthorizePayments', ctx).body).toMatchObject({ merchantPaymentId: 'DEVELOPER-PANEL-PSTPAUTH-uuid-1' })
    expect(demoRequestFor('postRefunds', ctx).body).toMatchObject({ merchantRefundId: 'DEVELOPER-PANEL-REFUND-uuid-1' })
  })
  it('sends the placeholder user authorization id when the panel has none, and the entered one otherwise', () => {
    expect(demoRequestFor('getCheckBalanceWallet', ctx).path).toBe('/v2/getCheckBalanceWallet?userAuthorizationId=1234567890&amount=1&currency=JPY')
    expect(demoRequestFor('postPayments', { ...ctx, userAuthorizationId: 'ua-9' }).body).toMatchObject({ userAuthorizationId: 'ua-9' })
  })
  it("the WOT demo key is not the developer's", () => {
    expect(wotDemoKey.apiKey).toMatch(/WOT/)
  })
})

describe('product scopes (spec §4)', () => {
  const scopesFor = (selectedModels: ProductModel[]) =>
    createActor(testPanelMachine, { input: { model: 'qrcode', selectedModels } }).getSnapshot().context.scopes
  it('appinvoke, webcashier or qrcode give web payment once; autodebit payment; continuous and pre-auth their own', () => {
    expect(scopesFor(['appinvoke', 'webcashier', 'qrcode'])).toEqual(['webPayment'])
    expect(scopesFor(['qrcode', 'autodebit'])).toEqual(['webPayment', 'payment'])
    expect(scopesFor(['continuous_payments', 'preauth_capture'])).toEqual(['continuousPayment', 'preauthCapture'])
    expect(scopesFor([])).toEqual([])
  })
})
