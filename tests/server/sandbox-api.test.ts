import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dashboardRepo } from '../../src/server/store/dashboard-repo.ts'
import { demoMerchant } from '../../src/server/modules/sandbox/engine/seed.ts'
import type { SandboxEngine } from '../../src/server/modules/sandbox/engine/index.ts'
import { merchantRepo } from '../../src/server/store/merchant-repo.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy, linkTestUser, opaClient, requestToken, type OpaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'

const day = 24 * 60 * 60_000
const success = { code: 'SUCCESS', message: 'Success', codeId: '08100001' }

describe.each(storeKinds())('sandbox OPA endpoints [%s]', (kind) => {
  let t: TestApp
  let opa: OpaClient
  let engine: SandboxEngine
  let seq = 0
  const id = (prefix: string) => `${prefix}-${kind}-${++seq}`
  const m = demoMerchant.id
  const order = (merchantPaymentId: string, amount = 1000, extra: Record<string, unknown> = {}) => ({
    merchantPaymentId,
    amount: jpy(amount),
    codeType: 'ORDER_QR',
    orderDescription: 'Strawberry shortcake',
    requestedAt: epochNow(),
    ...extra,
  })
  const users = async () => Object.fromEntries((await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(m))).map((u) => [u.username, u]))

  beforeAll(async () => {
    t = await createTestApp(kind)
    opa = opaClient({ request: (path, init) => t.app.request(path, init) })
    engine = t.deps.sandbox
    // the first signed call of a merchant loads its clock and gives it its test users
    await opa.get('/sandbox/api/clock')
  })
  afterAll(() => t.close())

  describe('the cake-shop flow', () => {
    it('creates a code, a test user pays it, polling shows COMPLETED, a refund makes it REFUNDED', async () => {
      const mpid = id('CAKE')
      const created = await opa.post('/v2/codes', order(mpid, 1200, { orderItems: [{ name: 'Cake', quantity: 1, unitPrice: jpy(1200) }] }))
      expect(created.status).toBe(201)
      expect(created.body.resultInfo).toEqual(success)
      const code = created.body.data
      expect(code).toMatchObject({ merchantPaymentId: mpid, amount: jpy(1200), codeType: 'ORDER_QR', isAuthorization: false })
      expect(code.url).toMatch(new RegExp(`/sandbox/cashier/${code.codeId}$`))
      expect(code.deeplink).toBe(`paylab://payment?link_key=${encodeURIComponent(code.url)}`)
      expect(code.orderItems[0].unit_price).toEqual(jpy(1200))
      expect(code.expiryDate).toBeGreaterThan(epochNow())

      const before = await opa.get(`/v2/codes/payments/${mpid}`)
      expect(before.status).toBe(200)
      expect(before.body.data.status).toBe('CREATED')

      const { taro } = await users()
      await sandboxCommands.codes.payCode(engine.ctx, { codeId: code.codeId, testUserId: taro!.id })

      const paid = await opa.get(`/v2/codes/payments/${mpid}`)
      expect(paid.body.data).toMatchObject({ status: 'COMPLETED', merchantPaymentId: mpid, amount: jpy(1200), acceptedAt: expect.any(Number) })
      expect(paid.body.data.paymentMethods).toEqual([{ amount: jpy(1200), type: 'WALLET' }])
      expect((await users()).taro!.balance).toBe(taro!.balance - 1200)

      const refundId = id('RF')
      const refund = await opa.post('/v2/refunds', {
        merchantRefundId: refundId,
        paymentId: paid.body.data.paymentId,
        amount: jpy(1200),
        requestedAt: epochNow(),
        reason: 'sold out',
      })
      expect(refund.status).toBe(200)
      expect(refund.body.data).toMatchObject({ status: 'CREATED', merchantRefundId: refundId, paymentId: paid.body.data.paymentId, amount: jpy(1200) })

      const after = await opa.get(`/v2/codes/payments/${mpid}`)
      expect(after.body.data.status).toBe('REFUNDED')
      expect(after.body.data.refunds.data[0]).toMatchObject({ merchantRefundId: refundId, status: 'REFUNDED' })
      expect((await users()).taro!.balance).toBe(taro!.balance)

      const details = await opa.get(`/v2/refunds/${refundId}?paymentId=${paid.body.data.paymentId}`)
      expect(details.body.data).toMatchObject({ status: 'REFUNDED', merchantRefundId: refundId })
      const sameAgain = await opa.post('/v2/refunds', {
        merchantRefundId: refundId,
        paymentId: paid.body.data.paymentId,
        amount: jpy(1200),
        requestedAt: epochNow(),
      })
      expect(sameAgain.status).toBe(200)
      expect(sameAgain.body.data.merchantRefundId).toBe(refundId)
    })

    it('answers the spec §7 sample path /v1/codes like /v2/codes', async () => {
      const res = await opa.post('/v1/codes', order(id('V1')))
      expect(res.status).toBe(201)
      expect(res.body.data.url).toContain('/sandbox/cashier/')
    })
  })

  describe('dynamic QR errors', () => {
    it('refuses a second code for the same merchantPaymentId with DUPLICATE_DYNAMIC_QR_REQUEST', async () => {
      const mpid = id('DUP')
      expect((await opa.post('/v2/codes', order(mpid))).status).toBe(201)
      const again = await opa.post('/v2/codes', order(mpid))
      expect(again.status).toBe(400)
      expect(again.body.resultInfo).toMatchObject({ code: 'DUPLICATE_DYNAMIC_QR_REQUEST', codeId: '01652073' })
    })

    it.each([
      ['a missing amount', { merchantPaymentId: 'x1', codeType: 'ORDER_QR' }],
      ['another codeType', { merchantPaymentId: 'x2', amount: jpy(1), codeType: 'STATIC' }],
      ['a zero amount', { merchantPaymentId: 'x3', amount: jpy(0), codeType: 'ORDER_QR' }],
      ['a currency other than JPY', { merchantPaymentId: 'x4', amount: { amount: 1, currency: 'USD' }, codeType: 'ORDER_QR' }],
      ['a merchantPaymentId over 64 characters', { merchantPaymentId: 'x'.repeat(65), amount: jpy(1), codeType: 'ORDER_QR' }],
    ])('answers %s with 400 DYNAMIC_QR_BAD_REQUEST', async (_, payload) => {
      const res = await opa.post('/v2/codes', payload)
      expect(res.status).toBe(400)
      expect(res.body.resultInfo).toMatchObject({ code: 'DYNAMIC_QR_BAD_REQUEST', codeId: '01650000' })
    })

    it('deletes an unpaid code; then it cannot be paid and has no payment', async () => {
      const mpid = id('DEL')
      const { codeId } = (await opa.post('/v2/codes', order(mpid))).body.data
      const del = await opa.delete(`/v2/codes/${codeId}`)
      expect(del.status).toBe(200)
      expect(del.body.data).toEqual({ qrStatus: 'DELETED' })
      const again = await opa.delete(`/v2/codes/${codeId}`)
      expect(again.status).toBe(404)
      expect(again.body.resultInfo).toMatchObject({ code: 'DYNAMIC_QR_NOT_FOUND', codeId: '01652072' })
      const details = await opa.get(`/v2/codes/payments/${mpid}`)
      expect(details.status).toBe(400)
      expect(details.body.resultInfo).toMatchObject({ code: 'DYNAMIC_QR_PAYMENT_NOT_FOUND', codeId: '01652075' })
    })

    it('refuses to delete a paid code with DYNAMIC_QR_ALREADY_PAID', async () => {
      const { codeId } = (await opa.post('/v2/codes', order(id('PAIDDEL')))).body.data
      await sandboxCommands.codes.payCode(engine.ctx, { codeId, testUserId: (await users()).hanako!.id })
      const res = await opa.delete(`/v2/codes/${codeId}`)
      expect(res.status).toBe(400)
      expect(res.body.resultInfo).toMatchObject({ code: 'DYNAMIC_QR_ALREADY_PAID', codeId: '01652074' })
    })

    it('answers an unknown merchantPaymentId with DYNAMIC_QR_PAYMENT_NOT_FOUND', async () => {
      const res = await opa.get('/v2/codes/payments/never-created')
      expect(res.status).toBe(400)
      expect(res.body.resultInfo.code).toBe('DYNAMIC_QR_PAYMENT_NOT_FOUND')
    })

    it('cancels an unpaid code by itself once its expiry has passed (merchant clock moved)', async () => {
      const mpid = id('EXP')
      const { codeId, expiryDate } = (await opa.post('/v2/codes', order(mpid))).body.data
      await opa.post('/sandbox/api/clock', { advanceMs: (expiryDate + 1) * 1000 - Date.now() })
      try {
        const res = await opa.get(`/v2/codes/payments/${mpid}`)
        expect(res.body.resultInfo.code).toBe('DYNAMIC_QR_PAYMENT_NOT_FOUND')
        await expect(sandboxCommands.codes.payCode(engine.ctx, { codeId, testUserId: (await users()).taro!.id })).rejects.toMatchObject({
          code: 'DYNAMIC_QR_PAYMENT_NOT_FOUND',
        })
      } finally {
        await opa.post('/sandbox/api/clock', { reset: true })
      }
    })

    it('refuses pre-auth codes whose expiry is beyond what the merchant is granted', async () => {
      const res = await opa.post('/v2/codes', order(id('PAX'), 100, { isAuthorization: true, authorizationExpiry: epochNow() + 365 * 86_400 }))
      expect(res.status).toBe(400)
      expect(res.body.resultInfo).toMatchObject({ code: 'PRE_AUTH_CAPTURE_INVALID_EXPIRY_DATE', codeId: '00400061' })
    })
  })

  describe('cancel and refund windows', () => {
    // these windows lie beyond the minute after which a paid test QR payment cancels itself (spec §4): switched off
    beforeAll(() => dashboardRepo(t.deps.store.db).saveSettings(m, { qrAutoCancel: false }, new Date()))
    afterAll(() => dashboardRepo(t.deps.store.db).saveSettings(m, { qrAutoCancel: true }, new Date()))

    async function paidCode(amount = 500) {
      const mpid = id('WIN')
      const { codeId } = (await opa.post('/v2/codes', order(mpid, amount))).body.data
      await sandboxCommands.codes.payCode(engine.ctx, { codeId, testUserId: (await users()).hanako!.id })
      return { mpid, paymentId: (await opa.get(`/v2/codes/payments/${mpid}`)).body.data.paymentId as string }
    }

    it('cancels a payment (202) within the window, giving the money back; the order becomes FAILED', async () => {
      const before = (await users()).hanako!.balance
      const { mpid } = await paidCode(700)
      const res = await opa.delete(`/v2/payments/${mpid}`)
      expect(res.status).toBe(202)
      expect(res.body.resultInfo).toEqual({ code: 'REQUEST_ACCEPTED', message: 'Request accepted', codeId: '08100001' })
      const details = await opa.get(`/v2/payments/${mpid}`)
      expect(details.body.data).toMatchObject({ status: 'FAILED', canceledAt: expect.any(Number) })
      expect((await users()).hanako!.balance).toBe(before)
    })

    it('refuses cancel after 00:14:59 Japan time the next day with ORDER_NOT_REVERSIBLE, but still refunds', async () => {
      const { mpid, paymentId } = await paidCode()
      await opa.post('/sandbox/api/clock', { advanceMs: day + 15 * 60_000 })
      try {
        const cancel = await opa.delete(`/v2/payments/${mpid}`)
        expect(cancel.status).toBe(400)
        expect(cancel.body.resultInfo).toMatchObject({ code: 'ORDER_NOT_REVERSIBLE', codeId: '00200044' })
      } finally {
        await opa.post('/sandbox/api/clock', { reset: true })
      }
      await opa.post('/sandbox/api/clock', { advanceMs: 12 * 60 * 60_000 })
      const refund = await opa.post('/v2/refunds', { merchantRefundId: id('LATE'), paymentId, amount: jpy(500), requestedAt: epochNow() })
      await opa.post('/sandbox/api/clock', { reset: true })
      expect(refund.status).toBe(200)
    })

    it('refuses a refund after 24 hours with REFUND_WINDOW_EXCEED', async () => {
      const { paymentId } = await paidCode()
      await opa.post('/sandbox/api/clock', { advanceMs: day + 1000 })
      try {
        const res = await opa.post('/v2/refunds', { merchantRefundId: id('OLD'), paymentId, amount: jpy(500), requestedAt: epochNow() })
        expect(res.status).toBe(400)
        expect(res.body.resultInfo.code).toBe('REFUND_WINDOW_EXCEED')
      } finally {
        await opa.post('/sandbox/api/clock', { reset: true })
      }
    })

    it('allows one refund per order: a second one is MERCHANT_MULTIPLE_REFUND_REJECTED (403)', async () => {
      const { paymentId } = await paidCode()
      expect((await opa.post('/v2/refunds', { merchantRefundId: id('R1'), paymentId, amount: jpy(100), requestedAt: epochNow() })).status).toBe(200)
      const second = await opa.post('/v2/refunds', { merchantRefundId: id('R2'), paymentId, amount: jpy(100), requestedAt: epochNow() })
      expect(second.status).toBe(403)
      expect(second.body.resultInfo.code).toBe('MERCHANT_MULTIPLE_REFUND_REJECTED')
    })

    it('refuses a refund above the paid amount (INVALID_PARAMS 00200015) and of an unknown payment (RESOURCE_NOT_FOUND 00200001)', async () => {
      const { paymentId } = await paidCode(300)
      const above = await opa.post('/v2/refunds', { merchantRefundId: id('BIG'), paymentId, amount: jpy(301), requestedAt: epochNow() })
      expect(above.status).toBe(400)
      expect(above.body.resultInfo).toMatchObject({ code: 'INVALID_PARAMS', codeId: '00200015' })
      const unknown = await opa.post('/v2/refunds', { merchantRefundId: id('UNK'), paymentId: '99999', amount: jpy(1), requestedAt: epochNow() })
      expect(unknown.status).toBe(404)
      expect(unknown.body.resultInfo).toMatchObject({ code: 'RESOURCE_NOT_FOUND', codeId: '00200001' })
      const missing = await opa.post('/v2/refunds', { paymentId, amount: jpy(1), requestedAt: epochNow() })
      expect(missing.status).toBe(400)
      expect(missing.body.resultInfo).toMatchObject({ code: 'MISSING_REQUEST_PARAMS', codeId: '08100024' })
    })

    it('refuses to refund an unpaid order with UNACCEPTABLE_OP and answers unknown refunds with NO_SUCH_REFUND_ORDER', async () => {
      const mpid = id('UNPAID')
      await opa.post('/v2/codes', order(mpid))
      const { paymentId } = (await opa.get(`/v2/codes/payments/${mpid}`)).body.data
      const res = await opa.post('/v2/refunds', { merchantRefundId: id('NOPE'), paymentId, amount: jpy(1), requestedAt: epochNow() })
      expect(res.status).toBe(400)
      expect(res.body.resultInfo).toMatchObject({ code: 'UNACCEPTABLE_OP', codeId: '00200013' })
      const none = await opa.get('/v2/refunds/no-such-refund')
      expect(none.status).toBe(404)
      expect(none.body.resultInfo).toMatchObject({ code: 'NO_SUCH_REFUND_ORDER', codeId: '00200018' })
    })
  })

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

  describe('pre-authorisation and capture', () => {
    let userAuthorizationId: string
    beforeAll(async () => {
      userAuthorizationId = (await linkTestUser(t, 'taro')).userAuthorizationId
    })
    const preauth = (mpid: string, amount: number, extra: Record<string, unknown> = {}) =>
      opa.post('/v2/payments/preauthorize?agreeSimilarTransaction=true', {
        merchantPaymentId: mpid,
        userAuthorizationId,
        amount: jpy(amount),
        requestedAt: epochNow(),
        orderDescription: 'Cake',
        ...extra,
      })

    it('authorises, captures up to the amount, answers 202 USER_CONFIRMATION_REQUIRED above it', async () => {
      const mpid = id('PA')
      const created = await preauth(mpid, 1000)
      expect(created.body.data).toMatchObject({ status: 'AUTHORIZED', expiresAt: expect.any(Number) })
      const above = await opa.post('/v2/payments/capture', {
        merchantPaymentId: mpid,
        amount: jpy(1500),
        merchantCaptureId: id('CAP'),
        requestedAt: epochNow(),
        orderDescription: 'more',
      })
      expect(above.status).toBe(202)
      expect(above.body.resultInfo).toMatchObject({ code: 'USER_CONFIRMATION_REQUIRED', codeId: '08300103' })
      expect(above.body.data).toBeNull()
      const captureId = id('CAP')
      const captured = await opa.post('/v2/payments/capture', {
        merchantPaymentId: mpid,
        amount: jpy(900),
        merchantCaptureId: captureId,
        requestedAt: epochNow(),
        orderDescription: 'done',
      })
      expect(captured.status).toBe(200)
      expect(captured.body.data).toMatchObject({
        status: 'COMPLETED',
        amount: jpy(900),
        captures: { data: [expect.objectContaining({ merchantCaptureId: captureId, status: 'COMPLETED' })] },
      })
      const again = await opa.post('/v2/payments/capture', {
        merchantPaymentId: mpid,
        amount: jpy(100),
        merchantCaptureId: id('CAP'),
        requestedAt: epochNow(),
        orderDescription: 'again',
      })
      expect(again.body.resultInfo).toMatchObject({ code: 'ALREADY_CAPTURED', codeId: '00200039' })
      const replay = await opa.post('/v2/payments/capture', {
        merchantPaymentId: mpid,
        amount: jpy(900),
        merchantCaptureId: captureId,
        requestedAt: epochNow(),
        orderDescription: 'done',
      })
      expect(replay.body.data.paymentId).toBe(captured.body.data.paymentId)
    })

    it('asks the user for a higher capture only within the range (spec §4); beyond it refuses with LIMIT_EXCEEDED', async () => {
      const mpid = id('PR')
      await preauth(mpid, 1000)
      const capture = (amount: number, merchantCaptureId = id('CAP')) =>
        opa.post('/v2/payments/capture', {
          merchantPaymentId: mpid,
          amount: jpy(amount),
          merchantCaptureId,
          requestedAt: epochNow(),
          orderDescription: 'bigger',
        })
      const beyond = await capture(2001)
      expect(beyond.status).toBe(400)
      expect(beyond.body.resultInfo).toMatchObject({ code: 'LIMIT_EXCEEDED', codeId: '99300002' })
      // nothing was asked of the user, the order is still only authorised
      const still = (await opa.get(`/v2/payments/${mpid}`)).body.data
      expect(still.status).toBe('AUTHORIZED')
      expect(still.captures?.data ?? []).toEqual([])
      const edge = await capture(2000)
      expect([edge.status, edge.body.resultInfo.code]).toEqual([202, 'USER_CONFIRMATION_REQUIRED'])
    })

    it('completes a capture above the authorised amount once the user confirms it, taking the rest from the balance', async () => {
      const before = (await users()).taro!.balance
      const mpid = id('PC')
      const { paymentId } = (await preauth(mpid, 1000)).body.data
      const captureId = id('CAP')
      const asked = await opa.post('/v2/payments/capture', {
        merchantPaymentId: mpid,
        amount: jpy(1300),
        merchantCaptureId: captureId,
        requestedAt: epochNow(),
        orderDescription: 'bigger cake',
      })
      expect(asked.status).toBe(202)
      const waiting = (await opa.get(`/v2/payments/${mpid}`)).body.data
      expect(waiting.status).toBe('AUTHORIZED')
      expect(waiting.captures.data).toEqual([expect.objectContaining({ merchantCaptureId: captureId, status: 'USER_REQUESTED', amount: jpy(1300) })])
      await sandboxCommands.preauth.approveCapture(engine.ctx, { paymentId, merchantCaptureId: captureId })
      const done = (await opa.get(`/v2/payments/${mpid}`)).body.data
      expect(done).toMatchObject({ status: 'COMPLETED', amount: jpy(1300) })
      expect(done.captures.data[0]).toMatchObject({ status: 'COMPLETED', acceptedAt: expect.any(Number) })
      expect((await users()).taro!.balance).toBe(before - 1300)
      await expect(sandboxCommands.preauth.approveCapture(engine.ctx, { paymentId, merchantCaptureId: captureId })).rejects.toMatchObject({
        code: 'ORDER_NOT_CAPTURABLE',
      })
    })

    it('reverts an authorisation (CANCELED) and refuses a second revert', async () => {
      const mpid = id('RV')
      const { paymentId } = (await preauth(mpid, 400)).body.data
      const res = await opa.post('/v2/payments/preauthorize/revert', { merchantRevertId: id('REV'), paymentId, requestedAt: epochNow(), reason: 'no stock' })
      expect(res.body.data).toMatchObject({ status: 'CANCELED', paymentId, reason: 'no stock' })
      expect((await opa.get(`/v2/payments/${mpid}`)).body.data.status).toBe('CANCELED')
      const second = await opa.post('/v2/payments/preauthorize/revert', { merchantRevertId: id('REV'), paymentId, requestedAt: epochNow() })
      expect(second.body.resultInfo).toMatchObject({ code: 'ORDER_NOT_CANCELABLE', codeId: '00200042' })
      const unknown = await opa.post('/v2/payments/preauthorize/revert', { merchantRevertId: id('REV'), paymentId: 'none', requestedAt: epochNow() })
      expect(unknown.status).toBe(404)
    })

    it('reauthorises lower (200), higher (201 with an approval url), refuses the same amount and reused request ids', async () => {
      const mpid = id('RA')
      const { paymentId } = (await preauth(mpid, 1000)).body.data
      const lower = await opa.post('/v2/payments/reauthorize', { requestId: id('REQ'), paymentId, updatedAmount: jpy(800) })
      expect(lower.status).toBe(200)
      expect(lower.body.data).toMatchObject({ paymentId, updatedAmount: jpy(800) })
      const same = await opa.post('/v2/payments/reauthorize', { requestId: id('REQ'), paymentId, updatedAmount: jpy(800) })
      expect(same.body.resultInfo.code).toBe('REAUTH_AMOUNT_UNCHANGED')
      const requestId = id('REQ')
      const higher = await opa.post('/v2/payments/reauthorize', { requestId, paymentId, updatedAmount: jpy(1200) })
      expect(higher.status).toBe(201)
      expect(higher.body.resultInfo).toMatchObject({ code: 'USER_CONFIRMATION_REQUIRED', codeId: '08300104' })
      expect(higher.body.data.url).toContain(`/sandbox/reauthorize/${paymentId}/`)
      const replay = await opa.post('/v2/payments/reauthorize', { requestId, paymentId, updatedAmount: jpy(1200) })
      expect(replay.body.resultInfo.code).toBe('REAUTHORIZE_REJECTED')
      await sandboxCommands.preauth.approveReauthorization(engine.ctx, { paymentId, requestId })
      expect((await opa.get(`/v2/payments/${mpid}`)).body.data.amount).toEqual(jpy(1200))
    })

    it('expires an authorisation after its expiry (EXPIRED), and capture then answers ORDER_EXPIRED', async () => {
      const mpid = id('PE')
      await preauth(mpid, 300, { expiresAt: epochNow() + 3600 })
      await opa.post('/sandbox/api/clock', { advanceMs: 3601_000 })
      try {
        expect((await opa.get(`/v2/payments/${mpid}`)).body.data.status).toBe('EXPIRED')
        const capture = await opa.post('/v2/payments/capture', {
          merchantPaymentId: mpid,
          amount: jpy(300),
          merchantCaptureId: id('CAP'),
          requestedAt: epochNow(),
          orderDescription: 'late',
        })
        expect(capture.body.resultInfo).toMatchObject({ code: 'ORDER_EXPIRED', codeId: '00200043' })
      } finally {
        await opa.post('/sandbox/api/clock', { reset: true })
      }
    })

    it('allows at most 10 reauthorizations (REAUTH_MAX_LIMIT_EXCEEDED) and refuses to capture an unpaid code (ORDER_NOT_CAPTURABLE)', async () => {
      const { paymentId } = (await preauth(id('RL'), 5000)).body.data
      for (let i = 0; i < 10; i++) {
        const res = await opa.post('/v2/payments/reauthorize', { requestId: id('RQ'), paymentId, updatedAmount: jpy(4000 - i * 100) })
        expect(res.status).toBe(200)
      }
      const eleventh = await opa.post('/v2/payments/reauthorize', { requestId: id('RQ'), paymentId, updatedAmount: jpy(100) })
      expect(eleventh.status).toBe(400)
      expect(eleventh.body.resultInfo.code).toBe('REAUTH_MAX_LIMIT_EXCEEDED')

      const mpid = id('PQR')
      expect((await opa.post('/v2/codes', order(mpid, 100, { isAuthorization: true }))).status).toBe(201)
      const res = await opa.post('/v2/payments/capture', {
        merchantPaymentId: mpid,
        amount: jpy(100),
        merchantCaptureId: id('CAP'),
        requestedAt: epochNow(),
        orderDescription: 'x',
      })
      expect(res.status).toBe(400)
      expect(res.body.resultInfo).toMatchObject({ code: 'ORDER_NOT_CAPTURABLE', codeId: '00200035' })
    })

    it('answers an unknown order on capture with RESOURCE_NOT_FOUND (404)', async () => {
      const res = await opa.post('/v2/payments/capture', {
        merchantPaymentId: 'nope',
        amount: jpy(1),
        merchantCaptureId: id('CAP'),
        requestedAt: epochNow(),
        orderDescription: 'x',
      })
      expect(res.status).toBe(404)
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
