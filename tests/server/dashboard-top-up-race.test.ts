import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limits } from '../../src/domain/limits.ts'
import { sandboxStateRepo } from '../../src/server/store/sandbox-state-repo.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { storeKinds } from '../support/store.ts'
import { developer } from './devtools-helpers.ts'

/**
 * The dashboard's monthly top-up of every test user (PUT /dev/user/v1merchantBalance) is an engine command that runs
 * in the engine's transaction, the merchant's sandbox-state lock taken shared first (issue 29; docs/sandbox-state.md):
 * it runs wholly before or wholly after a reset, seed or restore of the merchant. Before, it took no lock, and a
 * top-up sent while a restore was under way on PostgreSQL spent the month and credited no one: its UPDATE waited for
 * the restore's deleted rows, then saw none of the rows the restore put back.
 */
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
type UserView = { test_user_id: string; balance: number }

describe.each(storeKinds())('the dashboard top-up beside a restore [%s]', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(() => t.close())

  it("waits for a restore holding the merchant's lock, then credits the users it put back", async () => {
    const d = await developer(t)
    const usersNow = async () => (await t.json('GET', '/v1/homeDboard/getMerchantUsers', undefined, d.auth)).body.data.test_users as UserView[]
    const before = await usersNow()
    const db = t.deps.store.db
    const rows = await sandboxStateRepo(db).rowsOf(d.merchantId)

    // a restore of the same rows as state/sandbox-state.ts runs it (lock, empty, insert), held open before its commit
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let holding!: () => void
    const held = new Promise<void>((resolve) => (holding = resolve))
    const restore = db.transaction(async (tx) => {
      const repo = sandboxStateRepo(tx)
      await repo.lockSandboxState(d.merchantId)
      await repo.clear(d.merchantId)
      await repo.insertRows(rows)
      holding()
      await gate
    })
    await held

    let settled = false
    const topUp = t.json('PUT', '/dev/user/v1merchantBalance', undefined, d.auth).finally(() => (settled = true))
    await delay(400)
    expect(settled).toBe(false)
    release()
    await restore

    const answer = await topUp
    expect([answer.status, answer.body.resultInfo.code]).toEqual([200, 'SUCCESS'])
    const credited = before.map((u) => ({ test_user_id: u.test_user_id, balance: u.balance + limits.sandbox.topUpAmount }))
    expect((answer.body.data.test_users as UserView[]).map(({ test_user_id, balance }) => ({ test_user_id, balance }))).toEqual(credited)
    expect((await usersNow()).map(({ test_user_id, balance }) => ({ test_user_id, balance }))).toEqual(credited)
    // the month is spent once
    expect((await t.json('PUT', '/dev/user/v1merchantBalance', undefined, d.auth)).body.resultInfo.code).toBe('MERCHANT_TOP_UP_LIMIT')
  })
})
