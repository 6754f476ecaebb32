import { describe, expect, it } from 'vitest'
import {
  creatorOf,
  demoKeyFor,
  labEndpointById,
  labEndpoints,
  labEndpointsOf,
  labGroupOf,
  labGroups,
  labScopesOf,
  prerequisiteIdPrefixOf,
  scenarioIds,
  specificModelOf,
} from './lab.ts'
import { labScenarioPlansOf } from './lab-content.ts'
import { demoRequestFor, emptyItem, planRun } from './lab-panel.ts'
import { productModels } from './products.ts'

describe('payment lab rules (spec §4)', () => {
  it('derives the panel scopes from the selected models, web payment once', () => {
    expect(labScopesOf(['qrcode', 'webcashier', 'appinvoke'])).toEqual(['webPayment'])
    expect(labScopesOf(['autodebit'])).toEqual(['payment'])
    expect(labScopesOf(['preauth_capture', 'continuous_payments', 'qrcode'])).toEqual(['webPayment', 'continuousPayment', 'preauthCapture'])
    expect(labScopesOf([])).toEqual([])
  })

  it("uses the unauthorised key (WOT) only for the group's own model with the authorization flag false", () => {
    for (const group of labGroups) {
      for (const scenario of scenarioIds) {
        for (const isAuthorized of [true, false]) {
          const expected = scenario === specificModelOf[group] && !isAuthorized ? 'WOT' : 'WIT'
          expect(demoKeyFor(group, scenario, isAuthorized), `${group} ${scenario} ${isAuthorized}`).toBe(expected)
        }
      }
      expect(demoKeyFor(group, 'model1', false)).toBe('WIT')
    }
  })

  it('gives every product model a tab whose endpoints exist, and every id-needing endpoint a creator', () => {
    expect(Object.keys(labEndpointsOf).sort()).toEqual([...productModels].sort())
    for (const ids of Object.values(labEndpointsOf)) for (const id of ids) expect(labEndpointById(id), id).toBeDefined()
    for (const e of labEndpoints) {
      expect(e.demoPath.includes('{id}'), e.id).toBe(e.sandboxPath.includes('{id}'))
    }
    // an id comes from the tab's own order: a QR cancel from the code, a pre-auth read from the pre-authorisation
    expect(creatorOf('qrcode', labEndpointById('deletePayments')!)).toBe('postCodes')
    expect(creatorOf('preauth_capture', labEndpointById('getPayments')!)).toBe('postPreauthorizePayments')
    expect(creatorOf('continuous_payments', labEndpointById('getRefunds')!)).toBe('postRefunds')
    expect(creatorOf('autodebit', labEndpointById('postPayments')!)).toBeNull()
    for (const [model, ids] of Object.entries(labEndpointsOf)) {
      for (const id of ids) {
        const creator = creatorOf(model as keyof typeof labEndpointsOf, labEndpointById(id)!)
        if (creator) expect(ids, `${model} ${id}`).toContain(creator)
      }
    }
    expect(new Set(labEndpoints.map((e) => `${e.method} ${e.demoPath}`)).size).toBe(labEndpoints.length)
  })
})

describe('spec §9 demo ids and the 0-yen request order', () => {
  const ctx = { item: emptyItem, userAuthorizationId: 'ua-1', newId: () => 'uuid-1', now: 1_800_000_000, randomAmount: () => 4321 }

  it('names what the panel creates first -PSTPP (a pre-authorised order) and -RFUND (a refund); what it sends, as before', () => {
    expect(demoRequestFor('postPreauthorizePayments', ctx, false, { purpose: 'create' }).body).toMatchObject({
      merchantPaymentId: 'DEVELOPER-PANEL-PSTPP-uuid-1',
    })
    expect(demoRequestFor('postPreauthorizePayments', ctx, false, { purpose: 'send' }).body).toMatchObject({
      merchantPaymentId: 'DEVELOPER-PANEL-PSTPAUTH-uuid-1',
    })
    expect(demoRequestFor('postRefunds', ctx, false, { purpose: 'create' }).body).toMatchObject({ merchantRefundId: 'DEVELOPER-PANEL-RFUND-uuid-1' })
    expect(demoRequestFor('postRefunds', ctx).body).toMatchObject({ merchantRefundId: 'DEVELOPER-PANEL-REFUND-uuid-1' })
    // a creator without a prerequisite prefix keeps its own
    expect(demoRequestFor('postPayments', ctx, false, { purpose: 'create' }).body).toMatchObject({ merchantPaymentId: 'DEVELOPER-PANEL-PAY-uuid-1' })
    expect(Object.values(prerequisiteIdPrefixOf).sort()).toEqual(['DEVELOPER-PANEL-PSTPP', 'DEVELOPER-PANEL-RFUND'])
  })

  it('the request-order tab has a 0-yen scenario that expects the published refusal; the others ask 1000…9999 yen', () => {
    const endpoint = labEndpointById('postRequestOrder')!
    const zero = labScenarioPlansOf('payment', endpoint).find((s) => s.zeroAmount)
    expect(zero).toMatchObject({ key: 'WIT', emptyId: false, expected: { status: 400, code: 'INVALID_PARAMS' } })
    const plan = planRun('request_money', 'postRequestOrder', zero!.id, false)
    expect(plan).toEqual({ endpointId: 'postRequestOrder', key: 'WIT', emptyId: false, zeroAmount: true })
    expect(demoRequestFor('postRequestOrder', ctx, plan.emptyId, { zeroAmount: plan.zeroAmount }).body).toMatchObject({
      amount: { amount: 0, currency: 'JPY' },
    })
    expect(demoRequestFor('postRequestOrder', ctx).body).toMatchObject({ amount: { amount: 4321, currency: 'JPY' } })
    expect(planRun('request_money', 'postRequestOrder', 'model1', false)).toEqual({ endpointId: 'postRequestOrder', key: 'WIT', emptyId: false })
    // no other endpoint has it
    expect(labEndpoints.filter((e) => labScenarioPlansOf(labGroupOf.autodebit, e).some((s) => s.zeroAmount)).map((e) => e.id)).toEqual(['postRequestOrder'])
  })
})
