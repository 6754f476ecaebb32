import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SandboxEngine } from '../../src/server/modules/sandbox/engine/index.ts'
import { demoShopApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy, linkTestUser, type OpaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'
import { demoShopUsers, order } from './sandbox-api-helpers.ts'

/** The demo shop's OPA endpoints (sandbox-api-*.test.ts): pre-authorisation, capture, revert and reauthorisation. */

describe.each(storeKinds())('sandbox OPA endpoints [%s]', (kind) => {
  let t: TestApp
  let opa: OpaClient
  let engine: SandboxEngine
  let seq = 0
  const id = (prefix: string) => `${prefix}-${kind}-${++seq}`
  const users = () => demoShopUsers(engine)

  beforeAll(async () => {
    // the first signed call of a merchant loads its clock and gives it its test users (demoShopApp)
    ;({ t, opa } = await demoShopApp(kind))
    engine = t.deps.sandbox
  })
  afterAll(() => t.close())

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
})
