import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoMerchant, seedDemoMerchant } from '../../src/server/modules/sandbox/engine/seed.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'
import { groupedPaymentRead, readsOf } from '../../src/server/store/sandbox-reads.ts'
import { groupedReads } from '../../src/server/store/grouped-reads.ts'
import { sandboxCashbackReversals, sandboxCashbacks, sandboxRefunds, sandboxUserAuthorizations } from '../../src/server/store/tables/sandbox.ts'
import { jpy, linkTestUser } from '../support/opa-client.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { storeKinds } from '../support/store.ts'

// Issue 22: the signed get-payment's reads of one moment share a statement; each answers what a read of its own does.
describe.each(storeKinds())('grouped payment reads [%s]', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
    await seedDemoMerchant(t.deps.sandbox.ctx)
  })
  afterAll(() => t.close())

  it('answers each payment with its own refunds, the row as a read of its own, and undefined for an unknown one', async () => {
    const engine = t.deps.sandbox
    const m = demoMerchant.id
    const [taro] = await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(m))
    const paid = await sandboxCommands.codes.createCode(engine.forMerchant(m), { merchantPaymentId: 'reads-paid', amount: jpy(1500), codeType: 'ORDER_QR' })
    await sandboxCommands.codes.payCode(engine.ctx, { codeId: paid.codeId!, testUserId: taro!.id })
    await sandboxCommands.refunds.refund(engine.forMerchant(m), {
      merchantRefundId: 'reads-refund',
      paymentId: paid.paymentId,
      amount: jpy(500),
      requestedAt: Math.floor(Date.now() / 1000),
      reason: 'a slice too many',
    })
    await sandboxCommands.codes.createCode(engine.forMerchant(m), {
      merchantPaymentId: 'reads-open',
      amount: jpy(800),
      codeType: 'ORDER_QR',
      orderDescription: 'Mont Blanc',
      requestedAt: 1_700_000_000,
    })
    const db = t.deps.store.db
    const ids = ['reads-paid', 'reads-open', 'reads-none', 'reads-paid']
    const grouped = await Promise.all(ids.map((id) => groupedPaymentRead(db)(m, id)))
    // each payment row as the plain read answers it
    const rows = await Promise.all(ids.map(async (id) => (await readsOf(db).payment.execute({ merchantId: m, merchantPaymentId: id }))[0]))
    expect(grouped.map((g) => g?.payment)).toEqual(rows)
    expect(grouped[2]).toBeUndefined()
    // its own refunds only (the single read this replaced answered every refund of the sandbox, other merchants' too)
    expect(grouped[0]!.refunds).toEqual([
      expect.objectContaining({ merchantId: m, merchantRefundId: 'reads-refund', paymentId: paid.paymentId, amount: 500, reason: 'a slice too many' }),
    ])
    expect(grouped[1]!.refunds).toEqual([])
    expect(grouped[3]).toEqual(grouped[0])
  })
})

// Issue 33: every signed GET's read grouped per moment; each answers the row a plain read of the table answers.
describe.each(storeKinds())('grouped reads of the other signed GETs [%s]', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
    await seedDemoMerchant(t.deps.sandbox.ctx)
  })
  afterAll(() => t.close())

  it('user authorizations with their balance, refunds, cashback and reversals: as the plain reads, undefined when unknown', async () => {
    const engine = t.deps.sandbox
    const m = demoMerchant.id
    const at = engine.forMerchant(m)
    const { userAuthorizationId, testUserId } = await linkTestUser(t, 'hanako')
    const requestedAt = Math.floor(Date.now() / 1000)
    const paid = await sandboxCommands.payments.createPayment(at, {
      merchantPaymentId: 'grouped-paid',
      userAuthorizationId,
      amount: jpy(900),
      requestedAt,
      agreeSimilarTransaction: true,
    })
    await sandboxCommands.refunds.refund(at, { merchantRefundId: 'grouped-refund', paymentId: paid.paymentId, amount: jpy(200), requestedAt })
    await sandboxCommands.cashback.giveCashback(at, {
      merchantCashbackId: 'grouped-cb',
      userAuthorizationId,
      amount: jpy(50),
      requestedAt,
      metadata: { a: [1] },
    })
    await sandboxCommands.cashback.reverseCashback(at, {
      merchantCashbackReversalId: 'grouped-cbr',
      merchantCashbackId: 'grouped-cb',
      amount: jpy(20),
      requestedAt,
    })
    const db = t.deps.store.db
    const g = groupedReads(db)
    const [link, none, refund, noRefund, cashback, reversal] = await Promise.all([
      g.userAuthorization(userAuthorizationId),
      g.userAuthorization('00000000-0000-4000-8000-000000000000'),
      g.refund(m, 'grouped-refund'),
      g.refund('another-merchant', 'grouped-refund'),
      g.cashback(m, 'grouped-cb'),
      g.cashbackReversal(m, 'grouped-cbr'),
    ])
    const one = async <T>(rows: Promise<T[]>) => (await rows)[0]
    expect(link).toEqual({
      authorization: await one(db.select().from(sandboxUserAuthorizations).where(eq(sandboxUserAuthorizations.userAuthorizationId, userAuthorizationId))),
      balance: (await sandboxCommands.testUsers.findTestUser(engine.ctx, { testUserId }))!.balance,
    })
    expect(none).toBeUndefined()
    expect(refund).toEqual(await one(db.select().from(sandboxRefunds).where(eq(sandboxRefunds.merchantRefundId, 'grouped-refund'))))
    expect(noRefund).toBeUndefined()
    expect(cashback).toEqual(await one(db.select().from(sandboxCashbacks).where(eq(sandboxCashbacks.merchantCashbackId, 'grouped-cb'))))
    expect(cashback!.reversedAmount).toBe(20)
    expect(reversal).toEqual(
      await one(db.select().from(sandboxCashbackReversals).where(eq(sandboxCashbackReversals.merchantCashbackReversalId, 'grouped-cbr'))),
    )
  })
})
