import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limits } from '../../src/domain/limits.ts'
import { demoMerchant } from '../../src/server/modules/sandbox/engine/seed.ts'
import { demoShopApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy, linkTestUser, type OpaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'

// Finding 5: 500s on input the schemas accepted (amounts past 32 bits, a balance pushed past them, NUL, deeply
// nested metadata, a broken multipart wallet form). Finding 8: create QR took merchantPaymentIds that the read
// and cancel endpoints then refuse.

/** JSON text of a value nested `depth` objects deep. */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}"x"${'}'.repeat(depth)}`

describe.each(storeKinds())('input bounds [%s]', (kind) => {
  let t: TestApp
  let opa: OpaClient
  let seq = 0
  const id = (tag: string) => `${tag}-${kind}-${++seq}`

  beforeAll(async () => {
    ;({ t, opa } = await demoShopApp(kind))
  })
  afterAll(() => t.close())

  it('takes every amount of the published range (up to 11 digits), and keeps it exact', async () => {
    for (const amount of [2_147_483_647, 2_147_483_648, 99_999_999_999]) {
      const merchantPaymentId = id('BIG')
      const res = await opa.post('/v2/codes', { merchantPaymentId, amount: jpy(amount), codeType: 'ORDER_QR' })
      expect([res.status, res.body.data?.amount]).toEqual([201, jpy(amount)])
    }
    const over = await opa.post('/v2/codes', { merchantPaymentId: id('OVER'), amount: jpy(100_000_000_000), codeType: 'ORDER_QR' })
    expect(over.status).toBe(400)
  })

  it('a cashback may carry a balance past 32 bits; past the sandbox cap it is refused, never a 500', async () => {
    const { userAuthorizationId, testUserId } = await linkTestUser(t, 'hanako')
    const engine = t.deps.sandbox
    const before = (await sandboxCommands.testUsers.findTestUser(engine.ctx, { testUserId }))!.balance
    const given = await opa.post('/v2/cashback', { merchantCashbackId: id('CB'), userAuthorizationId, amount: jpy(99_999_999_999), requestedAt: epochNow() })
    expect(given.status).toBe(202)
    expect((await sandboxCommands.testUsers.findTestUser(engine.ctx, { testUserId }))!.balance).toBe(before + 99_999_999_999)
    const balance = await opa.get(`/v2/wallet/check_balance?userAuthorizationId=${userAuthorizationId}&amount=99999999999&currency=JPY`)
    expect(balance.body.data.hasEnoughBalance).toBe(true)
    // a balance at the cap: one more cashback is refused in the error shape
    await t.deps.store.db.execute(`update sandbox_test_users set balance = ${limits.sandbox.maxBalance - 1} where id = '${testUserId}'` as never)
    const capped = await opa.post('/v2/cashback', { merchantCashbackId: id('CB'), userAuthorizationId, amount: jpy(2), requestedAt: epochNow() })
    expect([capped.status, capped.body.resultInfo.code]).toEqual([400, 'INVALID_PARAMS'])
    expect(demoMerchant.id).toBeTruthy()
  })

  it('refuses a NUL (or any control character) in a body, a path or a query with 400, before the database', async () => {
    const bodies = [
      ['/v2/codes', { merchantPaymentId: id('NUL'), amount: jpy(10), codeType: 'ORDER_QR', orderDescription: 'cake\u0000' }],
      ['/v2/codes', { merchantPaymentId: id('NUL'), amount: jpy(10), codeType: 'ORDER_QR', storeId: '\u0007' }],
      ['/v2/refunds', { merchantRefundId: 'r1', paymentId: 'p\u0000', amount: jpy(1), requestedAt: epochNow() }],
    ] as const
    for (const [path, body] of bodies) {
      const res = await opa.post(path, body)
      expect([path, res.status]).toEqual([path, 400])
      expect(res.body.resultInfo.code).toMatch(/INVALID_PARAMS|DYNAMIC_QR_BAD_REQUEST/)
    }
    for (const path of [
      '/v2/refunds/%00abc',
      '/v2/cashback/a%00b',
      '/v2/user/authorizations?userAuthorizationId=%00',
      '/v2/codes/payments/x%1Fy',
      '/sandbox/cashier/%00',
    ]) {
      const res = await opa.get(path)
      expect([path, res.status, res.body.resultInfo.code]).toEqual([path, 400, 'INVALID_PARAMS'])
    }
    const account = await t.json('POST', '/v1/dpSignIn/authenticate', { email: 'a\u0000@example.com', password: 'x\u0000' })
    expect(account.status).toBe(400)
    expect((await t.json('GET', '/sandbox/mailbox.json?to=%00')).status).toBe(400)
  })

  it(`refuses metadata nested deeper than ${limits.input.metadataMaxDepth} or larger than ${limits.input.metadataMaxBytes} bytes, and any JSON deeper than ${limits.input.maxJsonDepth}`, async () => {
    const { userAuthorizationId } = await linkTestUser(t, 'taro')
    // bodies written as text: a 5,000-deep value is too deep for JSON.stringify in a test worker
    const withMetadata = (body: Record<string, unknown>, metadataJson: string) => `${JSON.stringify(body).slice(0, -1)},"metadata":${metadataJson}}`
    const pay = (metadataJson: string) =>
      opa.post('/v2/payments?agreeSimilarTransaction=true', undefined, {
        rawBody: withMetadata({ merchantPaymentId: id('META'), userAuthorizationId, amount: jpy(1), requestedAt: epochNow() }, metadataJson),
      })
    expect((await pay(nested(limits.input.metadataMaxDepth))).status).toBe(201)
    for (const metadata of [nested(limits.input.metadataMaxDepth + 1), nested(5_000), JSON.stringify({ blob: 'x'.repeat(limits.input.metadataMaxBytes) })]) {
      const res = await pay(metadata)
      expect([res.status, res.body.resultInfo.code]).toEqual([400, 'INVALID_PARAMS'])
    }
    const cashback = await opa.post('/v2/cashback', undefined, {
      rawBody: withMetadata({ merchantCashbackId: id('CB'), userAuthorizationId, amount: jpy(1), requestedAt: epochNow() }, nested(5_000)),
    })
    expect(cashback.status).toBe(400)
    const account = await t.json('POST', '/v1/dpSignup/createAccount', nested(5_000))
    expect([account.status, account.body.resultInfo.code]).toEqual([400, 'INVALID_PARAMS'])
  })

  it('a wallet form posted as broken multipart/form-data answers 400, never 500', async () => {
    const code = (await opa.post('/v2/codes', { merchantPaymentId: id('MP'), amount: jpy(10), codeType: 'ORDER_QR' })).body.data
    const path = `${new URL(code.url).pathname}/sign-in`
    for (const [type, body] of [
      ['multipart/form-data', 'testUserId=x'],
      ['multipart/form-data; boundary=zz', '--zz\r\nContent-Disposition: form-data; name="testUserId"\r\n\r\nabc'],
      ['multipart/form-data; boundary=', '--\r\n'],
      ['application/x-www-form-urlencoded', '%E0%A4%A=%ZZ&testUserId=%00'],
    ]) {
      const res = await t.app.request(path, { method: 'POST', headers: { 'content-type': type!, 'sec-fetch-site': 'same-origin' }, body })
      expect([type, res.status]).toEqual([type, 400])
    }
  })

  it('create QR takes only merchantPaymentIds the read and cancel endpoints accept', async () => {
    for (const merchantPaymentId of ['order 1', '注文-1', 'a.b', 'a/b', 'x'.repeat(65), '']) {
      const res = await opa.post('/v2/codes', { merchantPaymentId, amount: jpy(10), codeType: 'ORDER_QR' })
      expect([merchantPaymentId, res.status, res.body.resultInfo.code]).toEqual([merchantPaymentId, 400, 'DYNAMIC_QR_BAD_REQUEST'])
    }
    const ok = id('Order_1-a')
    expect((await opa.post('/v2/codes', { merchantPaymentId: ok, amount: jpy(10), codeType: 'ORDER_QR' })).status).toBe(201)
    expect((await opa.get(`/v2/codes/payments/${ok}`)).status).toBe(200)
    expect((await opa.delete(`/v2/payments/${ok}`)).status).toBe(202)
  })
})
