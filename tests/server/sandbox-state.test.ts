import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxSeedCli } from '../../scripts/sandbox-seed.ts'
import { sandboxStateLimits } from '../../src/domain/sandbox-state.ts'
import { inArray } from 'drizzle-orm'
import { demoMerchant } from '../../src/server/modules/sandbox/engine/seed.ts'
import { merchants } from '../../src/server/store/tables/merchants.ts'
import { sandboxRepo } from '../../src/server/store/sandbox-repo.ts'
import { sandboxStateRepo } from '../../src/server/store/sandbox-state-repo.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy, opaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { developer, linkDeveloperUser, type Developer } from './devtools-helpers.ts'

/** Issue 14 item 6: reset, snapshots and seed files (docs/sandbox-state.md). */
const example = JSON.parse(readFileSync(new URL('../../docs/sandbox-seed.example.json', import.meta.url), 'utf8'))

describe.each(storeKinds())('sandbox reset, snapshots and seed [%s]', (kind) => {
  let t: TestApp
  let a: Developer
  let b: Developer
  const rowsOf = (d: Developer) => sandboxStateRepo(t.deps.store.db).rowsOf(d.merchantId)
  const newest0 = (list: { body: any }) => list.body.data.snapshots[0].snapshotId as string
  /** What a client sees of the seeded orders through the normal OPA endpoints. */
  const answers = async (d: Developer) => {
    const views = []
    for (const id of ['seed-qr-unpaid', 'seed-qr-paid', 'seed-qr-refunded', 'seed-qr-canceled']) views.push((await d.opa.get(`/v2/codes/payments/${id}`)).body)
    for (const id of ['seed-native-paid', 'seed-native-refunded', 'seed-preauth-open', 'seed-preauth-expired', 'seed-preauth-reverted'])
      views.push((await d.opa.get(`/v2/payments/${id}`)).body)
    return views
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    a = await developer(t)
    b = await developer(t)
    // the seed file links users for native payments and pre-auths: merchants with every product
    await t.deps.store.db
      .update(merchants)
      .set({ products: [...demoMerchant.products] })
      .where(inArray(merchants.id, [a.merchantId, b.merchantId]))
  })
  afterAll(() => t.close())

  it('loads the example seed file; its payments answer as seeded through the OPA endpoints, and go on from there', async () => {
    const seeded = await a.opa.post('/sandbox/api/seed', example)
    expect([seeded.status, seeded.body.resultInfo.code]).toEqual([200, 'SUCCESS'])
    const data = seeded.body.data
    expect(data.testUsers.map((u: any) => [u.username, u.balance])).toEqual([
      ['taro', 50000],
      ['hanako', 98800],
      ['jiro', 100],
    ])
    expect(data.payments).toHaveLength(9)
    const link = data.userAuthorizations.find((x: any) => x.key === 'taro-link')
    expect(link).toMatchObject({ username: 'taro', status: 'ACTIVE' })

    const status = async (path: string) => {
      const r = await a.opa.get(path)
      return [r.status, r.body.data?.status]
    }
    expect(await status('/v2/codes/payments/seed-qr-unpaid')).toEqual([200, 'CREATED'])
    expect(await status('/v2/codes/payments/seed-qr-paid')).toEqual([200, 'COMPLETED'])
    expect(await status('/v2/codes/payments/seed-qr-refunded')).toEqual([200, 'REFUNDED'])
    expect(await status('/v2/codes/payments/seed-qr-canceled')).toEqual([200, 'FAILED'])
    expect(await status('/v2/payments/seed-native-paid')).toEqual([200, 'COMPLETED'])
    expect(await status('/v2/payments/seed-preauth-open')).toEqual([200, 'AUTHORIZED'])
    expect(await status('/v2/payments/seed-preauth-expired')).toEqual([200, 'EXPIRED'])
    expect(await status('/v2/payments/seed-preauth-reverted')).toEqual([200, 'CANCELED'])
    const refunded = await a.opa.get('/v2/payments/seed-native-refunded')
    expect(refunded.body.data).toMatchObject({ status: 'REFUNDED', userAuthorizationId: link.userAuthorizationId, amount: jpy(3000) })
    expect(refunded.body.data.refunds.data.map((r: any) => [r.merchantRefundId, r.amount.amount])).toEqual([['seed-refund-2', 1000]])
    expect((await a.opa.get('/v2/refunds/seed-refund-1')).body.data).toMatchObject({ status: 'REFUNDED', amount: jpy(800) })
    const unpaid = data.payments.find((p: any) => p.merchantPaymentId === 'seed-qr-unpaid')
    expect(unpaid.codeId).toMatch(/^04-/)
    const linkAnswer = await a.opa.get(`/v2/user/authorizations?userAuthorizationId=${link.userAuthorizationId}`)
    expect(linkAnswer.body, JSON.stringify(linkAnswer.body)).toMatchObject({ data: { status: 'ACTIVE' } })
    const old = data.userAuthorizations.find((x: any) => x.key === 'hanako-old-link')
    // an unlinked user answers as the provider does for any unusable authorization
    expect((await a.opa.get(`/v2/user/authorizations?userAuthorizationId=${old.userAuthorizationId}`)).body.resultInfo.code).toBe(
      'INVALID_USER_AUTHORIZATION_ID',
    )
    const balance = (amount: number) => a.opa.get(`/v2/wallet/check_balance?userAuthorizationId=${link.userAuthorizationId}&amount=${amount}&currency=JPY`)
    expect((await balance(50000)).body.data.hasEnoughBalance).toBe(true)
    expect((await balance(50001)).body.data.hasEnoughBalance).toBe(false)

    // seeded orders behave as real ones: refund the paid QR payment, capture the open pre-auth, pay with the link
    const refund = await a.opa.post('/v2/refunds', {
      merchantRefundId: 'after-seed-1',
      paymentId: data.payments.find((p: any) => p.merchantPaymentId === 'seed-qr-paid').paymentId,
      amount: jpy(1200),
      requestedAt: epochNow(),
    })
    expect(refund.status).toBe(200)
    expect(await status('/v2/codes/payments/seed-qr-paid')).toEqual([200, 'REFUNDED'])
    const capture = await a.opa.post('/v2/payments/capture', {
      merchantPaymentId: 'seed-preauth-open',
      merchantCaptureId: 'cap-1',
      amount: jpy(5000),
      requestedAt: epochNow(),
      orderDescription: 'Cake',
    })
    expect([capture.status, capture.body.data.status]).toEqual([200, 'COMPLETED'])
    const paid = await a.opa.post('/v2/payments?agreeSimilarTransaction=true', {
      merchantPaymentId: 'after-seed-2',
      userAuthorizationId: link.userAuthorizationId,
      amount: jpy(50000),
      requestedAt: epochNow(),
    })
    expect([paid.status, paid.body.data.status]).toEqual([201, 'COMPLETED'])
    expect((await balance(1)).body.data.hasEnoughBalance).toBe(false)

    // the same file again: the same ids, the state as the file says (what happened since is gone)
    const again = await a.opa.post('/sandbox/api/seed', example)
    expect(again.body.data.payments).toEqual(data.payments)
    expect(again.body.data.userAuthorizations).toEqual(data.userAuthorizations)
    expect(await status('/v2/codes/payments/seed-qr-paid')).toEqual([200, 'COMPLETED'])
    expect(await status('/v2/payments/after-seed-2')).toEqual([404, undefined])
    expect((await balance(50000)).body.data.hasEnoughBalance).toBe(true)
  })

  it("reset leaves no row of the old state, and another merchant's sandbox is untouched", async () => {
    await b.opa.post('/sandbox/api/seed', example)
    await b.opa.post('/v2/codes', { merchantPaymentId: 'b-own-code', amount: jpy(300), codeType: 'ORDER_QR', requestedAt: epochNow() })
    const bBefore = await rowsOf(b)

    await a.opa.post('/sandbox/api/seed', example)
    const { userAuthorizationId } = await linkDeveloperUser(t, a, 'hanako')
    await a.opa.post('/v2/codes', { merchantPaymentId: 'a-before-reset', amount: jpy(300), codeType: 'ORDER_QR', requestedAt: epochNow() })
    await a.opa.post('/sandbox/api/clock', { advanceMs: 86_400_000 })
    const old = await rowsOf(a)
    expect(old.sandbox_payments!.length).toBe(10)
    expect(old.sandbox_clocks).toHaveLength(1)

    const reset = await a.opa.post('/sandbox/api/reset', undefined)
    expect([reset.status, reset.body.resultInfo.code]).toEqual([200, 'SUCCESS'])
    expect(reset.body.data.testUsers.map((u: any) => [u.username, u.balance])).toEqual([
      ['taro', 100000],
      ['hanako', 100000],
      ['jiro', 100],
    ])
    expect(reset.body.data.payments).toEqual([])

    const now = await rowsOf(a)
    for (const [table, rows] of Object.entries(now)) {
      if (table === 'sandbox_test_users') continue
      expect(rows, table).toEqual([])
    }
    // not one old row survives, not even a test user (their ids are new)
    const oldKeys = new Set(
      Object.values(old)
        .flat()
        .map((r) => JSON.stringify(r)),
    )
    expect(
      Object.values(now)
        .flat()
        .filter((r) => oldKeys.has(JSON.stringify(r))),
    ).toEqual([])
    expect(now.sandbox_test_users!.some((u) => old.sandbox_test_users!.some((o) => o.id === u.id))).toBe(false)

    // what a client sees: the orders and links are gone, the clock is back at real time
    const gone = await a.opa.get('/v2/codes/payments/seed-qr-paid')
    expect([gone.status, gone.body.resultInfo.code]).toEqual([400, 'DYNAMIC_QR_PAYMENT_NOT_FOUND'])
    const unlinked = await a.opa.get(`/v2/user/authorizations?userAuthorizationId=${userAuthorizationId}`)
    expect(unlinked.status).toBe(401)
    expect(Math.abs((await a.opa.get('/sandbox/api/clock')).body.data.nowMs - Date.now())).toBeLessThan(60_000)
    // a reused merchantPaymentId is free again
    expect(
      (await a.opa.post('/v2/codes', { merchantPaymentId: 'a-before-reset', amount: jpy(300), codeType: 'ORDER_QR', requestedAt: epochNow() })).status,
    ).toBe(201)

    expect(await rowsOf(b)).toEqual(bBefore)
    expect((await b.opa.get('/v2/codes/payments/b-own-code')).body.data.status).toBe('CREATED')
  })

  it('snapshot → change → restore gives the old answers and rows back; bounded, per merchant', async () => {
    for (const s of (await a.opa.get('/sandbox/api/snapshots')).body.data.snapshots) await a.opa.delete(`/sandbox/api/snapshots/${s.snapshotId}`)
    await a.opa.post('/sandbox/api/seed', example)
    const { userAuthorizationId } = await linkDeveloperUser(t, a, 'jiro', ['get_balance'])
    await a.opa.post('/sandbox/api/clock', { advanceMs: 60_000 })
    // the monthly top-up (a timestamp column: it must come back as the same instant)
    expect(await sandboxRepo(t.deps.store.db).topUpMerchant(a.merchantId, '2026-01', 5000, new Date('2026-01-15T03:00:00.123Z'))).toBeDefined()
    const before = { rows: await rowsOf(a), answers: await answers(a) }
    expect(before.rows.merchant_top_ups).toHaveLength(1)

    const taken = await a.opa.post('/sandbox/api/snapshots', { label: 'after seed' })
    expect([taken.status, taken.body.resultInfo.code]).toEqual([201, 'SUCCESS'])
    const snap = taken.body.data
    expect(snap).toMatchObject({
      label: 'after seed',
      rows: { sandbox_payments: 9, sandbox_refunds: 2, sandbox_user_authorizations: 3, sandbox_clocks: 1, merchant_top_ups: 1 },
    })
    expect(snap.snapshotId).toMatch(/^snap_[0-9a-f]{16}$/)

    // change everything: refund, cancel, new orders, an unlink, a reset and a moved clock
    const paidId = before.rows.sandbox_payments!.find((p) => p.merchantPaymentId === 'seed-qr-paid')!.paymentId
    await a.opa.post('/v2/refunds', { merchantRefundId: 'snap-refund', paymentId: paidId, amount: jpy(100), requestedAt: epochNow() })
    await a.opa.delete('/v2/payments/seed-native-paid')
    await a.opa.delete(`/v2/user/authorizations/${userAuthorizationId}`)
    await a.opa.post('/v2/codes', { merchantPaymentId: 'after-snapshot', amount: jpy(300), codeType: 'ORDER_QR', requestedAt: epochNow() })
    await a.opa.post('/sandbox/api/clock', { advanceMs: 3 * 86_400_000 })
    expect(await answers(a)).not.toEqual(before.answers)
    await a.opa.post('/sandbox/api/reset', undefined)

    const restored = await a.opa.post(`/sandbox/api/snapshots/${snap.snapshotId}/restore`, undefined)
    expect([restored.status, restored.body.data.snapshotId]).toEqual([200, snap.snapshotId])
    expect(await rowsOf(a)).toEqual(before.rows)
    expect(await answers(a)).toEqual(before.answers)
    expect((await a.opa.get('/v2/codes/payments/after-snapshot')).status).toBe(400)
    expect((await a.opa.get(`/v2/user/authorizations?userAuthorizationId=${userAuthorizationId}`)).body.data.status).toBe('ACTIVE')

    // the list, newest first; bounded in count
    const list = (await a.opa.get('/sandbox/api/snapshots')).body.data
    expect(list).toMatchObject({ merchantId: a.merchantId, limit: sandboxStateLimits.snapshotsPerMerchant })
    expect(list.snapshots).toEqual([snap])
    for (let i = 1; i < sandboxStateLimits.snapshotsPerMerchant; i++) expect((await a.opa.post('/sandbox/api/snapshots', {})).status).toBe(201)
    const full = await a.opa.post('/sandbox/api/snapshots', {})
    expect([full.status, full.body.resultInfo.code]).toEqual([409, 'SANDBOX_SNAPSHOT_LIMIT'])
    // bounded in size: a sandbox over the bound is refused (the bound lowered for the test instead of thousands of rows)
    await a.opa.delete(`/sandbox/api/snapshots/${newest0(await a.opa.get('/sandbox/api/snapshots'))}`)
    const bound = sandboxStateLimits.snapshotMaxBytes
    ;(sandboxStateLimits as { snapshotMaxBytes: number }).snapshotMaxBytes = 1024
    try {
      const big = await a.opa.post('/sandbox/api/snapshots', {})
      expect([big.status, big.body.resultInfo.code, big.body.data.maxBytes]).toEqual([413, 'SANDBOX_SNAPSHOT_TOO_LARGE', 1024])
      expect(big.body.data.sizeBytes).toBeGreaterThan(1024)
    } finally {
      ;(sandboxStateLimits as { snapshotMaxBytes: number }).snapshotMaxBytes = bound
    }
    expect((await a.opa.post('/sandbox/api/snapshots', {})).status).toBe(201)
    const newest = (await a.opa.get('/sandbox/api/snapshots')).body.data.snapshots
    expect(newest).toHaveLength(sandboxStateLimits.snapshotsPerMerchant)
    expect(newest.at(-1).snapshotId).toBe(snap.snapshotId)

    // another merchant sees, restores and deletes none of them
    expect((await b.opa.get('/sandbox/api/snapshots')).body.data.snapshots).toEqual([])
    const bRows = await rowsOf(b)
    const foreign = await b.opa.post(`/sandbox/api/snapshots/${snap.snapshotId}/restore`, undefined)
    expect([foreign.status, foreign.body.resultInfo.code]).toEqual([404, 'SANDBOX_SNAPSHOT_NOT_FOUND'])
    expect((await b.opa.delete(`/sandbox/api/snapshots/${snap.snapshotId}`)).status).toBe(404)
    expect(await rowsOf(b)).toEqual(bRows)

    const deleted = await a.opa.delete(`/sandbox/api/snapshots/${snap.snapshotId}`)
    expect([deleted.status, deleted.body.data.deleted]).toEqual([200, true])
    expect((await a.opa.post(`/sandbox/api/snapshots/${snap.snapshotId}/restore`, undefined)).status).toBe(404)
    expect((await a.opa.post('/sandbox/api/snapshots/not-an-id/restore', undefined)).status).toBe(400)
    expect((await a.opa.post('/sandbox/api/snapshots', { label: 'x'.repeat(81) })).status).toBe(400)
    await a.opa.post('/sandbox/api/clock', { reset: true })
  })

  it('answers 400 SANDBOX_SEED_INVALID naming the bad path, and changes nothing', async () => {
    await a.opa.post('/sandbox/api/seed', example)
    const rows = await rowsOf(a)
    const payment = (patch: Record<string, unknown>, i = 1) => ({
      ...example,
      payments: example.payments.map((p: any, j: number) => (j === i ? { ...p, ...patch } : p)),
    })
    const cases: [unknown, string][] = [
      [payment({ amount: 100_000_000_000 }), 'payments.1.amount'],
      [payment({ amount: 0 }), 'payments.1.amount'],
      [payment({ merchantPaymentId: 'has space' }), 'payments.1.merchantPaymentId'],
      [payment({ merchantPaymentId: 'x'.repeat(65) }), 'payments.1.merchantPaymentId'],
      [payment({ payer: 'nobody' }), 'payments.1.payer'],
      [payment({ kind: 'CASH' }), 'payments.1.kind'],
      [payment({ status: 'AUTHORIZED' }), 'payments.1.status'],
      [payment({ status: 'REFUNDED' }), 'payments.1.refund'],
      [payment({ refund: { merchantRefundId: 'r', amount: 900 } }, 2), 'payments.2.refund.amount'],
      [payment({ userAuthorization: 'missing' }, 4), 'payments.4.userAuthorization'],
      [payment({ merchantPaymentId: 'seed-qr-unpaid' }), 'payments.1.merchantPaymentId'],
      [payment({ extra: true }), 'payments.1.extra'],
      [{ ...example, testUsers: [{ username: 'Taro!', balance: 1 }] }, 'testUsers.0.username'],
      [{ ...example, testUsers: [{ username: 'taro', balance: -1 }] }, 'testUsers.0.balance'],
      [{ ...example, testUsers: Array.from({ length: 21 }, (_, i) => ({ username: `u${i}`, balance: 1 })) }, 'testUsers'],
      [{ ...example, userAuthorizations: [{ key: 'k', username: 'taro', scopes: ['everything'] }] }, 'userAuthorizations.0.scopes.0'],
      [{ ...example, version: 2 }, 'version'],
    ]
    for (const [body, path] of cases) {
      const res = await a.opa.post('/sandbox/api/seed', body)
      expect([res.status, res.body.resultInfo.code, res.body.resultInfo.codeId], path).toEqual([400, 'SANDBOX_SEED_INVALID', '99900021'])
      expect(
        res.body.data.issues.map((i: any) => i.path),
        path,
      ).toContain(path)
    }
    const empty = await a.opa.post('/sandbox/api/seed', undefined)
    expect([empty.status, empty.body.resultInfo.code]).toEqual([400, 'SANDBOX_SEED_INVALID'])
    const deep = await a.opa.post('/sandbox/api/seed', { ...example, payments: [JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`)] })
    expect(deep.status).toBe(400)
    expect(await rowsOf(a)).toEqual(rows)
  })

  it('serves the same calls to the signed-in developer (dashboard), for their own merchant only', async () => {
    const seeded = await t.json('POST', '/dev/v1/sandbox/seed', example, a.auth)
    expect([seeded.status, seeded.body.data.payments.length]).toEqual([200, 9])
    const taken = await t.json('POST', '/dev/v1/sandbox/snapshots', { label: 'from the dashboard' }, a.auth)
    expect(taken.status).toBe(201)
    const list = await t.json('GET', '/dev/v1/sandbox/snapshots', undefined, a.auth)
    expect(list.body.data.snapshots[0]).toMatchObject({ snapshotId: taken.body.data.snapshotId, label: 'from the dashboard' })
    expect((await t.json('POST', '/dev/v1/sandbox/reset', undefined, a.auth)).body.data.payments).toEqual([])
    expect((await a.opa.get('/v2/codes/payments/seed-qr-paid')).status).toBe(400)
    expect((await t.json('POST', `/dev/v1/sandbox/snapshots/${taken.body.data.snapshotId}/restore`, undefined, a.auth)).status).toBe(200)
    expect((await a.opa.get('/v2/codes/payments/seed-qr-paid')).body.data.status).toBe('COMPLETED')

    const refused = await t.json('POST', '/dev/v1/sandbox/reset', undefined, { ...b.auth, 'x-assume-merchant': a.merchantId })
    expect([refused.status, refused.body.resultInfo.code]).toEqual([403, 'ASSUMED_MERCHANT_REFUSED'])
    expect((await t.json('POST', `/dev/v1/sandbox/snapshots/${taken.body.data.snapshotId}/restore`, undefined, b.auth)).status).toBe(404)
    expect((await t.json('POST', '/dev/v1/sandbox/reset', undefined)).status).toBe(401)
    expect((await a.opa.get('/v2/codes/payments/seed-qr-paid')).body.data.status).toBe('COMPLETED')
    await t.json('DELETE', `/dev/v1/sandbox/snapshots/${taken.body.data.snapshotId}`, undefined, a.auth)
  })

  it('npm run sandbox:seed loads a file (or resets) signed with the merchant key from env vars or flags', async () => {
    const run = async (
      argv: string[],
      env: Record<string, string> = { PAYLAB_API_KEY: a.apiKey, PAYLAB_API_SECRET: a.apiSecret, PAYLAB_MERCHANT_ID: a.merchantId },
    ) => {
      const out: string[] = []
      const err: string[] = []
      const code = await sandboxSeedCli(argv, env, async (url, init) => t.app.request(url, init), {
        out: (l) => out.push(l),
        err: (l) => err.push(l),
        readFile: (path) => readFileSync(path, 'utf8'),
      })
      return { code, out: out.map((l) => JSON.parse(l)), err: err.join('\n') }
    }
    const file = fileURLToPath(new URL('../../docs/sandbox-seed.example.json', import.meta.url))
    const seeded = await run([file, '--snapshot', 'ci baseline', '--url', 'http://localhost'])
    expect([seeded.code, seeded.err]).toEqual([0, ''])
    expect(seeded.out.map((o) => o.resultInfo.code)).toEqual(['SUCCESS', 'SUCCESS'])
    expect(seeded.out[0].data.payments).toHaveLength(9)
    expect(seeded.out[1].data.label).toBe('ci baseline')
    expect((await a.opa.get('/v2/codes/payments/seed-qr-paid')).body.data.status).toBe('COMPLETED')
    await a.opa.delete(`/sandbox/api/snapshots/${seeded.out[1].data.snapshotId}`)

    const flags = await run(['--reset', '--key', a.apiKey, '--secret', a.apiSecret, '--merchant', a.merchantId], {})
    expect([flags.code, flags.out[0].data.payments]).toEqual([0, []])
    expect((await a.opa.get('/v2/codes/payments/seed-qr-paid')).status).toBe(400)

    const wrongSecret = await run(['--reset'], { PAYLAB_API_KEY: a.apiKey, PAYLAB_API_SECRET: b.apiSecret })
    expect([wrongSecret.code, wrongSecret.out[0].resultInfo.code]).toEqual([1, 'UNAUTHORIZED'])
    expect((await run([], {})).code).toBe(2)
    expect((await run([file, '--reset'])).code).toBe(2)
    expect((await run(['--reset'], {})).code).toBe(2)
    expect((await run(['/nonexistent.json'])).code).toBe(2)
  })

  it('refuses to reset, seed or restore the public demo merchant, whose data every visitor shares', async () => {
    const demo = opaClient({ request: (path, init) => t.app.request(path, init) })
    await demo.post('/v2/codes', { merchantPaymentId: `demo-keeps-${kind}`, amount: jpy(300), codeType: 'ORDER_QR', requestedAt: epochNow() })
    for (const res of [await demo.post('/sandbox/api/reset', undefined), await demo.post('/sandbox/api/seed', example)]) {
      expect([res.status, res.body.resultInfo.code, res.body.resultInfo.codeId]).toEqual([403, 'SANDBOX_SHARED_MERCHANT', '99900025'])
    }
    expect((await demo.get(`/v2/codes/payments/demo-keeps-${kind}`)).body.data.status).toBe('CREATED')
  })
})
