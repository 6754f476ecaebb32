import { readFileSync } from 'node:fs'
import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoMerchant } from '../../src/server/sandbox/engine.ts'
import { sandboxStateRepo, type SandboxRows } from '../../src/server/store/sandbox-state-repo.ts'
import { merchants } from '../../src/server/store/tables/merchants.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { developer, type Developer } from './devtools-helpers.ts'

/**
 * Issue 22 item 2 (docs/sandbox-state.md, "Concurrent calls"): reset, seed and snapshot-restore of one merchant,
 * sent at once, are applied one after the other (a per-merchant advisory lock): none answers 5xx, and the sandbox
 * ends as exactly one of them left it.
 */
const example = JSON.parse(readFileSync(new URL('../../docs/sandbox-seed.example.json', import.meta.url), 'utf8'))

type Projection = { users: string[]; authorizations: string[]; payments: string[]; other: Record<string, number> }
const sorted = (list: string[]) => [...list].sort()

/** What identifies a sandbox state: its users (ids and balances), links and payments, and how many rows the other tables hold. */
function projectRows(rows: SandboxRows): Projection {
  const of = (table: string) => (rows[table] ?? []) as Record<string, any>[]
  const other: Record<string, number> = {}
  for (const [table, list] of Object.entries(rows)) {
    if (!['sandbox_test_users', 'sandbox_user_authorizations', 'sandbox_payments'].includes(table) && list.length) other[table] = list.length
  }
  return {
    users: sorted(of('sandbox_test_users').map((u) => `${u.id} ${u.username} ${u.balance}`)),
    authorizations: sorted(of('sandbox_user_authorizations').map((a) => `${a.userAuthorizationId} ${a.status}`)),
    payments: sorted(of('sandbox_payments').map((p) => `${p.paymentId} ${p.merchantPaymentId} ${p.status}`)),
    other,
  }
}

/** The same, from the answer of a reset or seed call (refunds are the only other rows a seed makes). */
function projectAnswer(data: any, refunds: number): Projection {
  return {
    users: sorted(data.testUsers.map((u: any) => `${u.testUserId} ${u.username} ${u.balance}`)),
    authorizations: sorted(data.userAuthorizations.map((a: any) => `${a.userAuthorizationId} ${a.status}`)),
    payments: sorted(data.payments.map((p: any) => `${p.paymentId} ${p.merchantPaymentId} ${p.status}`)),
    other: refunds ? { sandbox_refunds: refunds } : {},
  }
}

const seededRefunds = (example.payments as any[]).filter((p) => p.refund).length

describe.each(storeKinds())('concurrent reset / seed / restore of one merchant [%s]', (kind) => {
  let t: TestApp
  let a: Developer

  beforeAll(async () => {
    t = await createTestApp(kind)
    a = await developer(t)
    await t.deps.store.db.update(merchants).set({ products: [...demoMerchant.products] }).where(inArray(merchants.id, [a.merchantId]))
  })
  afterAll(() => t.close())

  it('30 mixed calls at once: no 5xx, each applied whole, the sandbox ends as one of them left it', async () => {
    // a state unlike both reset and seed: the seed plus one more order, snapshotted
    expect((await a.opa.post('/sandbox/api/seed', example)).status).toBe(200)
    expect((await a.opa.post('/v2/codes', { merchantPaymentId: 'before-race', amount: jpy(300), codeType: 'ORDER_QR', requestedAt: epochNow() })).status).toBe(201)
    const snap = await a.opa.post('/sandbox/api/snapshots', { label: 'race' })
    expect(snap.status).toBe(201)
    const snapshotId = snap.body.data.snapshotId as string
    const snapshotRows = (await sandboxStateRepo(t.deps.store.db).findSnapshot(a.merchantId, snapshotId))!.data

    const kinds = ['reset', 'seed', 'restore'] as const
    const calls = Array.from({ length: 30 }, (_, i) => kinds[i % 3]!)
    const answers = await Promise.all(
      calls.map(async (call) => {
        const answer =
          call === 'reset'
            ? await a.opa.post('/sandbox/api/reset', undefined)
            : call === 'seed'
              ? await a.opa.post('/sandbox/api/seed', example)
              : await a.opa.post(`/sandbox/api/snapshots/${snapshotId}/restore`, undefined)
        return { call, answer }
      }),
    )
    const statuses = answers.map(({ call, answer }) => `${call} ${answer.status} ${answer.body?.resultInfo?.code}`)
    expect(statuses.filter((s) => !s.endsWith(' 200 SUCCESS')), statuses.join('\n')).toEqual([])

    // the sandbox is the whole result of one call, never a mix
    const candidates = [
      projectRows(snapshotRows),
      ...answers.filter(({ call }) => call !== 'restore').map(({ call, answer }) => projectAnswer(answer.body.data, call === 'seed' ? seededRefunds : 0)),
    ]
    const final = await sandboxStateRepo(t.deps.store.db).rowsOf(a.merchantId)
    expect(candidates).toContainEqual(projectRows(final))
    // and when it is the snapshot, every row is the snapshot's
    if (JSON.stringify(projectRows(final)) === JSON.stringify(candidates[0])) expect(JSON.parse(JSON.stringify(final))).toEqual(snapshotRows)

    // the merchant goes on working afterwards
    expect((await a.opa.post('/v2/codes', { merchantPaymentId: `after-race-${kind}`, amount: jpy(300), codeType: 'ORDER_QR', requestedAt: epochNow() })).status).toBe(201)
  })
})
