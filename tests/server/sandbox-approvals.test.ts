import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoMerchant } from '../../src/server/modules/sandbox/engine/seed.ts'
import type { SandboxEngine } from '../../src/server/modules/sandbox/engine/index.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy, linkTestUser, opaClient, type OpaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'

/** What the wallet user approves after the merchant asked for more: higher reauthorisations and captures. */
describe.each(storeKinds())('sandbox user approvals [%s]', (kind) => {
  let t: TestApp
  let opa: OpaClient
  let engine: SandboxEngine
  let userAuthorizationId: string
  let seq = 0
  const id = (prefix: string) => `${prefix}-${kind}-${++seq}`
  const balance = async () => (await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(demoMerchant.id))).find((u) => u.username === 'taro')!.balance
  const preauth = async (amount: number) => {
    const mpid = id('PA')
    const res = await opa.post('/v2/payments/preauthorize?agreeSimilarTransaction=true', {
      merchantPaymentId: mpid,
      userAuthorizationId,
      amount: jpy(amount),
      requestedAt: epochNow(),
      orderDescription: 'Cake',
    })
    expect(res.status).toBe(201)
    return { mpid, paymentId: res.body.data.paymentId as string }
  }
  const askHigher = async (paymentId: string, amount: number) => {
    const requestId = id('REQ')
    const res = await opa.post('/v2/payments/reauthorize', { requestId, paymentId, updatedAmount: jpy(amount) })
    expect(res.status).toBe(201)
    return requestId
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    opa = opaClient({ request: (path, init) => t.app.request(path, init) })
    engine = t.deps.sandbox
    await opa.get('/sandbox/api/clock')
    userAuthorizationId = (await linkTestUser(t, 'taro')).userAuthorizationId
  })
  afterAll(() => t.close())

  describe('a higher-amount reauthorisation is approved once', () => {
    it('a second approval of the same request is refused with REAUTHORIZE_REJECTED and moves no money', async () => {
      const { mpid, paymentId } = await preauth(1000)
      const requestId = await askHigher(paymentId, 1200)
      const before = await balance()
      await sandboxCommands.preauth.approveReauthorization(engine.ctx, { paymentId, requestId })
      expect(await balance()).toBe(before - 200)
      await expect(sandboxCommands.preauth.approveReauthorization(engine.ctx, { paymentId, requestId })).rejects.toMatchObject({ code: 'REAUTHORIZE_REJECTED' })
      expect(await balance()).toBe(before - 200)
      expect((await opa.get(`/v2/payments/${mpid}`)).body.data).toMatchObject({ status: 'AUTHORIZED', amount: jpy(1200) })
    })

    it('10 parallel approvals of one request: exactly one succeeds', async () => {
      const { paymentId } = await preauth(500)
      const requestId = await askHigher(paymentId, 800)
      const before = await balance()
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, () => sandboxCommands.preauth.approveReauthorization(engine.ctx, { paymentId, requestId })),
      )
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      for (const r of results.filter((r) => r.status === 'rejected')) expect(r.reason).toMatchObject({ code: 'REAUTHORIZE_REJECTED' })
      expect(await balance()).toBe(before - 300)
    })

    it('the approval page shows the request as approved afterwards, and approving there again changes nothing', async () => {
      const { mpid, paymentId } = await preauth(600)
      const requestId = await askHigher(paymentId, 700)
      await sandboxCommands.preauth.approveReauthorization(engine.ctx, { paymentId, requestId })
      // a later lower reauthorisation must not make the old request approvable again
      const lower = await opa.post('/v2/payments/reauthorize', { requestId: id('REQ'), paymentId, updatedAmount: jpy(650) })
      expect(lower.status).toBe(200)
      const before = await balance()
      await expect(sandboxCommands.preauth.approveReauthorization(engine.ctx, { paymentId, requestId })).rejects.toMatchObject({ code: 'REAUTHORIZE_REJECTED' })
      expect(await balance()).toBe(before)
      expect((await opa.get(`/v2/payments/${mpid}`)).body.data.amount).toEqual(jpy(650))
      const page = await t.app.request(`/sandbox/reauthorize/${paymentId}/${encodeURIComponent(requestId)}?lang=en`)
      expect(page.status).toBe(200)
      expect(await page.text()).not.toMatch(/<form[^>]+\/approve/)
    })
  })

  describe('replaying a capture id', () => {
    it('answers 202 while the user has not confirmed, and the completed capture once they have', async () => {
      const { mpid, paymentId } = await preauth(1000)
      const captureId = id('CAP')
      const body = { merchantPaymentId: mpid, amount: jpy(1300), merchantCaptureId: captureId, requestedAt: epochNow(), orderDescription: 'bigger cake' }
      expect((await opa.post('/v2/payments/capture', body)).status).toBe(202)
      const waiting = await opa.post('/v2/payments/capture', body)
      expect([waiting.status, waiting.body.resultInfo.code]).toEqual([202, 'USER_CONFIRMATION_REQUIRED'])

      await sandboxCommands.preauth.approveCapture(engine.ctx, { paymentId, merchantCaptureId: captureId })
      const replay = await opa.post('/v2/payments/capture', body)
      expect(replay.status).toBe(200)
      expect(replay.body.resultInfo.code).toBe('SUCCESS')
      expect(replay.body.data).toMatchObject({
        paymentId,
        status: 'COMPLETED',
        amount: jpy(1300),
        captures: { data: [expect.objectContaining({ merchantCaptureId: captureId, status: 'COMPLETED', amount: jpy(1300) })] },
      })
    })
  })
})
