import { inArray } from 'drizzle-orm'
import { isErrorCode } from '../../src/domain/errors.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoMerchant } from '../../src/server/modules/sandbox/engine/seed.ts'
import { type Store } from '../../src/server/store/db.ts'
import { merchants } from '../../src/server/store/tables/merchants.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy, type OpaResult } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { secondAppOnSameDatabase } from '../support/second-app.ts'
import { developer, linkDeveloperUser, type Developer } from './devtools-helpers.ts'

/**
 * Issue 33 (docs/sandbox-state.md, "Concurrent calls"): a reset racing the merchant's payments never answers 500.
 * The order-changing transactions take the merchant's sandbox-state lock shared and read what they change again
 * under it, so a payment runs wholly before a reset or wholly after it: after, its link is gone and it answers
 * the published INVALID_USER_AUTHORIZATION_ID. On PostgreSQL the race also runs across two apps with their own
 * pools, engines and clocks on one database (two server processes); before the lock, 25 of 75 such payments
 * answered 500 (a foreign-key violation: the reset had deleted the test user the insert named).
 */
const rounds = 6
const writesPerRound = 32
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.each(storeKinds())('a reset racing payments [%s]', (kind) => {
  let t: TestApp & { lines: string[] }
  let a: Developer
  let second: { store: Store; opa: Developer['opa'] } | undefined

  beforeAll(async () => {
    t = await createTestApp(kind)
    a = await developer(t)
    await t.deps.store.db
      .update(merchants)
      .set({ products: [...demoMerchant.products] })
      .where(inArray(merchants.id, [a.merchantId]))
    if (kind !== 'postgres') return
    // a second app with its own pool, engine and clock on the same PostgreSQL database: as a second server process
    second = await secondAppOnSameDatabase(t, a)
  })
  afterAll(async () => {
    await second?.store.close()
    await t.close()
  })

  it(`${rounds} rounds of ${writesPerRound} writes racing resets: no 5xx, each write answered with a published code`, async () => {
    const clients = [a.opa, ...(second ? [second.opa] : [])]
    const answers: { call: string; answer: OpaResult }[] = []
    for (let round = 0; round < rounds; round += 1) {
      const { userAuthorizationId } = await linkDeveloperUser(t, a)
      // an order to refund and a cashback to reverse, made before the race
      const paid = await a.opa.post('/v2/payments?agreeSimilarTransaction=true', {
        merchantPaymentId: `paid-${round}`,
        userAuthorizationId,
        amount: jpy(100),
        requestedAt: epochNow(),
      })
      expect(paid.status).toBe(201)
      const cashbackId = `cb-${round}`
      expect((await a.opa.post('/v2/cashback', { merchantCashbackId: cashbackId, userAuthorizationId, amount: jpy(50), requestedAt: epochNow() })).status).toBe(
        202,
      )
      const calls: [string, (opa: Developer['opa'], i: number) => Promise<OpaResult>][] = [
        [
          'payment',
          (opa, i) =>
            opa.post('/v2/payments?agreeSimilarTransaction=true', {
              merchantPaymentId: `p-${round}-${i}`,
              userAuthorizationId,
              amount: jpy(10 + i),
              requestedAt: epochNow(),
            }),
        ],
        [
          'preauthorize',
          (opa, i) =>
            opa.post('/v2/payments/preauthorize?agreeSimilarTransaction=true', {
              merchantPaymentId: `a-${round}-${i}`,
              userAuthorizationId,
              amount: jpy(10 + i),
              requestedAt: epochNow(),
            }),
        ],
        [
          'subscription',
          (opa, i) =>
            opa.post('/v1/subscription/payments', { merchantPaymentId: `s-${round}-${i}`, userAuthorizationId, amount: jpy(5), requestedAt: epochNow() }),
        ],
        [
          'request order',
          (opa, i) => opa.post('/v1/requestOrder', { merchantPaymentId: `r-${round}-${i}`, userAuthorizationId, amount: jpy(5), requestedAt: epochNow() }),
        ],
        [
          'cashback',
          (opa, i) => opa.post('/v2/cashback', { merchantCashbackId: `c-${round}-${i}`, userAuthorizationId, amount: jpy(5), requestedAt: epochNow() }),
        ],
        [
          'cashback reversal',
          (opa, i) =>
            opa.post('/v2/cashback_reversal', {
              merchantCashbackReversalId: `cr-${round}-${i}`,
              merchantCashbackId: cashbackId,
              amount: jpy(1),
              requestedAt: epochNow(),
            }),
        ],
        [
          'refund',
          (opa, i) =>
            opa.post('/v2/refunds', { merchantRefundId: `rf-${round}-${i}`, paymentId: paid.body.data.paymentId, amount: jpy(100), requestedAt: epochNow() }),
        ],
        ['cancel', (opa) => opa.delete(`/v2/payments/paid-${round}`)],
      ]
      const race = Array.from({ length: writesPerRound }, (_, i) => {
        const opa = clients[i % clients.length]!
        // a reset among every eight writes, spread through the batch
        if (i % 8 === 0) return opa.post('/sandbox/api/reset', undefined).then((answer) => ({ call: 'reset', answer }))
        const [call, send] = calls[i % calls.length]!
        // the writes spread over the reset's run, so that some read the link before it commits and write after
        return delay(i * 4).then(() => send(opa, i).then((answer) => ({ call, answer })))
      })
      answers.push(...(await Promise.all(race)))
    }
    const unexpected = answers
      .filter(({ answer }) => answer.status >= 500 || !isErrorCode(answer.body?.resultInfo?.code))
      .map(({ call, answer }) => `${call} ${answer.status} ${answer.body?.resultInfo?.code}`)
    expect(unexpected, unexpected.join('\n')).toEqual([])
    expect(t.lines.filter((line) => line.includes('"level":"error"'))).toEqual([])
    // the merchant goes on working afterwards
    const { userAuthorizationId } = await linkDeveloperUser(t, a)
    const after = await a.opa.post('/v2/payments', { merchantPaymentId: 'after', userAuthorizationId, amount: jpy(100), requestedAt: epochNow() })
    expect(after.status).toBe(201)
  }, 240_000)
})
