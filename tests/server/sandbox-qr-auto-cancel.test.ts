import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limits } from '../../src/domain/limits.ts'
import { createApp } from '../../src/server/app.ts'
import { createClock } from '../../src/server/clock.ts'
import type { SandboxEngine } from '../../src/server/modules/sandbox/engine/index.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy, opaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { developer, type Developer } from './devtools-helpers.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'

/** Spec §4 (issue 14): paid test QR payments cancel themselves within a minute; a Settings switch turns it off. */
describe.each(storeKinds())('paid test QR payments cancel themselves [%s]', (kind) => {
  let t: TestApp
  let d: Developer
  let seq = 0

  beforeAll(async () => {
    t = await createTestApp(kind)
    d = await developer(t)
  })
  afterAll(() => t.close())

  const paid = async () => {
    const id = `AUTO-${kind}-${++seq}`
    const code = await d.opa.post('/v2/codes', { merchantPaymentId: id, amount: jpy(400), codeType: 'ORDER_QR', requestedAt: epochNow() })
    expect(code.status).toBe(201)
    const engine = t.deps.sandbox
    const hanako = (await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(d.merchantId))).find((u) => u.username === 'hanako')!
    await sandboxCommands.codes.payCode(engine.ctx, { codeId: code.body.data.codeId, testUserId: hanako.id })
    return { id, hanako, engine }
  }
  const balanceOf = async (engine: SandboxEngine, userId: string) =>
    (await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(d.merchantId))).find((u) => u.id === userId)!.balance

  it('on by default: a minute on the sandbox clock after paying, the payment is FAILED and the money is back', async () => {
    expect((await t.json('GET', '/dev/v1/configSettings/getSettings', undefined, d.auth)).body.data.qr_auto_cancel).toBe(true)
    const { id, hanako, engine } = await paid()
    const afterPaying = await balanceOf(engine, hanako.id)
    expect((await d.opa.get(`/v2/codes/payments/${id}`)).body.data.status).toBe('COMPLETED')
    await d.opa.post('/sandbox/api/clock', { advanceMs: limits.sandbox.qrAutoCancelMs - 5_000 })
    expect((await d.opa.get(`/v2/codes/payments/${id}`)).body.data.status).toBe('COMPLETED')
    await d.opa.post('/sandbox/api/clock', { advanceMs: 10_000 })
    // a restarted process over the same store sees the same (the clock is in the store, the instant on the row)
    const restarted = createApp({ ...t.deps, clock: createClock() })
    const again = opaClient({ request: (p, i) => restarted.request(p, i), apiKey: d.apiKey, apiSecret: d.apiSecret, merchantId: d.merchantId })
    expect((await again.get(`/v2/codes/payments/${id}`)).body.data.status).toBe('FAILED')
    expect(await balanceOf(engine, hanako.id)).toBe(afterPaying + 400)
    // a canceled payment cannot be refunded
    const refund = await d.opa.post('/v2/refunds', {
      merchantRefundId: `R-${id}`,
      paymentId: (await d.opa.get(`/v2/codes/payments/${id}`)).body.data.paymentId,
      amount: jpy(400),
      requestedAt: epochNow(),
    })
    expect(refund.status).toBe(400)
    await d.opa.post('/sandbox/api/clock', { reset: true })
  })

  it('the Settings switch turns it off for payments made while it is off; the settings call shows it', async () => {
    const off = await t.json('PATCH', '/dev/v1/configSettings/updateSettings', { qr_auto_cancel: false }, d.auth)
    expect(off.status).toBe(200)
    expect(off.body.data.qr_auto_cancel).toBe(false)
    expect((await t.json('GET', '/dev/v1/configSettings/getSettings', undefined, d.auth)).body.data.qr_auto_cancel).toBe(false)
    const kept = await paid()
    // switched on again: the payment made while off stays paid
    expect((await t.json('PATCH', '/dev/v1/configSettings/updateSettings', { qr_auto_cancel: true }, d.auth)).body.data.qr_auto_cancel).toBe(true)
    const canceled = await paid()
    await d.opa.post('/sandbox/api/clock', { advanceMs: 2 * limits.sandbox.qrAutoCancelMs })
    expect((await d.opa.get(`/v2/codes/payments/${kept.id}`)).body.data.status).toBe('COMPLETED')
    expect((await d.opa.get(`/v2/codes/payments/${canceled.id}`)).body.data.status).toBe('FAILED')
    await d.opa.post('/sandbox/api/clock', { reset: true })
    expect((await t.json('PATCH', '/dev/v1/configSettings/updateSettings', { qr_auto_cancel: 'no' }, d.auth)).status).toBe(400)
  })

  it("the dashboard moves the same clock (kept in the store), for the signed-in developer's merchant only", async () => {
    const moved = await t.json('POST', '/dev/v1/sandbox/clock', { advanceMs: 3_600_000 }, d.auth)
    expect(moved.status).toBe(200)
    expect(moved.body.data.merchantId).toBe(d.merchantId)
    expect(moved.body.data.nowMs - Date.now()).toBeGreaterThan(3_590_000)
    expect((await d.opa.get('/sandbox/api/clock')).body.data.nowMs - Date.now()).toBeGreaterThan(3_590_000)
    const stranger = await developer(t)
    expect(Math.abs((await t.json('GET', '/dev/v1/sandbox/clock', undefined, stranger.auth)).body.data.nowMs - Date.now())).toBeLessThan(60_000)
    expect((await t.json('POST', '/dev/v1/sandbox/clock', { advanceMs: 1 }, { ...stranger.auth, 'X-ASSUME-MERCHANT': d.merchantId })).status).toBe(403)
    expect((await t.json('POST', '/dev/v1/sandbox/clock', { advanceMs: -1 }, d.auth)).status).toBe(400)
    expect((await t.json('POST', '/dev/v1/sandbox/clock', { reset: true }, d.auth)).body.data.nowMs - Date.now()).toBeLessThan(60_000)
  })
})
