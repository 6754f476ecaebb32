import { readFileSync } from 'node:fs'
import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createAnalyticsSink } from '../../src/server/analytics.ts'
import { createApp } from '../../src/server/app.ts'
import { createClock } from '../../src/server/clock.ts'
import { createLogger } from '../../src/server/logger.ts'
import { demoMerchant } from '../../src/server/modules/sandbox/engine/seed.ts'
import { openStore } from '../../src/server/store/db.ts'
import { sandboxStateRepo, type SandboxRows } from '../../src/server/store/sandbox-state-repo.ts'
import { merchants } from '../../src/server/store/tables/merchants.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy, opaClient } from '../support/opa-client.ts'
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
    await t.deps.store.db
      .update(merchants)
      .set({ products: [...demoMerchant.products] })
      .where(inArray(merchants.id, [a.merchantId]))
  })
  afterAll(() => t.close())

  /** Sends the mixed calls through `clients` in turn; checks no 5xx and that the sandbox is one call's whole result. */
  async function race(clients: Developer['opa'][], count: number) {
    // a state unlike both reset and seed: the seed plus one more order, snapshotted
    expect((await a.opa.post('/sandbox/api/seed', example)).status).toBe(200)
    expect(
      (await a.opa.post('/v2/codes', { merchantPaymentId: `before-race-${count}`, amount: jpy(300), codeType: 'ORDER_QR', requestedAt: epochNow() })).status,
    ).toBe(201)
    const snap = await a.opa.post('/sandbox/api/snapshots', { label: 'race' })
    expect(snap.status).toBe(201)
    const snapshotId = snap.body.data.snapshotId as string
    const snapshotRows = (await sandboxStateRepo(t.deps.store.db).findSnapshot(a.merchantId, snapshotId))!.data

    const kinds = ['reset', 'seed', 'restore'] as const
    const calls = Array.from({ length: count }, (_, i) => kinds[i % 3]!)
    const answers = await Promise.all(
      calls.map(async (call, i) => {
        const opa = clients[i % clients.length]!
        const answer =
          call === 'reset'
            ? await opa.post('/sandbox/api/reset', undefined)
            : call === 'seed'
              ? await opa.post('/sandbox/api/seed', example)
              : await opa.post(`/sandbox/api/snapshots/${snapshotId}/restore`, undefined)
        return { call, answer }
      }),
    )
    const statuses = answers.map(({ call, answer }) => `${call} ${answer.status} ${answer.body?.resultInfo?.code}`)
    expect(
      statuses.filter((s) => !s.endsWith(' 200 SUCCESS')),
      statuses.join('\n'),
    ).toEqual([])

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
    expect(
      (await a.opa.post('/v2/codes', { merchantPaymentId: `after-race-${kind}-${count}`, amount: jpy(300), codeType: 'ORDER_QR', requestedAt: epochNow() }))
        .status,
    ).toBe(201)
    await a.opa.delete(`/sandbox/api/snapshots/${snapshotId}`)
  }

  it('30 mixed calls at once: no 5xx, each applied whole, the sandbox ends as one of them left it', async () => {
    await race([a.opa], 30)
  })

  it.runIf(kind === 'postgres')("the same across two processes on one database (the lock is the database's)", async () => {
    // a second app with its own pool and clock, on the same PostgreSQL database: as a second server process
    const { rows } = (await t.deps.store.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }
    const name = rows[0]!.name
    const url = new URL(process.env.TEST_DATABASE_URL!)
    url.pathname = `/${name}`
    const store = await openStore({ databaseUrl: url.toString(), poolSize: 10, migrate: false })
    try {
      const log = createLogger('silent')
      const other = createApp({ ...t.deps, store, clock: createClock(), log, analytics: createAnalyticsSink(log) })
      const otherOpa = opaClient({ request: (path, init) => other.request(path, init), apiKey: a.apiKey, apiSecret: a.apiSecret, merchantId: a.merchantId })
      await race([a.opa, otherOpa], 30)
    } finally {
      await store.close()
    }
  })
})
