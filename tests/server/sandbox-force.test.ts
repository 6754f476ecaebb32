import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forcedErrorTable, forcedErrorsOf, magicAmounts, maxSandboxDelayMs } from '../../src/domain/sandbox-force.ts'
import { sandboxModule } from '../../src/server/modules/sandbox/index.ts'
import { demoShopApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy, type OpaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'

/** A concrete path of a route pattern (`:id` → a value). */
const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, 'FORCED-1')

describe.each(storeKinds())('sandbox forced errors [%s]', (kind) => {
  let t: TestApp
  let opa: OpaClient

  beforeAll(async () => {
    ;({ t, opa } = await demoShopApp(kind))
  })
  afterAll(() => t.close())

  it('has a published error list for every signed OPA endpoint the sandbox serves', () => {
    const served = new Set(
      sandboxModule(t.deps)
        .app.routes.filter((r) => r.method !== 'ALL' && !r.path.startsWith('/sandbox/') && r.path !== '/v2/user_authorization')
        .map((r) => `${r.method} ${r.path}`),
    )
    expect([...served].filter((route) => !(route in forcedErrorTable))).toEqual([])
    expect(Object.keys(forcedErrorTable).filter((route) => !served.has(route))).toEqual([])
  })

  it('answers every published error of every endpoint with its status, code and codeId', async () => {
    let count = 0
    for (const route of Object.keys(forcedErrorTable)) {
      const [method, pattern] = route.split(' ') as [string, string]
      const path = concrete(pattern)
      for (const expected of forcedErrorsOf(route)) {
        const res = await opa.call(method, path, method === 'POST' ? {} : undefined, { headers: { 'x-sandbox-force': expected.code } })
        expect({ route, status: res.status, resultInfo: res.body.resultInfo }).toEqual({
          route,
          status: expected.status,
          resultInfo: { code: expected.code, codeId: expected.codeId, message: expected.message },
        })
        expect(res.body.data).toBeNull()
        count++
      }
    }
    expect(count).toBeGreaterThan(300)
  }, 60_000) // 300+ signed requests in a row: near the default 30 s when the machine is shared

  it('answers the figures of the published tables (spot checks against the reference)', async () => {
    const force = (method: string, path: string, code: string) =>
      opa.call(method, path, method === 'POST' ? {} : undefined, { headers: { 'x-sandbox-force': code } })
    const seen = async (method: string, path: string, code: string) => {
      const res = await force(method, path, code)
      return [res.status, res.body.resultInfo.code, res.body.resultInfo.codeId]
    }
    expect(await seen('POST', '/v2/codes', 'RATE_LIMIT')).toEqual([429, 'RATE_LIMIT', '08100998'])
    expect(await seen('POST', '/v2/codes', 'internal_server_error')).toEqual([500, 'INTERNAL_SERVER_ERROR', '08101000'])
    expect(await seen('POST', '/v2/refunds', 'INTERNAL_SERVER_ERROR')).toEqual([500, 'INTERNAL_SERVER_ERROR', '00200034'])
    expect(await seen('POST', '/v2/refunds', 'TRANSACTION_FAILED')).toEqual([500, 'TRANSACTION_FAILED', '00200002'])
    expect(await seen('POST', '/v2/refunds', 'INVALID_PARAMS')).toEqual([400, 'INVALID_PARAMS', '00200004'])
    expect(await seen('DELETE', '/v2/payments/X', 'ORDER_NOT_REVERSIBLE')).toEqual([400, 'ORDER_NOT_REVERSIBLE', '00200044'])
    expect(await seen('POST', '/v2/payments/capture', 'UNACCEPTABLE_OP')).toEqual([400, 'UNACCEPTABLE_OP', '00400035'])
    expect(await seen('POST', '/v2/payments/capture', 'CANCELED_USER')).toEqual([400, 'CANCELED_USER', '01103027'])
    expect(await seen('DELETE', '/v2/codes/X', 'DYNAMIC_QR_NOT_FOUND')).toEqual([404, 'DYNAMIC_QR_NOT_FOUND', '01652072'])
    expect(await seen('GET', '/v2/codes/payments/X', 'DYNAMIC_QR_PAYMENT_NOT_FOUND')).toEqual([400, 'DYNAMIC_QR_PAYMENT_NOT_FOUND', '01652075'])
    expect(await seen('GET', '/v1/requestOrder/X', 'REQUEST_ORDER_NOT_FOUND')).toEqual([400, 'REQUEST_ORDER_NOT_FOUND', '99200109'])
    expect(await seen('DELETE', '/v1/requestOrder/X', 'REQUEST_ORDER_NOT_FOUND')).toEqual([404, 'REQUEST_ORDER_NOT_FOUND', '99200109'])
  })

  it("describes the directives of each signed endpoint in /openapi.json, with the endpoint's codes", async () => {
    const res = await t.app.request('/openapi.json')
    const doc = (await res.json()) as {
      paths: Record<string, Record<string, { parameters: { name: string; schema: { enum?: string[]; maximum?: number } }[] }>>
    }
    const refund = doc.paths['/v2/refunds']!.post!.parameters
    expect(refund.find((p) => p.name === 'X-Sandbox-Force')!.schema.enum).toEqual(forcedErrorsOf('POST /v2/refunds').map((e) => e.code))
    expect(refund.find((p) => p.name === 'X-Sandbox-Delay-Ms')!.schema.maximum).toBe(maxSandboxDelayMs)
  })

  it('refuses an unknown or inapplicable code with 400 naming the codes that apply', async () => {
    for (const code of ['NOT_A_CODE', 'DYNAMIC_QR_NOT_FOUND', 'x y']) {
      const res = await opa.call('POST', '/v2/refunds', {}, { headers: { 'x-sandbox-force': code } })
      expect(res.status).toBe(400)
      expect(res.body.resultInfo.code).toBe('SANDBOX_DIRECTIVE_INVALID')
      expect(res.body.data.applicable).toEqual(forcedErrorsOf('POST /v2/refunds').map((e) => e.code))
      expect(res.body.data.applicable).toContain('REFUND_WINDOW_EXCEED')
    }
  })

  it('forces nothing without a valid signature: an unsigned forced call is still 401 UNAUTHORIZED', async () => {
    const res = await opa.call('POST', '/v2/codes', {}, { unsigned: true, headers: { 'x-sandbox-force': 'RATE_LIMIT' } })
    expect([res.status, res.body.resultInfo.code]).toEqual([401, 'UNAUTHORIZED'])
  })

  it('answers a magic amount with its code where the endpoint publishes it, and works normally otherwise', async () => {
    const amount = Number(Object.entries(magicAmounts).find(([, code]) => code === 'RATE_LIMIT')![0])
    const order = (id: string, value: number) => ({ merchantPaymentId: id, amount: jpy(value), codeType: 'ORDER_QR', requestedAt: epochNow() })
    const limited = await opa.post('/v2/codes', order(`MAGIC-${kind}-1`, amount))
    expect([limited.status, limited.body.resultInfo.code, limited.body.resultInfo.codeId]).toEqual([429, 'RATE_LIMIT', '08100998'])
    // the forced answer did no work: the same id can be created afterwards
    const created = await opa.post('/v2/codes', order(`MAGIC-${kind}-1`, 1000))
    expect(created.status).toBe(201)
  })

  it('delays the answer when asked, within bounds, and refuses a delay out of range', async () => {
    const ok = await opa.get('/v2/codes/payments/NONE', { headers: { 'x-sandbox-delay-ms': '5' } })
    expect(ok.body.resultInfo.code).toBe('DYNAMIC_QR_PAYMENT_NOT_FOUND')
    for (const value of [String(maxSandboxDelayMs + 1), '-1', 'soon', '1e3']) {
      const res = await opa.get('/v2/codes/payments/NONE', { headers: { 'x-sandbox-delay-ms': value } })
      expect([res.status, res.body.resultInfo.code], value).toEqual([400, 'SANDBOX_DIRECTIVE_INVALID'])
    }
  })
})
