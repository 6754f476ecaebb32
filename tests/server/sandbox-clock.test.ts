import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app.ts'
import { createClock } from '../../src/server/clock.ts'
import { limits } from '../../src/domain/limits.ts'
import { demoShopApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy, linkTestUser, opaClient, type OpaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'

describe.each(storeKinds())('sandbox clock kept in the store [%s]', (kind) => {
  let t: TestApp
  let opa: OpaClient

  beforeAll(async () => {
    ;({ t, opa } = await demoShopApp(kind))
  })
  afterAll(() => t.close())

  it('survives a restart (a new process over the same store) and still expires a pre-auth and a QR code', async () => {
    const { userAuthorizationId } = await linkTestUser(t, 'taro')
    const preauthId = `CLK-PA-${kind}`
    const codeId = `CLK-QR-${kind}`
    const pre = await opa.post('/v2/payments/preauthorize?agreeSimilarTransaction=true', {
      merchantPaymentId: preauthId,
      userAuthorizationId,
      amount: jpy(300),
      requestedAt: epochNow(),
      orderDescription: 'Cake',
      expiresAt: epochNow() + 3600,
    })
    expect(pre.body.data.status).toBe('AUTHORIZED')
    const code = await opa.post('/v2/codes', { merchantPaymentId: codeId, amount: jpy(500), codeType: 'ORDER_QR', requestedAt: epochNow() })
    expect(code.status).toBe(201)
    expect((await opa.get(`/v2/codes/payments/${codeId}`)).body.data.status).toBe('CREATED')

    const moved = await opa.post('/sandbox/api/clock', { advanceMs: 3601_000 })
    expect(moved.body.data.nowMs - Date.now()).toBeGreaterThan(3600_000)
    expect(3601_000).toBeGreaterThan(limits.sandbox.qrCodeLifetimeMs)

    // a restart: a fresh process (its clock knows no offsets) over the same store
    const restarted = createApp({ ...t.deps, clock: createClock() })
    const again = opaClient({ request: (path, init) => restarted.request(path, init) })
    const clock = await again.get('/sandbox/api/clock')
    expect(clock.body.data.nowMs - Date.now()).toBeGreaterThan(3600_000)
    expect((await again.get(`/v2/payments/${preauthId}`)).body.data.status).toBe('EXPIRED')
    const qr = await again.get(`/v2/codes/payments/${codeId}`)
    // an unpaid code past its lifetime is no longer usable: the published answer is DYNAMIC_QR_PAYMENT_NOT_FOUND
    expect([qr.status, qr.body.resultInfo.code]).toEqual([400, 'DYNAMIC_QR_PAYMENT_NOT_FOUND'])

    // reset returns to real time, in the store too
    await again.post('/sandbox/api/clock', { reset: true })
    const fresh = createApp({ ...t.deps, clock: createClock() })
    const third = opaClient({ request: (path, init) => fresh.request(path, init) })
    expect(Math.abs((await third.get('/sandbox/api/clock')).body.data.nowMs - Date.now())).toBeLessThan(60_000)
    await opa.post('/sandbox/api/clock', { reset: true })
  })
})
