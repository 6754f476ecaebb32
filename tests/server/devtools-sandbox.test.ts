import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { labEndpoints, wotDemoKey } from '../../src/domain/lab.ts'
import { signOpaRequest } from '../../src/domain/opa-auth.ts'
import { nodeOpaCrypto } from '../../src/server/modules/sandbox/auth/opa-crypto.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy, opaClient, requestToken } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { developer, linkDeveloperUser, type Developer } from './devtools-helpers.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'

const qr = (id: string, extra: Record<string, unknown> = {}) => ({ merchantPaymentId: id, amount: jpy(100), codeType: 'ORDER_QR', ...extra })

describe.each(storeKinds())('developer tools: transactions, settings, scopes, demo API [%s]', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(() => t.close())

  /** A QR code paid by the developer's test user taro; answers the payment id. */
  async function paidCode(d: Developer, merchantPaymentId: string, amount = 100) {
    const engine = t.deps.sandbox
    const created = await d.opa.post('/v2/codes', qr(merchantPaymentId, { amount: jpy(amount) }))
    expect(created.status).toBe(201)
    const taro = (await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(d.merchantId))).find((u) => u.username === 'taro')!
    await sandboxCommands.codes.payCode(engine.ctx, { codeId: created.body.data.codeId, testUserId: taro.id })
    return (await d.opa.get(`/v2/codes/payments/${merchantPaymentId}`)).body.data.paymentId as string
  }

  describe('transactions', () => {
    it('lists the sandbox payments, refunds and cashbacks newest first, paged, with a detail of each', async () => {
      const d = await developer(t)
      const empty = await t.json('GET', '/v1/getTransactions', undefined, d.auth)
      expect(empty.body.data).toMatchObject({ page_no: 0, record_per_page: 10, total_records: 0, total_pages: 0, live_mode: false, data: [] })
      const first = await paidCode(d, 'TX-1', 120)
      t.deps.clock.advance(1_000, d.merchantId)
      await paidCode(d, 'TX-2', 130)
      t.deps.clock.advance(1_000, d.merchantId)
      await d.opa.post('/v2/refunds', { merchantRefundId: 'RF-1', paymentId: first, amount: jpy(120), requestedAt: epochNow() })
      t.deps.clock.advance(1_000, d.merchantId)
      const { userAuthorizationId } = await linkDeveloperUser(t, d, 'hanako')
      expect((await d.opa.post('/v2/cashback', { merchantCashbackId: 'CB-1', userAuthorizationId, amount: jpy(50), requestedAt: epochNow() })).status).toBe(202)

      const all = await t.json('GET', '/v1/getTransactions', undefined, d.auth)
      expect(all.status).toBe(200)
      expect(all.body.data.total_records).toBe(4)
      expect(all.body.data.data.map((r: { type: string; merchant_reference_id: string }) => `${r.type}:${r.merchant_reference_id}`)).toEqual([
        'CASHBACK:CB-1',
        'REFUND:RF-1',
        'PAYMENT:TX-2',
        'PAYMENT:TX-1',
      ])
      expect(all.body.data.data[2]).toMatchObject({ kind: 'QR', status: 'COMPLETED', amount: { amount: 130, currency: 'JPY' } })
      expect(all.body.data.data[3]).toMatchObject({ status: 'REFUNDED', payment_id: first })

      const page = await t.json('GET', '/v1/getTransactions?page_no=1&record_per_page=3&live_mode=false', undefined, d.auth)
      expect(page.body.data).toMatchObject({ page_no: 1, record_per_page: 3, total_pages: 2 })
      expect(page.body.data.data.map((r: { merchant_reference_id: string }) => r.merchant_reference_id)).toEqual(['TX-1'])

      const payment = await t.json('GET', `/v1/getTransactions/payment/${first}`, undefined, d.auth)
      expect(payment.body.data).toMatchObject({ type: 'PAYMENT', kind: 'QR', detail: { paymentId: first, merchantPaymentId: 'TX-1', status: 'REFUNDED' } })
      expect(payment.body.data.detail.refunds.data[0].merchantRefundId).toBe('RF-1')
      expect((await t.json('GET', '/v1/getTransactions/refund/RF-1', undefined, d.auth)).body.data.detail).toMatchObject({
        merchantRefundId: 'RF-1',
        paymentId: first,
      })
      const cashbackId = all.body.data.data[0].id
      expect((await t.json('GET', `/v1/getTransactions/cashback/${cashbackId}`, undefined, d.auth)).body.data.detail).toMatchObject({
        merchantCashbackId: 'CB-1',
      })

      // another developer sees none of it
      const other = await developer(t)
      expect((await t.json('GET', '/v1/getTransactions', undefined, other.auth)).body.data.total_records).toBe(0)
      const foreign = await t.json('GET', `/v1/getTransactions/payment/${first}`, undefined, other.auth)
      expect(foreign.status).toBe(404)
      expect(foreign.body.resultInfo.code).toBe('TRANSACTION_NOT_FOUND')
    })

    it('answers 401 for a bad token and 400 for out-of-range paging, never a 500', async () => {
      const d = await developer(t)
      const bad = await t.json('GET', '/v1/getTransactions', undefined, { authorization: 'Bearer not-a-real-token-at-all' })
      expect(bad.status).toBe(401)
      expect(bad.body.resultInfo.code).toBe('UNAUTHORIZED')
      for (const q of ['record_per_page=0', 'record_per_page=101', 'page_no=-1', 'page_no=x', 'live_mode=yes']) {
        const res = await t.json('GET', `/v1/getTransactions?${q}`, undefined, d.auth)
        expect(res.status, q).toBe(400)
        expect(res.body.resultInfo.code).toBe('INVALID_PARAMS')
      }
      expect((await t.json('GET', '/v1/getTransactions/other/1', undefined, d.auth)).status).toBe(404)
    })
  })

  describe('settings and the redirect allow-list', () => {
    it('saves a webhook URL and redirect domains, and refuses invalid ones', async () => {
      const d = await developer(t)
      const get = await t.json('GET', '/dev/v1/configSettings/getSettings', undefined, d.auth)
      expect(get.body.data).toEqual({ merchant_id: d.merchantId, webhook_url: null, redirect_domains: [], qr_auto_cancel: true, updated_at: null })
      for (const body of [
        { webhook_url: 'http://shop.example/hook' },
        { webhook_url: 'ftp://shop.example/hook' },
        { webhook_url: 'not a url' },
        { redirect_domains: ['https://shop.example'] },
        { redirect_domains: ['shop.example/path'] },
        { redirect_domains: ['-bad.example'] },
        { redirect_domains: Array.from({ length: 21 }, (_, i) => `d${i}.example`) },
        {},
        'nonsense',
      ]) {
        const res = await t.json('PATCH', '/dev/v1/configSettings/updateSettings', body, d.auth)
        expect(res.status, JSON.stringify(body)).toBe(400)
        expect(res.body.resultInfo.code).toBe('INVALID_PARAMS')
      }
      const saved = await t.json(
        'PATCH',
        '/dev/v1/configSettings/updateSettings',
        { webhook_url: 'https://shop.example/hook', redirect_domains: ['Shop.Example', 'shop.example', 'localhost'] },
        d.auth,
      )
      expect(saved.status).toBe(200)
      expect(saved.body.data).toMatchObject({ webhook_url: 'https://shop.example/hook', redirect_domains: ['shop.example', 'localhost'] })
      const partial = await t.json('PATCH', '/dev/v1/configSettings/updateSettings', { webhook_url: 'http://localhost:3000/hook' }, d.auth)
      expect(partial.body.data).toMatchObject({ webhook_url: 'http://localhost:3000/hook', redirect_domains: ['shop.example', 'localhost'] })
      const reloaded = await t.json('GET', '/dev/v1/configSettings/getSettings', undefined, d.auth)
      expect(reloaded.body.data).toEqual(partial.body.data)
      expect((await t.json('PATCH', '/dev/v1/configSettings/updateSettings', { webhook_url: '' }, d.auth)).body.data.webhook_url).toBeNull()
      expect((await t.json('GET', '/dev/v1/configSettings/getSettings')).status).toBe(401)
    })

    it('the sandbox refuses a WEB_LINK redirectUrl that is not HTTPS on an allowed domain', async () => {
      const d = await developer(t)
      const code = (id: string, redirectUrl: string, redirectType = 'WEB_LINK') => d.opa.post('/v2/codes', qr(id, { redirectUrl, redirectType }))
      // nothing configured: any HTTPS host, and localhost
      expect((await code('R-0', 'https://anywhere.example/done')).status).toBe(201)
      expect((await code('R-0b', 'http://anywhere.example/done')).body.resultInfo).toMatchObject({ code: 'EXPECTATION_FAILED', codeId: '08100017' })
      await t.json('PATCH', '/dev/v1/configSettings/updateSettings', { redirect_domains: ['shop.example'] }, d.auth)
      expect((await code('R-1', 'https://shop.example/done')).status).toBe(201)
      expect((await code('R-2', 'https://pay.shop.example/done')).status).toBe(201)
      for (const [id, url] of [
        ['R-3', 'https://evil.example/done'],
        ['R-4', 'http://shop.example/done'],
        ['R-5', 'https://shop.example.evil.example/'],
        ['R-6', 'http://localhost:3000/done'],
        ['R-7', 'javascript:alert(1)'],
      ]) {
        const res = await code(id!, url!)
        expect(res.status, url).toBe(400)
        expect(res.body.resultInfo.code).toBe('EXPECTATION_FAILED')
      }
      // an app deep link is not a web redirect
      expect((await code('R-8', 'shopapp://done', 'APP_DEEP_LINK')).status).toBe(201)
      await t.json('PATCH', '/dev/v1/configSettings/updateSettings', { redirect_domains: ['shop.example', 'localhost'] }, d.auth)
      expect((await code('R-9', 'http://localhost:3000/done')).status).toBe(201)
    })
  })

  it('applies the allow-list to account-link redirects too: /v1/qr/sessions and /v2/user_authorization', async () => {
    const d = await developer(t)
    await t.json('PATCH', '/dev/v1/configSettings/updateSettings', { redirect_domains: ['shop.example'] }, d.auth)
    // account linking belongs to native payment (product 2); sign-up chose web payment and QR
    expect((await t.json('PUT', '/dev/v1/user/putProducts', { products: [2] }, d.auth)).status).toBe(200)
    const session = (redirectUrl: string) => d.opa.post('/v1/qr/sessions', { scopes: ['direct_debit'], nonce: 'n0nce1', redirectUrl, referenceId: 'ref-1' })
    expect((await session('https://pay.shop.example/linked')).status).toBe(201)
    for (const url of ['https://evil.example/linked', 'http://shop.example/linked']) {
      const res = await session(url)
      expect([res.status, res.body.resultInfo.code, res.body.resultInfo.codeId], url).toEqual([400, 'EXPECTATION_FAILED', '08100017'])
    }
    const secret = new Uint8Array(Buffer.from(d.apiSecret, 'base64'))
    const link = async (redirectUrl: string) =>
      t.app.request(`/v2/user_authorization?apiKey=${d.apiKey}&requestToken=${await requestToken({ redirectUrl }, secret)}`)
    expect((await link('https://shop.example/linked')).status).toBe(302)
    const refused = await link('https://evil.example/linked')
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { resultInfo: { code: string } }).resultInfo.code).toBe('EXPECTATION_FAILED')
  })

  describe('products and OPA scopes', () => {
    it('a product removed in settings makes the sandbox answer OP_OUT_OF_SCOPE for its endpoints at once', async () => {
      const d = await developer(t)
      const products = await t.json('GET', '/dev/v1/user/getProducts', undefined, d.auth)
      const byModel = Object.fromEntries(products.body.data.products.map((p: { model: string }) => [p.model, p]))
      expect(byModel.qrcode).toMatchObject({ selected: true, endpoints: expect.arrayContaining(['POST /v2/codes']) })
      expect(byModel.autodebit).toMatchObject({ selected: false, authorization_scopes: expect.arrayContaining(['direct_debit']) })
      // native payment is not among this merchant's products (sign-up chose web payment and QR)
      const { userAuthorizationId } = await linkDeveloperUser(t, d)
      const pay = () =>
        d.opa.post('/v2/payments', { merchantPaymentId: `NP-${randomBytes(4).toString('hex')}`, userAuthorizationId, amount: jpy(10), requestedAt: epochNow() })
      expect((await pay()).body.resultInfo.code).toBe('OP_OUT_OF_SCOPE')
      const put = await t.json('PUT', '/dev/v1/user/putProducts', { products: [2] }, d.auth)
      expect(put.status).toBe(200)
      expect(put.body.data.products.filter((p: { selected: boolean }) => p.selected).map((p: { model: string }) => p.model)).toEqual(['autodebit'])
      expect((await pay()).status).toBe(201)
      const removed = await d.opa.post('/v2/codes', qr('SCOPE-1'))
      expect(removed.status).toBe(401)
      expect(removed.body.resultInfo).toMatchObject({ code: 'OP_OUT_OF_SCOPE', codeId: '08100023' })
      for (const body of [{ products: [] }, { products: [99] }, { products: ['qrcode'] }]) {
        expect((await t.json('PUT', '/dev/v1/user/putProducts', body, d.auth)).status, JSON.stringify(body)).toBe(400)
      }
    })
  })

  describe('the demo API of the test panel', () => {
    /** Signs a demo call as the portal's panel does: own key, tfAuthKey, X-ASSUME-MERCHANT, over the demo path. */
    function panel(d: Developer, key = { apiKey: d.apiKey, apiSecret: d.apiSecret }, tfAuthKey: string | null = d.token) {
      return opaClient({
        request: (path, init) =>
          t.app.request(path, { ...init, headers: { ...(init.headers as Record<string, string>), ...(tfAuthKey ? { tfAuthKey } : {}) } }),
        ...key,
        merchantId: d.merchantId,
      })
    }

    it("forwards each call into the sandbox and answers the sandbox's answer (WIT)", async () => {
      const d = await developer(t)
      const p = panel(d)
      const created = await p.post('/v2/postCodes', qr('DEVELOPER-PANEL-DEMO-1'))
      expect(created.status).toBe(201)
      expect(created.body.data).toMatchObject({ merchantPaymentId: 'DEVELOPER-PANEL-DEMO-1', codeType: 'ORDER_QR', codeId: expect.any(String) })
      expect(created.headers.get('X-PAYLAB-FORWARDED-TO')).toBe('POST /v2/codes')
      const status = await p.get('/v2/getCodesPayment/DEVELOPER-PANEL-DEMO-1')
      expect(status.body.data).toMatchObject({ status: 'CREATED', merchantPaymentId: 'DEVELOPER-PANEL-DEMO-1' })
      // the same order seen through the sandbox itself
      expect((await d.opa.get('/v2/codes/payments/DEVELOPER-PANEL-DEMO-1')).body.data.paymentId).toBe(status.body.data.paymentId)
      const duplicate = await p.post('/v2/postCodes', qr('DEVELOPER-PANEL-DEMO-1'))
      expect(duplicate.body.resultInfo.code).toBe('DUPLICATE_DYNAMIC_QR_REQUEST')
      const deleted = await p.delete(`/v2/deleteCodes/${created.body.data.codeId}`)
      expect(deleted.body.data).toEqual({ qrStatus: 'DELETED' })
      // query parameters pass through; a missing one is the sandbox's own error
      const { userAuthorizationId } = await linkDeveloperUser(t, d)
      await t.json('PUT', '/dev/v1/user/putProducts', { products: [1, 2, 3] }, d.auth)
      expect((await p.get(`/v2/getCheckBalanceWallet?userAuthorizationId=${userAuthorizationId}&amount=10&currency=JPY`)).body.data).toEqual({
        hasEnoughBalance: true,
      })
      expect((await p.get(`/v2/getAuthorizationsUser?userAuthorizationId=${userAuthorizationId}`)).body.data.status).toBe('ACTIVE')
      expect((await p.get(`/v2/getSecureProfileUser?userAuthorizationId=${userAuthorizationId}`)).body.data.phoneNumber).toMatch(/^\*+\d{4}$/)
      expect((await p.get('/v2/getCheckBalanceWallet')).body.resultInfo.code).toBe('MISSING_REQUEST_PARAMS')
      const paid = await p.post('/v2/postPayments?agreeSimilarTransaction=true', {
        merchantPaymentId: 'DEVELOPER-PANEL-PAY-1',
        userAuthorizationId,
        amount: jpy(1),
        requestedAt: epochNow(),
      })
      expect(paid.status).toBe(201)
      expect((await p.get('/v2/getPayments/DEVELOPER-PANEL-PAY-1')).body.data.status).toBe('COMPLETED')
    })

    it('WOT: the unauthorised demo key, a missing tfAuthKey or a signature over the sandbox path are refused with 401', async () => {
      const d = await developer(t)
      const wot = await panel(d, wotDemoKey).post('/v2/postCodes', qr('WOT-1'))
      expect(wot.status).toBe(401)
      expect(wot.body.resultInfo).toMatchObject({ code: 'UNAUTHORIZED', codeId: '08100016' })
      expect((await panel(d, undefined, null).post('/v2/postCodes', qr('WOT-2'))).body.resultInfo.code).toBe('UNAUTHORIZED')
      expect((await panel(d, undefined, 'a-token-that-is-not-valid').post('/v2/postCodes', qr('WOT-3'))).status).toBe(401)
      // signed for /v2/codes but sent to /v2/postCodes: the signature does not cover the demo path
      const body = JSON.stringify(qr('WOT-4'))
      const contentType = 'application/json;charset=UTF-8;'
      const authorization = signOpaRequest(nodeOpaCrypto, {
        apiKey: d.apiKey,
        apiSecret: d.apiSecret,
        method: 'POST',
        path: '/v2/codes',
        nonce: 'abc123',
        epoch: epochNow(),
        contentType,
        body,
      })
      const res = await t.app.request('/v2/postCodes', {
        method: 'POST',
        body,
        headers: { authorization, 'content-type': contentType, tfAuthKey: d.token, 'x-assume-merchant': d.merchantId },
      })
      expect(res.status).toBe(401)
      // a key of another developer's merchant, with this developer's session
      const other = await developer(t)
      const crossed = await panel(d, { apiKey: other.apiKey, apiSecret: other.apiSecret }).call('POST', '/v2/postCodes', qr('WOT-5'), {
        headers: { 'x-assume-merchant': other.merchantId },
      })
      expect(crossed.body.resultInfo.code).toBe('OP_OUT_OF_SCOPE')
    })

    it("an empty id provokes the server's not-found answer", async () => {
      const d = await developer(t)
      const res = await panel(d).get('/v2/getCodesPayment/')
      expect(res.status).toBe(404)
      expect(res.body.resultInfo.code).toBe('RESOURCE_NOT_FOUND')
    })

    it('every demo path of spec §7 is served (none falls through to 404 when signed)', async () => {
      const d = await developer(t)
      const p = panel(d)
      for (const e of labEndpoints) {
        const path = e.demoPath.replace('{id}', 'X-1')
        const res = await p.call(e.method, path, e.method === 'POST' ? {} : undefined)
        expect(res.headers.get('X-PAYLAB-FORWARDED-TO'), path).toBe(`${e.method} ${e.sandboxPath.replace('{id}', 'X-1')}`)
        expect(res.status, path).toBeLessThan(500)
      }
    })
  })
})
