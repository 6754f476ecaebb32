import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dashboardRepo } from '../../src/server/store/dashboard-repo.ts'
import { demoMerchant } from '../../src/server/modules/sandbox/engine/seed.ts'
import type { SandboxEngine } from '../../src/server/modules/sandbox/engine/index.ts'
import { demoShopApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy, type OpaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'
import { day, demoShopUsers, order, success } from './sandbox-api-helpers.ts'

/** The demo shop's OPA endpoints (sandbox-api-*.test.ts): dynamic QR codes, refunds, and the cancel and refund windows. */

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
})
