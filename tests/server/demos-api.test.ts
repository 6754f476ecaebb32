import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoApiPaths as P } from '../../src/domain/demo-api.ts'
import { limits } from '../../src/domain/limits.ts'
import { demoMerchant } from '../../src/server/modules/sandbox/engine/seed.ts'
import { merchantRepo } from '../../src/server/store/merchant-repo.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy, opaClient, type OpaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'

/**
 * The payment demos' API (spec §7 `/v1/demos/*`, `/v1/webApp/login`, `/v1/opa/getClientInfo`; issue 13): no
 * account, the PayLab demo merchant, demo ids only, the sandbox's own answers, the per-client rate limit.
 */
describe.each(storeKinds())('demo API of the payment demos [%s]', (kind) => {
  let t: TestApp
  let other: OpaClient
  let demoOpa: OpaClient
  const demoId = () => `${limits.demo.merchantPaymentIdPrefix}${randomBytes(12).toString('hex')}`
  const qrBody = (merchantPaymentId = demoId(), amount = 1) => ({
    merchantPaymentId,
    amount: jpy(amount),
    codeType: 'ORDER_QR',
    orderDescription: 'Strawberry shortcake',
  })
  const engine = () => t.deps.sandbox
  const userNamed = async (name: string) =>
    (await sandboxCommands.testUsers.listTestUsers(engine().forMerchant(demoMerchant.id))).find((u) => u.username === name)!

  beforeAll(async () => {
    t = await createTestApp(kind)
    const merchants = merchantRepo(t.deps.store.db)
    const merchant = await merchants.create({ name: 'Another shop', products: [] })
    const key = await merchants.issueCredential(merchant.id)
    other = opaClient({ request: (path, init) => t.app.request(path, init), apiKey: key.apiKey, apiSecret: key.apiSecret, merchantId: merchant.id })
    demoOpa = opaClient({ request: (path, init) => t.app.request(path, init) })
    await demoOpa.get('/sandbox/api/clock')
  })
  afterAll(() => t.close())

  it('names the demo merchant in getClientInfo, without any secret', async () => {
    const res = await t.json('GET', P.clientInfo)
    expect(res.status).toBe(200)
    expect(res.body.data.data).toMatchObject({ merchantId: demoMerchant.id, merchantName: demoMerchant.name, apiKey: demoMerchant.apiKey })
    expect(JSON.stringify(res.body)).not.toContain(demoMerchant.apiSecret)
  })

  it('QR: createQR → detail CREATED → a test user pays on the cashier → COMPLETED → refund restores the balance', async () => {
    const before = (await userNamed('hanako')).balance
    const merchantPaymentId = demoId()
    const created = await t.json('POST', P.createQr, qrBody(merchantPaymentId))
    expect(created.status).toBe(201)
    expect(created.headers.get('x-paylab-forwarded-to')).toBe('POST /v2/codes')
    expect(created.body.data.url).toMatch(/\/sandbox\/cashier\//)
    expect((await t.json('GET', `${P.qrDetail}/${merchantPaymentId}`)).body.data.status).toBe('CREATED')

    await sandboxCommands.codes.payCode(engine().ctx, { codeId: created.body.data.codeId, testUserId: (await userNamed('hanako')).id })
    const paid = await t.json('GET', `${P.qrDetail}/${merchantPaymentId}`)
    expect(paid.body.data.status).toBe('COMPLETED')
    expect((await userNamed('hanako')).balance).toBe(before - 1)

    const refund = await t.json('POST', P.refunds, {
      merchantRefundId: `DEVELOPER-PANEL-REFUND-${randomBytes(8).toString('hex')}`,
      paymentId: paid.body.data.paymentId,
      amount: jpy(1),
      requestedAt: epochNow(),
    })
    expect(refund.status).toBe(200)
    expect(refund.body.resultInfo.code).toBe('SUCCESS')
    expect((await userNamed('hanako')).balance).toBe(before)
    expect((await t.json('GET', `${P.qrDetail}/${merchantPaymentId}`)).body.data.status).toBe('REFUNDED')
  })

  it('deletes an unpaid demo code; its payment is gone', async () => {
    const merchantPaymentId = demoId()
    const created = await t.json('POST', P.createQr, qrBody(merchantPaymentId))
    const deleted = await t.json('DELETE', `${P.deleteQr}/${created.body.data.codeId}`)
    expect(deleted.status).toBe(200)
    expect((await t.json('GET', `${P.qrDetail}/${merchantPaymentId}`)).body.resultInfo.code).toBe('DYNAMIC_QR_PAYMENT_NOT_FOUND')
  })

  it('direct debit: login → consent page → responseToken → parseJWT gives the link → payWithDirectDebit COMPLETED → cancel', async () => {
    const login = await t.json('POST', P.login, { scopes: ['direct_debit'] })
    expect(login.status).toBe(200)
    const consent = await t.app.request(new URL(login.body.data.url).pathname + new URL(login.body.data.url).search)
    expect(consent.status).toBe(302)
    const sessionId = consent.headers.get('location')!.split('/sandbox/authorize/')[1]!
    const approved = await sandboxCommands.authorizations.approveAuthorization(engine().ctx, { sessionId, testUserId: (await userNamed('taro')).id })
    expect(approved.redirectUrl).toContain('/demo/checkout/loading?responseToken=')
    const responseToken = new URL(approved.redirectUrl).searchParams.get('responseToken')!
    // the page the consent returns to says so in both languages (server catalog, demo.returningToShop)
    const loading = await t.app.request(new URL(approved.redirectUrl).pathname)
    expect(await loading.text()).toContain('<p lang="ja">ショップに戻っています…<br><span lang="en">Returning to the shop…</span></p>')

    const link = await t.json('POST', P.parseJwt, { responseToken })
    expect(link.status).toBe(200)
    expect(link.body.data.userAuthorizationId).toBe(approved.userAuthorizationId)
    expect(link.body.data.phoneNumber).toEqual(expect.any(String))

    const merchantPaymentId = demoId()
    const before = (await userNamed('taro')).balance
    const pay = await t.json('POST', `${P.pay}?agreeSimilarTransaction=true`, {
      merchantPaymentId,
      userAuthorizationId: link.body.data.userAuthorizationId,
      amount: jpy(1),
      requestedAt: epochNow(),
    })
    expect(pay.status).toBe(201)
    expect(pay.body.data.status).toBe('COMPLETED')
    expect((await userNamed('taro')).balance).toBe(before - 1)
    expect((await t.json('GET', `${P.qrDetail}/${merchantPaymentId}`)).body.data.status).toBe('COMPLETED')
    const cancel = await t.json('DELETE', `${P.cancel}/${merchantPaymentId}`)
    expect(cancel.status).toBe(202)
    expect((await userNamed('taro')).balance).toBe(before)
  })

  it('autoDebitId links the demo payer once; the id pays', async () => {
    const first = await t.json('GET', P.autoDebitId)
    const second = await t.json('GET', P.autoDebitId)
    expect(first.status).toBe(200)
    expect(second.body.data.userAuthorizationId).toBe(first.body.data.userAuthorizationId)
    const pay = await t.json('POST', P.pay, {
      merchantPaymentId: demoId(),
      userAuthorizationId: first.body.data.userAuthorizationId,
      amount: jpy(1),
      requestedAt: epochNow(),
    })
    expect(pay.body.data?.status, JSON.stringify(pay.body)).toBe('COMPLETED')
  })

  it('cashback (phone-mock panel): gives the linked demo payer money on their balance; demo ids and amounts only', async () => {
    const link = (await t.json('GET', P.autoDebitId)).body.data
    const before = (await userNamed('taro')).balance
    const id = demoId()
    const given = await t.json('POST', P.cashback, {
      merchantCashbackId: id,
      userAuthorizationId: link.userAuthorizationId,
      amount: jpy(7),
      requestedAt: epochNow(),
    })
    expect(given.status, JSON.stringify(given.body)).toBeLessThan(300)
    expect(given.headers.get('X-PAYLAB-FORWARDED-TO')).toBe('POST /v2/cashback')
    expect((await userNamed('taro')).balance).toBe(before + 7)
    const stranger = await t.json('POST', P.cashback, {
      merchantCashbackId: 'MY-CASHBACK-1',
      userAuthorizationId: link.userAuthorizationId,
      amount: jpy(7),
      requestedAt: epochNow(),
    })
    const tooMuch = await t.json('POST', P.cashback, {
      merchantCashbackId: demoId(),
      userAuthorizationId: link.userAuthorizationId,
      amount: jpy(101),
      requestedAt: epochNow(),
    })
    for (const refused of [stranger, tooMuch]) expect([refused.status, refused.body.resultInfo.code]).toEqual([400, 'INVALID_PARAMS'])
    expect((await userNamed('taro')).balance).toBe(before + 7)
  })

  it('refuses bad input with the error shape: amounts outside 1–100, ids without the demo prefix or over 64, strangers, bad JSON', async () => {
    const bad = [
      await t.json('POST', P.createQr, qrBody(demoId(), 101)),
      await t.json('POST', P.createQr, qrBody(demoId(), 0)),
      await t.json('POST', P.createQr, qrBody('SHOP-ORDER-1')),
      await t.json('POST', P.createQr, qrBody(`${limits.demo.merchantPaymentIdPrefix}${'x'.repeat(64)}`)),
      await t.json('POST', P.createQr, { ...qrBody(), redirectUrl: 'https://evil.example' }),
      await t.json('POST', P.createQr, '{"merchantPaymentId":'),
      await t.json('POST', P.createQr),
      await t.json('POST', P.pay, { merchantPaymentId: demoId(), userAuthorizationId: 'x', amount: jpy(1) }),
      await t.json('POST', `${P.pay}?agreeSimilarTransaction=maybe`, {
        merchantPaymentId: demoId(),
        userAuthorizationId: 'x',
        amount: jpy(1),
        requestedAt: epochNow(),
      }),
      await t.json('POST', P.refunds, { merchantRefundId: 'REFUND-1', paymentId: 'p', amount: jpy(1), requestedAt: epochNow() }),
      await t.json('GET', `${P.qrDetail}/SHOP-ORDER-1`),
      await t.json('DELETE', `${P.cancel}/${'DEVELOPER-PANEL-DEMO-'}${'y'.repeat(50)}`),
      await t.json('DELETE', `${P.deleteQr}/${encodeURIComponent('a b')}`),
      await t.json('POST', P.login, { scopes: ['everything'] }),
      await t.json('POST', P.login, { redirectUrl: 'https://evil.example/loading' }),
      await t.json('POST', P.parseJwt, { responseToken: 'not.a.token' }),
      await t.json('POST', P.parseJwt, {}),
    ]
    for (const res of bad) {
      expect(res.status, JSON.stringify(res.body)).toBe(400)
      expect(res.body.resultInfo).toMatchObject({ code: expect.any(String), message: expect.any(String), codeId: expect.any(String) })
    }
    expect(bad[0]!.body.resultInfo.code).toBe('INVALID_PARAMS')
  })

  it("never reaches another merchant's orders, nor the demo merchant's non-demo orders", async () => {
    // another merchant's order, even with a demo-looking id
    const foreignId = demoId()
    const foreign = await other.post('/v2/codes', qrBody(foreignId))
    expect(foreign.status).toBe(201)
    expect((await t.json('GET', `${P.qrDetail}/${foreignId}`)).body.resultInfo.code).toBe('DYNAMIC_QR_PAYMENT_NOT_FOUND')
    // the sandbox accepts a cancel of an unknown order (cancel is asynchronous): the foreign order is untouched
    await t.json('DELETE', `${P.cancel}/${foreignId}`)
    const del = await t.json('DELETE', `${P.deleteQr}/${foreign.body.data.codeId}`)
    expect(del.status).toBe(404)
    expect(del.body.resultInfo.code).toBe('DYNAMIC_QR_NOT_FOUND')
    expect((await other.get(`/v2/codes/payments/${foreignId}`)).body.data.status).toBe('CREATED')

    // the demo merchant's own order made with its public key, not by a demo
    const plainId = `SAMPLE-${randomBytes(8).toString('hex')}`
    const plain = await demoOpa.post('/v2/codes', qrBody(plainId))
    expect(plain.status).toBe(201)
    const delPlain = await t.json('DELETE', `${P.deleteQr}/${plain.body.data.codeId}`)
    expect(delPlain.status).toBe(404)
    await sandboxCommands.codes.payCode(engine().ctx, { codeId: plain.body.data.codeId, testUserId: (await userNamed('hanako')).id })
    const paid = await demoOpa.get(`/v2/codes/payments/${plainId}`)
    expect(paid.body.data.status).toBe('COMPLETED')
    const refund = await t.json('POST', P.refunds, {
      merchantRefundId: `DEVELOPER-PANEL-REFUND-${randomBytes(8).toString('hex')}`,
      paymentId: paid.body.data.paymentId,
      amount: jpy(1),
      requestedAt: epochNow(),
    })
    expect(refund.status).toBe(404)
    expect(refund.body.resultInfo.code).toBe('RESOURCE_NOT_FOUND')
    expect((await demoOpa.get(`/v2/codes/payments/${plainId}`)).body.data.status).toBe('COMPLETED')
  })

  it('refuses a response token of another merchant or a declined consent', async () => {
    const merchants = merchantRepo(t.deps.store.db)
    const stranger = await merchants.create({ name: 'Stranger', products: [] })
    const key = await merchants.issueCredential(stranger.id)
    const { SignJWT } = await import('jose')
    const forged = await new SignJWT({ result: 'succeeded', userAuthorizationId: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(demoMerchant.apiKey)
      .setExpirationTime(epochNow() + 60)
      .sign(new Uint8Array(Buffer.from(key.apiSecret, 'base64')))
    expect((await t.json('POST', P.parseJwt, { responseToken: forged })).status).toBe(400)

    const login = await t.json('POST', P.login, {})
    const consent = await t.app.request(new URL(login.body.data.url).pathname + new URL(login.body.data.url).search)
    const sessionId = consent.headers.get('location')!.split('/sandbox/authorize/')[1]!
    const declined = await sandboxCommands.authorizations.denyAuthorization(engine().ctx, { sessionId })
    const res = await t.json('POST', P.parseJwt, { responseToken: declined.responseToken })
    expect(res.status).toBe(400)
    expect(res.body.resultInfo.code).toBe('INVALID_PARAMS')
  })

  it('holds each client to the per-minute limit with 429 RATE_LIMIT; other clients go on', async () => {
    const as = (address: string) => ({ incoming: { socket: { remoteAddress: address } } })
    const get = (address: string) => t.app.request(P.clientInfo, {}, as(address))
    for (let i = 0; i < limits.demo.requestsPerMinute; i++) expect((await get('10.9.9.1')).status).toBe(200)
    const over = await get('10.9.9.1')
    expect(over.status).toBe(429)
    expect((await over.json()).resultInfo.code).toBe('RATE_LIMIT')
    expect((await get('10.9.9.2')).status).toBe(200)
  })

  it('describes every demo call in /openapi.json', async () => {
    const paths = (await t.json('GET', '/openapi.json')).body.paths
    for (const [method, path] of [
      ['post', P.login],
      ['get', P.clientInfo],
      ['post', P.pay],
      ['delete', `${P.deleteQr}/{id}`],
      ['delete', `${P.cancel}/{id}`],
      ['post', P.refunds],
      ['post', P.createQr],
      ['get', `${P.qrDetail}/{id}`],
      ['get', P.autoDebitId],
      ['post', P.parseJwt],
      ['post', P.cashback],
    ] as const) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined()
    }
  })
})
