import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoMerchant } from '../../src/server/modules/sandbox/engine/seed.ts'
import { dbErrorFields, type Store } from '../../src/server/store/db.ts'
import { merchants } from '../../src/server/store/tables/merchants.ts'
import { sandboxPayments } from '../../src/server/store/tables/sandbox.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { secondAppOnSameDatabase } from '../support/second-app.ts'
import { developer, linkDeveloperUser, type Developer } from './devtools-helpers.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'

/**
 * Issue 33: an idempotent retry always gets its payment, and the similar-transaction rule is atomic. Identical
 * `POST /v2/payments` sent at once (one merchantPaymentId) all answer 201 with the one payment — never 400
 * SUSPECTED_DUPLICATE_ORDER for the very order they name (before: 45 of 1,000 on PostgreSQL); different
 * merchantPaymentIds with identical details sent at once make exactly one payment, the others answer
 * SUSPECTED_DUPLICATE_ORDER. On PostgreSQL the requests are split across two apps with their own pools and engines
 * on one database, as two server processes. SANDBOX_RETRY_COPIES sets the number of copies (a manual run: 1000).
 */
const copies = Number(process.env.SANDBOX_RETRY_COPIES ?? 150)
const similar = 40

describe.each(storeKinds())('idempotent retries and similar orders at once [%s]', (kind) => {
  let t: TestApp
  let a: Developer
  let second: { store: Store; opa: Developer['opa'] } | undefined
  const clients = () => [a.opa, ...(second ? [second.opa] : [])]
  const balanceOf = async (testUserId: string) => (await sandboxCommands.testUsers.findTestUser(t.deps.sandbox.ctx, { testUserId }))!.balance

  beforeAll(async () => {
    t = await createTestApp(kind)
    a = await developer(t)
    await t.deps.store.db
      .update(merchants)
      .set({ products: [...demoMerchant.products] })
      .where(inArray(merchants.id, [a.merchantId]))
    if (kind !== 'postgres') return
    second = await secondAppOnSameDatabase(t, a)
  })
  afterAll(async () => {
    await second?.store.close()
    await t.close()
  })

  // other amounts: the similar-transaction rule covers payments and pre-authorisations of one link together
  for (const [path, name, amount] of [
    ['/v2/payments', 'payment', 700],
    ['/v2/payments/preauthorize', 'pre-authorisation', 800],
  ] as const) {
    it(`${copies} identical ${name} requests at once: every one answers 201 with the one order, paid once`, async () => {
      const { userAuthorizationId, testUserId } = await linkDeveloperUser(t, a, 'hanako')
      const before = await balanceOf(testUserId)
      const body = { merchantPaymentId: `retry-${name}`, userAuthorizationId, amount: jpy(amount), requestedAt: epochNow() }
      const answers = await Promise.all(Array.from({ length: copies }, (_, i) => clients()[i % clients().length]!.post(path, body)))
      const refused = answers.filter((answer) => answer.status !== 201).map((answer) => `${answer.status} ${answer.body?.resultInfo?.code}`)
      expect(refused, refused.join('\n')).toEqual([])
      expect(new Set(answers.map((answer) => answer.body.data.paymentId)).size).toBe(1)
      const rows = await t.deps.store.db
        .select()
        .from(sandboxPayments)
        .where(and(eq(sandboxPayments.merchantId, a.merchantId), eq(sandboxPayments.merchantPaymentId, body.merchantPaymentId)))
      expect(rows).toHaveLength(1)
      expect(await balanceOf(testUserId)).toBe(before - amount)
    }, 180_000)
  }

  it(`${similar} similar payments at once (other merchantPaymentIds, same link and amount): exactly one is made`, async () => {
    const { userAuthorizationId, testUserId } = await linkDeveloperUser(t, a, 'taro')
    const before = await balanceOf(testUserId)
    const answers = await Promise.all(
      Array.from({ length: similar }, (_, i) =>
        clients()[i % clients().length]!.post('/v2/payments', {
          merchantPaymentId: `similar-${i}`,
          userAuthorizationId,
          amount: jpy(321),
          requestedAt: epochNow(),
        }),
      ),
    )
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1)
    expect(answers.filter((answer) => answer.status === 400 && answer.body.resultInfo.code === 'SUSPECTED_DUPLICATE_ORDER')).toHaveLength(similar - 1)
    expect(await balanceOf(testUserId)).toBe(before - 321)
    // agreeing to the similar transaction still goes through, and a retry of the made one still answers it
    const made = answers.find((answer) => answer.status === 201)!.body.data
    const agreed = await a.opa.post('/v2/payments?agreeSimilarTransaction=true', {
      merchantPaymentId: 'similar-agreed',
      userAuthorizationId,
      amount: jpy(321),
      requestedAt: epochNow(),
    })
    expect(agreed.status).toBe(201)
    const retried = await a.opa.post('/v2/payments', {
      merchantPaymentId: made.merchantPaymentId,
      userAuthorizationId,
      amount: jpy(321),
      requestedAt: epochNow(),
    })
    expect([retried.status, retried.body.data.paymentId]).toEqual([201, made.paymentId])
  }, 120_000)

  it('a database error is logged with its SQLSTATE and cause', async () => {
    const error = await t.deps.store.db.execute(sql`select 1 / 0`).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(dbErrorFields(error)).toMatchObject({ sqlState: '22012', cause: 'division by zero' })
    expect(dbErrorFields(new Error('not a database'))).toEqual({})
  })
})
