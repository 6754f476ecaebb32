import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { safeRedirectUrl } from '../../src/domain/merchant-urls.ts'
import { sandboxPayments } from '../../src/server/store/tables/sandbox.ts'
import { demoShopApp, type TestApp } from '../support/app.ts'
import { hostileUrls, notWebLinks } from '../support/hostile-urls.ts'
import { epochNow, jpy, type OpaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { formAction, testUserChoices, walletBrowser } from '../support/wallet-browser.ts'

// Finding 1: a redirectUrl such as "\tjavascript:…" was accepted for APP_DEEP_LINK, and the cashier's "Return
// to the app" ran it on the portal's origin.

describe('merchant URL check (domain)', () => {
  it.each(hostileUrls)('refuses %j for both redirect types', (url) => {
    expect(safeRedirectUrl(url, 'WEB_LINK')).toBeUndefined()
    expect(safeRedirectUrl(url, 'APP_DEEP_LINK')).toBeUndefined()
  })
  it.each(notWebLinks)('refuses %j as a WEB_LINK', (url) => expect(safeRedirectUrl(url, 'WEB_LINK')).toBeUndefined())
  it('takes https for both, an app scheme for APP_DEEP_LINK, http only on this machine', () => {
    expect(safeRedirectUrl('https://cafe.example/orders/42', 'WEB_LINK')).toBe('https://cafe.example/orders/42')
    expect(safeRedirectUrl('HTTPS://Cafe.Example/a', 'WEB_LINK')).toBe('https://cafe.example/a')
    expect(safeRedirectUrl('http://localhost:8080/done', 'WEB_LINK')).toBe('http://localhost:8080/done')
    expect(safeRedirectUrl('myshop://orders/1', 'APP_DEEP_LINK')).toBe('myshop://orders/1')
    expect(safeRedirectUrl('https://cafe.example/app', 'APP_DEEP_LINK')).toBe('https://cafe.example/app')
    expect(safeRedirectUrl('http://cafe.example/app', 'APP_DEEP_LINK')).toBeUndefined()
  })
})

describe.each(storeKinds())('hostile redirect URLs [%s]', (kind) => {
  let t: TestApp
  let opa: OpaClient
  let seq = 0
  const origin = 'http://localhost'

  beforeAll(async () => {
    ;({ t, opa } = await demoShopApp(kind))
  })
  afterAll(() => t.close())

  const createCode = (redirectUrl: string, redirectType: string) =>
    opa.post('/v2/codes', { merchantPaymentId: `URL-${kind}-${++seq}`, amount: jpy(100), codeType: 'ORDER_QR', redirectUrl, redirectType })

  it('POST /v2/codes refuses every hostile spelling, as APP_DEEP_LINK and as WEB_LINK', async () => {
    for (const url of hostileUrls) {
      for (const type of ['APP_DEEP_LINK', 'WEB_LINK']) {
        const res = await createCode(url, type)
        // control characters are refused for any JSON body (INVALID_PARAMS) before the schema names the field;
        // a WEB_LINK that is no safe HTTPS URL is a redirect the merchant may not use (spec §5: EXPECTATION_FAILED)
        expect([url, type, res.status]).toEqual([url, type, 400])
        expect(['DYNAMIC_QR_BAD_REQUEST', 'INVALID_PARAMS', 'EXPECTATION_FAILED']).toContain(res.body.resultInfo.code)
      }
    }
    for (const url of notWebLinks) expect((await createCode(url, 'WEB_LINK')).status).toBe(400)
    expect((await createCode('myshop://orders/1', 'APP_DEEP_LINK')).status).toBe(201)
    expect((await createCode('https://cafe.example/done', 'WEB_LINK')).status).toBe(201)
  })

  it('reauthorize and the account-link QR refuse them too', async () => {
    for (const url of hostileUrls.slice(0, 12)) {
      const reauth = await opa.post('/v2/payments/reauthorize', {
        requestId: `r${++seq}`,
        paymentId: 'p1',
        updatedAmount: jpy(10),
        redirectUrl: url,
        redirectType: 'APP_DEEP_LINK',
      })
      expect(reauth.status).toBe(400)
      const link = await opa.post('/v1/qr/sessions', {
        scopes: ['direct_debit'],
        nonce: 'n',
        redirectUrl: url,
        referenceId: 'r',
        redirectType: 'APP_DEEP_LINK',
      })
      expect(link.status).toBe(400)
    }
  })

  it('a hostile value stored before the check is rendered inert: no return button, no redirect', async () => {
    for (const [i, url] of ['\tjavascript:alert(1)', 'java\nscript:alert(1)', 'data:text/html,x'].entries()) {
      for (const type of ['APP_DEEP_LINK', 'WEB_LINK']) {
        const merchantPaymentId = `OLD-${kind}-${i}-${type}`
        const created = await opa.post('/v2/codes', { merchantPaymentId, amount: jpy(100), codeType: 'ORDER_QR', requestedAt: epochNow() })
        const row = (await t.deps.store.db.select().from(sandboxPayments).where(eq(sandboxPayments.merchantPaymentId, merchantPaymentId)))[0]!
        await t.deps.store.db
          .update(sandboxPayments)
          .set({ order: { ...row.order, redirectUrl: url, redirectType: type } })
          .where(eq(sandboxPayments.paymentId, row.paymentId))
        const browser = walletBrowser((u, init) => t.app.request(u, init), origin)
        const path = new URL(created.body.data.url).pathname
        const page = await browser.get(path)
        const taro = testUserChoices(page.html).get('taro')!
        await browser.post(formAction(page.html, '/sign-in'), { testUserId: taro })
        const paid = await browser.post(formAction((await browser.get(path)).html, '/pay'))
        expect(paid.status).toBe(303)
        expect(paid.location!.startsWith('/sandbox/cashier/')).toBe(true)
        const done = await browser.get(path)
        expect(done.html).toContain('data-status="COMPLETED"')
        expect(done.html).not.toMatch(/href="\s*(java|data|&#)/i)
        expect(done.html).not.toContain('class="button primary" href=')
      }
    }
  })
})
