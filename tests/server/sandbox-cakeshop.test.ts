import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { merchantRepo } from '../../src/server/store/merchant-repo.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { jpy, opaClient, type OpaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { formAction, testUserChoices, textOf, walletBrowser } from '../support/wallet-browser.ts'

/**
 * Issue 4 "Done means": the cake-shop flow from the outside. A merchant script signs its requests with its
 * own sandbox key, creates a code, a test user pays it on the wallet page, polling shows COMPLETED, and a
 * refund makes it REFUNDED — with the test user's balance following along.
 */
describe.each(storeKinds())('the cake shop takes a payment through the sandbox [%s]', (kind) => {
  let t: TestApp
  let shop: OpaClient
  let merchantId: string
  const origin = 'http://localhost'

  beforeAll(async () => {
    t = await createTestApp(kind)
    const merchants = merchantRepo(t.deps.store.db)
    const merchant = await merchants.create({ name: 'Patisserie Hoshi', products: ['webcashier', 'qrcode', 'appinvoke'] })
    const key = await merchants.issueCredential(merchant.id)
    merchantId = merchant.id
    shop = opaClient({ request: (path, init) => t.app.request(path, init), apiKey: key.apiKey, apiSecret: key.apiSecret, merchantId })
  })
  afterAll(() => t.close())

  it('code → paid by a test user on the wallet page → COMPLETED → refunded → REFUNDED', async () => {
    const merchantPaymentId = `cake-${kind}-${Date.now()}`
    const created = await shop.post('/v2/codes', {
      merchantPaymentId,
      amount: jpy(1800),
      codeType: 'ORDER_QR',
      orderDescription: 'Strawberry shortcake ×2, Mont Blanc ×1',
      orderItems: [
        { name: 'Strawberry shortcake', quantity: 2, unitPrice: jpy(600) },
        { name: 'Mont Blanc', quantity: 1, unitPrice: jpy(600) },
      ],
      requestedAt: Math.floor(Date.now() / 1000),
    })
    expect(created.status).toBe(201)
    expect(created.body.resultInfo.code).toBe('SUCCESS')
    const url = new URL(created.body.data.url)
    expect(url.pathname).toBe(`/sandbox/cashier/${created.body.data.codeId}`)

    // Before anyone pays, polling says CREATED.
    const before = await shop.get(`/v2/codes/payments/${merchantPaymentId}`)
    expect(before.status).toBe(200)
    expect(before.body.data.status).toBe('CREATED')

    // A customer opens the code's url in a browser and sees the order.
    const browser = walletBrowser((u, init) => t.app.request(u, init), origin)
    const cashier = await browser.get(url.pathname)
    expect(cashier.status).toBe(200)
    const page = textOf(cashier.html)
    expect(page).toContain('Patisserie Hoshi')
    expect(page).toContain('Strawberry shortcake')
    expect(page).toContain('￥1,800')

    // …signs in as a seeded test user and pays from the balance.
    const users = testUserChoices(cashier.html)
    const taroId = users.get('taro')
    expect(taroId).toBeDefined()
    const usersPage = `/sandbox/merchants/${merchantId}/test-users`
    const balanceBefore = balanceOf(textOf((await browser.get(usersPage)).html), 'taro')
    const signIn = await browser.post(formAction(cashier.html, '/sign-in'), { testUserId: taroId! })
    expect(signIn.status).toBe(303)
    const signedIn = await browser.get(url.pathname)
    expect(textOf(signedIn.html)).toContain('taro')
    const paid = await browser.post(formAction(signedIn.html, '/pay'))
    expect(paid.status).toBe(303)
    const done = await browser.get(paid.location!)
    expect(done.html).toContain('data-status="COMPLETED"')
    expect(textOf(done.html)).toContain(merchantPaymentId)

    // The shop's polling now shows COMPLETED, and taro's balance dropped by the amount.
    const polled = await shop.get(`/v2/codes/payments/${merchantPaymentId}`)
    expect(polled.body.data).toMatchObject({ status: 'COMPLETED', merchantPaymentId, amount: jpy(1800) })
    expect(polled.body.data.acceptedAt).toEqual(expect.any(Number))
    const paymentId: string = polled.body.data.paymentId
    expect(balanceOf(textOf((await browser.get(usersPage)).html), 'taro')).toBe(balanceBefore - 1800)

    // A refund makes it REFUNDED and gives taro the money back.
    const merchantRefundId = `refund-${merchantPaymentId}`
    const refund = await shop.post('/v2/refunds', {
      merchantRefundId,
      paymentId,
      amount: jpy(1800),
      requestedAt: Math.floor(Date.now() / 1000),
      reason: 'Customer changed their mind',
    })
    expect(refund.status).toBe(200)
    expect(refund.body.data).toMatchObject({ merchantRefundId, paymentId, amount: jpy(1800) })
    const after = await shop.get(`/v2/codes/payments/${merchantPaymentId}`)
    expect(after.body.data.status).toBe('REFUNDED')
    expect(after.body.data.refunds.data).toEqual([expect.objectContaining({ merchantRefundId, paymentId })])
    const readRefund = await shop.get(`/v2/refunds/${merchantRefundId}?paymentId=${paymentId}`)
    expect(readRefund.status).toBe(200)
    expect(readRefund.body.data).toMatchObject({ merchantRefundId, paymentId, status: 'REFUNDED' })
    expect(balanceOf(textOf((await browser.get(usersPage)).html), 'taro')).toBe(balanceBefore)

    // The wallet page of the code now says it was refunded.
    expect((await browser.get(url.pathname)).html).toContain('data-status="REFUNDED"')
  })

  it('the same merchant script meets the published errors: short balance, duplicate code, bad signature', async () => {
    const merchantPaymentId = `cake-short-${kind}-${Date.now()}`
    const created = await shop.post('/v2/codes', { merchantPaymentId, amount: jpy(5000), codeType: 'ORDER_QR' })
    const path = new URL(created.body.data.url).pathname
    const browser = walletBrowser((u, init) => t.app.request(u, init), origin)
    const cashier = await browser.get(path)
    await browser.post(formAction(cashier.html, '/sign-in'), { testUserId: testUserChoices(cashier.html).get('jiro')! })
    const short = await browser.post(formAction((await browser.get(path)).html, '/pay'))
    expect(short.status).toBe(400)
    expect(short.html).toContain('NO_SUFFICIENT_FUND')
    expect((await shop.get(`/v2/codes/payments/${merchantPaymentId}`)).body.data.status).toBe('CREATED')

    const forged = await shop.post(
      '/v2/codes',
      { merchantPaymentId: `${merchantPaymentId}-x`, amount: jpy(1), codeType: 'ORDER_QR' },
      { apiSecret: 'not-the-secret' },
    )
    expect(forged.status).toBe(401)
    expect(forged.body.resultInfo).toMatchObject({ code: 'UNAUTHORIZED', codeId: '08100016' })

    const again = await shop.post('/v2/codes', { merchantPaymentId, amount: jpy(5000), codeType: 'ORDER_QR' })
    expect(again.status).toBe(400)
    expect(again.body.resultInfo).toMatchObject({ code: 'DUPLICATE_DYNAMIC_QR_REQUEST', codeId: '01652073' })
  })
})

/** The balance shown for `username` on the test-users page text (e.g. "taro 残高 ￥100,000"). */
function balanceOf(pageText: string, username: string): number {
  const match = new RegExp(`${username} (?:残高|Balance) ￥([\\d,]+)`).exec(pageText)
  if (!match) throw new Error(`no balance for ${username} in: ${pageText}`)
  return Number(match[1]!.replace(/,/g, ''))
}
