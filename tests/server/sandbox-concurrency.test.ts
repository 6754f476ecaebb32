import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoMerchant } from '../../src/server/modules/sandbox/engine/seed.ts'
import type { SandboxEngine } from '../../src/server/modules/sandbox/engine/index.ts'
import { sandboxPayments, sandboxRefunds } from '../../src/server/store/tables/sandbox.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy, linkTestUser, opaClient, type OpaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'

const parallel = 50

describe.each(storeKinds())('sandbox under concurrent requests [%s]', (kind) => {
  let t: TestApp
  let opa: OpaClient
  let engine: SandboxEngine
  const balanceOf = async (username: string) =>
    (await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(demoMerchant.id))).find((u) => u.username === username)!.balance

  beforeAll(async () => {
    t = await createTestApp(kind)
    opa = opaClient({ request: (path, init) => t.app.request(path, init) })
    engine = t.deps.sandbox
    await opa.get('/sandbox/api/clock')
  })
  afterAll(() => t.close())

  it(`50 parallel creates of one merchantPaymentId make exactly one code`, async () => {
    const body = { merchantPaymentId: `SAME-${kind}`, amount: jpy(100), codeType: 'ORDER_QR' }
    const answers = await Promise.all(Array.from({ length: parallel }, () => opa.post('/v2/codes', body)))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1)
    expect(answers.filter((a) => a.body.resultInfo.code === 'DUPLICATE_DYNAMIC_QR_REQUEST')).toHaveLength(parallel - 1)
    const rows = await t.deps.store.db.select().from(sandboxPayments).where(eq(sandboxPayments.merchantPaymentId, body.merchantPaymentId))
    expect(rows).toHaveLength(1)
  })

  it('50 parallel native payments with one merchantPaymentId debit once and answer the same payment', async () => {
    const { userAuthorizationId } = await linkTestUser(t, 'hanako')
    const before = await balanceOf('hanako')
    const body = { merchantPaymentId: `SAME-PAY-${kind}`, userAuthorizationId, amount: jpy(700), requestedAt: epochNow() }
    const answers = await Promise.all(Array.from({ length: parallel }, () => opa.post('/v2/payments?agreeSimilarTransaction=true', body)))
    expect(new Set(answers.map((a) => a.body.data?.paymentId)).size).toBe(1)
    expect(answers.every((a) => a.status === 201)).toBe(true)
    expect(await balanceOf('hanako')).toBe(before - 700)
  })

  it('50 parallel refunds of one payment: exactly one succeeds, the money comes back once', async () => {
    const mpid = `REFUND-RACE-${kind}`
    const { codeId } = (await opa.post('/v2/codes', { merchantPaymentId: mpid, amount: jpy(900), codeType: 'ORDER_QR' })).body.data
    const taro = (await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(demoMerchant.id))).find((u) => u.username === 'taro')!
    await sandboxCommands.codes.payCode(engine.ctx, { codeId, testUserId: taro.id })
    const { paymentId } = (await opa.get(`/v2/codes/payments/${mpid}`)).body.data
    const answers = await Promise.all(
      Array.from({ length: parallel }, (_, i) =>
        opa.post('/v2/refunds', { merchantRefundId: `RR-${kind}-${i}`, paymentId, amount: jpy(900), requestedAt: epochNow() }),
      ),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.body.resultInfo.code === 'MERCHANT_MULTIPLE_REFUND_REJECTED')).toHaveLength(parallel - 1)
    expect(await t.deps.store.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paymentId))).toHaveLength(1)
    expect(await balanceOf('taro')).toBe(taro.balance)
  })

  it('a balance never goes negative under 50 parallel payments', async () => {
    const { userAuthorizationId } = await linkTestUser(t, 'jiro')
    await sandboxCommands.topUp.topUp(engine.forMerchant(demoMerchant.id), {
      testUserId: (await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(demoMerchant.id))).find((u) => u.username === 'jiro')!.id,
      amount: 9_900,
    })
    const before = await balanceOf('jiro')
    const price = 700
    const answers = await Promise.all(
      Array.from({ length: parallel }, (_, i) =>
        opa.post('/v2/payments?agreeSimilarTransaction=true', {
          merchantPaymentId: `NEG-${kind}-${i}`,
          userAuthorizationId,
          amount: jpy(price),
          requestedAt: epochNow(),
        }),
      ),
    )
    const paid = answers.filter((a) => a.status === 201).length
    expect(paid).toBe(Math.floor(before / price))
    expect(answers.filter((a) => a.body.resultInfo.code === 'NO_SUFFICIENT_FUND')).toHaveLength(parallel - paid)
    expect(await balanceOf('jiro')).toBe(before - paid * price)
    expect(await balanceOf('jiro')).toBeGreaterThanOrEqual(0)
  })
})
