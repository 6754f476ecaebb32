import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoMerchant } from '../../src/server/modules/sandbox/engine/seed.ts'
import type { SandboxEngine } from '../../src/server/modules/sandbox/engine/index.ts'
import { demoShopApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy, linkTestUser, type OpaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'

// Finding 4: on PostgreSQL, 50 concurrent repeats of one idempotency key answered one 200 and 49 refusals; a
// refund id reused on another payment answered the first payment's refund.
const parallel = 50

describe.each(storeKinds())('idempotency keys under concurrency [%s]', (kind) => {
  let t: TestApp
  let opa: OpaClient
  let engine: SandboxEngine
  let seq = 0
  const balanceOf = async (username: string) =>
    (await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(demoMerchant.id))).find((u) => u.username === username)!.balance

  beforeAll(async () => {
    ;({ t, opa } = await demoShopApp(kind))
    engine = t.deps.sandbox
  })
  afterAll(() => t.close())

  async function paidCode(amount: number, isAuthorization = false) {
    const merchantPaymentId = `SEC-${kind}-${++seq}-${Date.now()}`
    const { codeId } = (await opa.post('/v2/codes', { merchantPaymentId, amount: jpy(amount), codeType: 'ORDER_QR', isAuthorization })).body.data
    const taro = (await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(demoMerchant.id))).find((u) => u.username === 'taro')!
    await sandboxCommands.codes.payCode(engine.ctx, { codeId, testUserId: taro.id })
    const { paymentId } = (await opa.get(`/v2/codes/payments/${merchantPaymentId}`)).body.data
    return { merchantPaymentId, paymentId: paymentId as string }
  }

  it('50 concurrent refunds with one merchantRefundId all answer the one refund, and the money comes back once', async () => {
    const { paymentId } = await paidCode(900)
    const before = await balanceOf('taro')
    const body = { merchantRefundId: `RF-${kind}-${seq}`, paymentId, amount: jpy(900), requestedAt: epochNow() }
    const answers = await Promise.all(Array.from({ length: parallel }, () => opa.post('/v2/refunds', body)))
    expect(answers.map((a) => `${a.status} ${a.body.resultInfo.code}`)).toEqual(Array(parallel).fill('200 SUCCESS'))
    for (const a of answers) expect(a.body.data).toEqual(answers[0]!.body.data)
    expect(await balanceOf('taro')).toBe(before + 900)
  })

  it('a merchantRefundId reused on another payment is refused (INVALID_PARAMS), not answered with the first refund', async () => {
    const first = await paidCode(300)
    const second = await paidCode(400)
    const id = `RF-REUSE-${kind}-${seq}`
    expect((await opa.post('/v2/refunds', { merchantRefundId: id, paymentId: first.paymentId, amount: jpy(300), requestedAt: epochNow() })).status).toBe(200)
    const reused = await opa.post('/v2/refunds', { merchantRefundId: id, paymentId: second.paymentId, amount: jpy(400), requestedAt: epochNow() })
    expect(reused.status).toBe(400)
    expect(reused.body.resultInfo.code).toBe('INVALID_PARAMS')
    expect(reused.body.data.issues[0].path).toBe('merchantRefundId')
    expect((await opa.get(`/v2/payments/${second.merchantPaymentId}`)).body.data.status).toBe('COMPLETED')
  })

  it('50 concurrent captures with one merchantCaptureId all answer the one capture', async () => {
    const { merchantPaymentId } = await paidCode(1200, true)
    const body = { merchantPaymentId, merchantCaptureId: `CP-${kind}-${seq}`, amount: jpy(1000), requestedAt: epochNow(), orderDescription: 'cake' }
    const answers = await Promise.all(Array.from({ length: parallel }, () => opa.post('/v2/payments/capture', body)))
    expect(answers.map((a) => `${a.status} ${a.body.resultInfo.code}`)).toEqual(Array(parallel).fill('200 SUCCESS'))
    for (const a of answers) expect(a.body.data).toEqual(answers[0]!.body.data)
    const other = await paidCode(500, true)
    const reused = await opa.post('/v2/payments/capture', { ...body, merchantPaymentId: other.merchantPaymentId, amount: jpy(500) })
    expect([reused.status, reused.body.resultInfo.code, reused.body.data.issues[0].path]).toEqual([400, 'INVALID_PARAMS', 'merchantCaptureId'])
  })

  it('50 concurrent reverts with one merchantRevertId all answer the one revert; the hold is released once', async () => {
    const before = await balanceOf('taro')
    const { paymentId } = await paidCode(800, true)
    const body = { merchantRevertId: `RV-${kind}-${seq}`, paymentId, requestedAt: epochNow() }
    const answers = await Promise.all(Array.from({ length: parallel }, () => opa.post('/v2/payments/preauthorize/revert', body)))
    expect(answers.map((a) => `${a.status} ${a.body.resultInfo.code}`)).toEqual(Array(parallel).fill('200 SUCCESS'))
    expect(await balanceOf('taro')).toBe(before)
    const other = await paidCode(600, true)
    const reused = await opa.post('/v2/payments/preauthorize/revert', { ...body, paymentId: other.paymentId })
    expect([reused.status, reused.body.resultInfo.code, reused.body.data.issues[0].path]).toEqual([400, 'INVALID_PARAMS', 'merchantRevertId'])
  })

  it('50 concurrent native payments with one merchantPaymentId answer the first payment to all', async () => {
    const { userAuthorizationId } = await linkTestUser(t, 'hanako')
    const body = { merchantPaymentId: `NP-${kind}-${++seq}`, userAuthorizationId, amount: jpy(300), requestedAt: epochNow() }
    const answers = await Promise.all(Array.from({ length: parallel }, () => opa.post('/v2/payments?agreeSimilarTransaction=true', body)))
    expect(answers.every((a) => a.status === 201)).toBe(true)
    expect(new Set(answers.map((a) => a.body.data.paymentId)).size).toBe(1)
  })
})
