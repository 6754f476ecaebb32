import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoMerchant } from '../../src/server/modules/sandbox/engine/seed.ts'
import type { SandboxEngine } from '../../src/server/modules/sandbox/engine/index.ts'
import { merchantRepo } from '../../src/server/store/merchant-repo.ts'
import { demoShopApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy, linkTestUser, opaClient, requestToken, type OpaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'
import { day, demoShopUsers, order } from './sandbox-api-helpers.ts'

/** The demo shop's OPA endpoints (sandbox-api-*.test.ts) for linked users: user authorization, native payment, continuous payments, request money and cashback. */

describe.each(storeKinds())('sandbox OPA endpoints [%s]', (kind) => {
  let t: TestApp
  let opa: OpaClient
  let engine: SandboxEngine
  let seq = 0
  const id = (prefix: string) => `${prefix}-${kind}-${++seq}`
  const m = demoMerchant.id
  const users = () => demoShopUsers(engine)

  beforeAll(async () => {
    // the first signed call of a merchant loads its clock and gives it its test users (demoShopApp)
    ;({ t, opa } = await demoShopApp(kind))
    engine = t.deps.sandbox
  })
  afterAll(() => t.close())

  describe('native payment and user authorization', () => {
    it('links a user through the browser flow and the consent page, with the claims of spec §3', async () => {
      const linked = await linkTestUser(t, 'taro')
      expect(linked.payload).toMatchObject({
        result: 'succeeded',
        nonce: 'n0nce1',
        referenceId: 'ref-001',
        profileIdentifier: expect.stringMatching(/^\*+\d{4}$/),
      })
      const status = await opa.get(`/v2/user/authorizations?userAuthorizationId=${linked.userAuthorizationId}`)
      expect(status.body.data).toMatchObject({
        userAuthorizationId: linked.userAuthorizationId,
        status: 'ACTIVE',
        referenceIds: ['ref-001'],
        scopes: expect.arrayContaining(['direct_debit']),
      })
    })

    it('refuses a request token signed with another secret, or asking for an unknown scope', async () => {
      const forged = await requestToken({}, new Uint8Array(32))
      const res = await t.app.request(`/v2/user_authorization?apiKey=${demoMerchant.apiKey}&requestToken=${forged}`)
      expect(res.status).toBe(401)
      const scope = await requestToken({ scope: 'everything' })
      const res2 = await t.app.request(`/v2/user_authorization?apiKey=${demoMerchant.apiKey}&requestToken=${scope}`)
      expect(res2.status).toBe(400)
      expect((await res2.json()).resultInfo).toMatchObject({ code: 'EXPECTATION_FAILED', codeId: '08100017' })
    })

    it('refuses an expired request token or an unknown API key with 401, and a user authorization after its year', async () => {
      const expired = await requestToken({ exp: epochNow() - 10 })
      expect((await t.app.request(`/v2/user_authorization?apiKey=${demoMerchant.apiKey}&requestToken=${expired}`)).status).toBe(401)
      const token = await requestToken()
      expect((await t.app.request(`/v2/user_authorization?apiKey=a_nobody&requestToken=${token}`)).status).toBe(401)
      const { userAuthorizationId } = await linkTestUser(t, 'hanako')
      await opa.post('/sandbox/api/clock', { advanceMs: 366 * day })
      try {
        const res = await opa.get(`/v2/user/authorizations?userAuthorizationId=${userAuthorizationId}`)
        expect(res.status).toBe(401)
        expect(res.body.resultInfo.code).toBe('EXPIRED_USER_AUTHORIZATION_ID')
      } finally {
        await opa.post('/sandbox/api/clock', { reset: true })
      }
    })

    it("keeps merchants apart: another merchant cannot read, refund or cancel the demo shop's orders", async () => {
      const repo = merchantRepo(t.deps.store.db)
      const other = await repo.create({ name: 'Other shop', products: [] })
      const key = await repo.issueCredential(other.id)
      const them = opaClient({ request: (path, init) => t.app.request(path, init), apiKey: key.apiKey, apiSecret: key.apiSecret, merchantId: other.id })
      const mpid = id('MINE')
      const { codeId } = (await opa.post('/v2/codes', order(mpid, 400))).body.data
      await sandboxCommands.codes.payCode(engine.ctx, { codeId, testUserId: (await users()).taro!.id })
      const { paymentId } = (await opa.get(`/v2/codes/payments/${mpid}`)).body.data
      expect((await them.get(`/v2/codes/payments/${mpid}`)).body.resultInfo.code).toBe('DYNAMIC_QR_PAYMENT_NOT_FOUND')
      expect((await them.post('/v2/refunds', { merchantRefundId: id('THEIRS'), paymentId, amount: jpy(400), requestedAt: epochNow() })).status).toBe(404)
      expect((await them.delete(`/v2/codes/${codeId}`)).status).toBe(404)
      await them.delete(`/v2/payments/${mpid}`)
      expect((await opa.get(`/v2/codes/payments/${mpid}`)).body.data.status).toBe('COMPLETED')
    })

    it('pays from the linked wallet, reads and cancels it; the same merchantPaymentId answers the same payment', async () => {
      const { userAuthorizationId } = await linkTestUser(t, 'hanako')
      const mpid = id('NATIVE')
      const body = { merchantPaymentId: mpid, userAuthorizationId, amount: jpy(800), requestedAt: epochNow(), orderDescription: 'Cake' }
      const created = await opa.post('/v2/payments?agreeSimilarTransaction=true', body)
      expect(created.status).toBe(201)
      expect(created.body.data).toMatchObject({ status: 'COMPLETED', merchantPaymentId: mpid, userAuthorizationId, amount: jpy(800) })
      const again = await opa.post('/v2/payments?agreeSimilarTransaction=true', body)
      expect(again.body.data.paymentId).toBe(created.body.data.paymentId)
      expect((await opa.get(`/v2/payments/${mpid}`)).body.data.status).toBe('COMPLETED')
      expect((await opa.delete(`/v2/payments/${mpid}`)).status).toBe(202)
      expect((await opa.get(`/v2/payments/${mpid}`)).body.data.status).toBe('FAILED')
    })

    it('refuses a similar payment without agreeSimilarTransaction, answers short balance and unknown users', async () => {
      const { userAuthorizationId } = await linkTestUser(t, 'hanako')
      const pay = (mpid: string, amount: number, query = '') =>
        opa.post(`/v2/payments${query}`, { merchantPaymentId: mpid, userAuthorizationId, amount: jpy(amount), requestedAt: epochNow() })
      expect((await pay(id('SIM'), 111)).status).toBe(201)
      const similar = await pay(id('SIM'), 111)
      expect(similar.status).toBe(400)
      expect(similar.body.resultInfo.code).toBe('SUSPECTED_DUPLICATE_ORDER')
      expect((await pay(id('SIM'), 111, '?agreeSimilarTransaction=true')).status).toBe(201)

      const short = await pay(id('SHORT'), 99_999_999, '?agreeSimilarTransaction=true')
      expect(short.status).toBe(400)
      expect(short.body.resultInfo.code).toBe('NO_SUFFICIENT_FUND')

      const unknown = await opa.post('/v1/payments', {
        merchantPaymentId: id('NOUSER'),
        userAuthorizationId: 'nobody',
        amount: jpy(1),
        requestedAt: epochNow(),
      })
      expect(unknown.status).toBe(401)
      expect(unknown.body.resultInfo.code).toBe('INVALID_USER_AUTHORIZATION_ID')

      const missing = await opa.get('/v2/payments/never-made')
      expect(missing.status).toBe(404)
      expect(missing.body.resultInfo.code).toBe('RESOURCE_NOT_FOUND')
    })

    it('checks the linked wallet balance', async () => {
      const { userAuthorizationId } = await linkTestUser(t, 'jiro')
      const yes = await opa.get(`/v2/wallet/check_balance?userAuthorizationId=${userAuthorizationId}&amount=50&currency=JPY`)
      expect(yes.body.data).toEqual({ hasEnoughBalance: true })
      const no = await opa.get(`/v2/wallet/check_balance?userAuthorizationId=${userAuthorizationId}&amount=5000&currency=JPY`)
      expect(no.body.data).toEqual({ hasEnoughBalance: false })
      const bad = await opa.get(`/v2/wallet/check_balance?userAuthorizationId=${userAuthorizationId}&amount=5000&currency=USD`)
      expect(bad.body.resultInfo.code).toBe('INVALID_REQUEST_PARAMS')
    })

    it('unlinks a user; the id is then invalid', async () => {
      const { userAuthorizationId } = await linkTestUser(t, 'jiro')
      const del = await opa.delete(`/v2/user/authorizations/${userAuthorizationId}`)
      expect(del.status).toBe(200)
      const status = await opa.get(`/v2/user/authorizations?userAuthorizationId=${userAuthorizationId}`)
      expect(status.status).toBe(401)
      expect(status.body.resultInfo.code).toBe('INVALID_USER_AUTHORIZATION_ID')
    })

    it('creates an account-link QR that opens the consent page', async () => {
      const res = await opa.post('/v1/qr/sessions', { scopes: ['direct_debit'], nonce: 'abc', redirectUrl: 'https://shop.example/cb', referenceId: 'r1' })
      expect(res.status).toBe(201)
      expect(res.body.data.linkQRCodeURL).toMatch(/\/sandbox\/authorize\/[\w-]+$/)
      const sessionId = res.body.data.linkQRCodeURL.split('/').pop()
      expect(await sandboxCommands.authorizations.getAuthorizationSession(engine.ctx, { sessionId })).toMatchObject({
        scopes: ['direct_debit'],
        status: 'PENDING',
      })
      const bad = await opa.post('/v1/qr/sessions', { scopes: ['direct_debit'], nonce: 'abc', redirectUrl: 'http://evil.example/cb', referenceId: 'r1' })
      expect(bad.body.resultInfo.code).toBe('EXPECTATION_FAILED')
    })
  })

  describe('continuous payments, request money and cashback', () => {
    let userAuthorizationId: string
    beforeAll(async () => {
      userAuthorizationId = (await linkTestUser(t, 'taro')).userAuthorizationId
    })

    it('charges a continuous payment', async () => {
      const res = await opa.post('/v1/subscription/payments', { merchantPaymentId: id('SUB'), userAuthorizationId, amount: jpy(1000), requestedAt: epochNow() })
      expect(res.status).toBe(201)
      expect(res.body.data.status).toBe('COMPLETED')
    })

    it("refuses a 0-yen request order with INVALID_PARAMS, as the lab's 0-yen scenario expects (spec §9)", async () => {
      const zero = await opa.post('/v1/requestOrder', {
        merchantPaymentId: id('DEVELOPER-PANEL-RORD'),
        userAuthorizationId,
        amount: jpy(0),
        requestedAt: epochNow(),
      })
      expect([zero.status, zero.body.resultInfo.code]).toEqual([400, 'INVALID_PARAMS'])
    })

    it('requests money: CREATED, paid by the user → COMPLETED; another is cancelled → CANCELED; errors as published', async () => {
      const mpid = id('RORD')
      const body = { merchantPaymentId: mpid, userAuthorizationId, amount: jpy(2500), requestedAt: epochNow() }
      const created = await opa.post('/v1/requestOrder', body)
      expect(created.status).toBe(201)
      expect(created.body.data.status).toBe('CREATED')
      expect((await opa.post('/v1/requestOrder', body)).body.resultInfo.code).toBe('DUPLICATE_REQUEST_ORDER')
      await sandboxCommands.requestMoney.payRequestOrder(engine.forMerchant(m), { merchantPaymentId: mpid, testUserId: (await users()).taro!.id })
      expect((await opa.get(`/v1/requestOrder/${mpid}`)).body.data.status).toBe('COMPLETED')
      const cancelPaid = await opa.delete(`/v1/requestOrder/${mpid}`)
      expect(cancelPaid.status).toBe(409)
      expect(cancelPaid.body.resultInfo.code).toBe('INVALID_REQUEST_ORDER_STATE')

      const other = id('RORD')
      await opa.post('/v1/requestOrder', { ...body, merchantPaymentId: other })
      expect((await opa.delete(`/v1/requestOrder/${other}`)).status).toBe(200)
      expect((await opa.get(`/v1/requestOrder/${other}`)).body.data.status).toBe('CANCELED')
      const unknownGet = await opa.get('/v1/requestOrder/none')
      expect([unknownGet.status, unknownGet.body.resultInfo.code]).toEqual([400, 'REQUEST_ORDER_NOT_FOUND'])
      const unknownDelete = await opa.delete('/v1/requestOrder/none')
      expect([unknownDelete.status, unknownDelete.body.resultInfo.code]).toEqual([404, 'REQUEST_ORDER_NOT_FOUND'])
    })

    it('gives cashback to the wallet, reverses part of it, and refuses a reused merchantCashbackId', async () => {
      const before = (await users()).taro!.balance
      const cashbackId = id('CB')
      const give = await opa.post('/v2/cashback', {
        merchantCashbackId: cashbackId,
        userAuthorizationId,
        amount: jpy(300),
        requestedAt: epochNow(),
        walletType: 'PREPAID',
      })
      expect(give.status).toBe(202)
      expect((await users()).taro!.balance).toBe(before + 300)
      expect((await opa.get(`/v2/cashback/${cashbackId}`)).body.data).toMatchObject({
        merchantCashbackId: cashbackId,
        amount: jpy(300),
        cashbackStatus: 'SUCCESS',
      })
      const reused = await opa.post('/v1/cashback', { merchantCashbackId: cashbackId, userAuthorizationId, amount: jpy(300), requestedAt: epochNow() })
      expect(reused.body.resultInfo.code).toBe('VALIDATION_FAILED_EXCEPTION')

      const reversalId = id('CBR')
      const reverse = await opa.post('/v2/cashback_reversal', {
        merchantCashbackReversalId: reversalId,
        merchantCashbackId: cashbackId,
        amount: jpy(100),
        requestedAt: epochNow(),
      })
      expect(reverse.status).toBe(202)
      expect((await opa.get(`/v2/cashback_reversal/${reversalId}/${cashbackId}`)).body.data).toMatchObject({ amount: jpy(100) })
      const tooMuch = await opa.post('/v2/cashback_reversal', {
        merchantCashbackReversalId: id('CBR'),
        merchantCashbackId: cashbackId,
        amount: jpy(201),
        requestedAt: epochNow(),
      })
      expect(tooMuch.body.resultInfo.code).toBe('INVALID_PARAMS')
      expect((await users()).taro!.balance).toBe(before + 200)
      expect((await opa.get('/v2/cashback/none')).body.resultInfo.code).toBe('TRANSACTION_NOT_FOUND')
    })
  })
})
