import { jwtVerify, SignJWT } from 'jose'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { limits } from '../../src/domain/limits.ts'
import { merchantRepo } from '../../src/server/store/merchant-repo.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { jpy, opaClient, type OpaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { formAction, testUserChoices, textOf, walletBrowser } from '../support/wallet-browser.ts'

/** The simulated wallet as a payer meets it: server-rendered pages driven like a browser without JavaScript. */
describe.each(storeKinds())('simulated wallet [%s]', (kind) => {
  let t: TestApp
  let shop: OpaClient
  let merchantId: string
  let apiKey: string
  let apiSecret: string
  const origin = 'http://localhost'
  let seq = 0
  const newBrowser = () => walletBrowser((u, init) => t.app.request(u, init), origin)

  async function createCode(amount: number, extra: Record<string, unknown> = {}) {
    seq += 1
    const merchantPaymentId = `wallet-${kind}-${Date.now()}-${seq}`
    const res = await shop.post('/v2/codes', { merchantPaymentId, amount: jpy(amount), codeType: 'ORDER_QR', orderDescription: 'Cheesecake', ...extra })
    expect(res.status).toBe(201)
    return { merchantPaymentId, codeId: res.body.data.codeId as string, path: new URL(res.body.data.url).pathname }
  }

  async function signInAs(browser: ReturnType<typeof newBrowser>, path: string, username: string) {
    const page = await browser.get(path)
    const id = testUserChoices(page.html).get(username)
    expect(id, `test user ${username} offered`).toBeDefined()
    const res = await browser.post(formAction(page.html, '/sign-in'), { testUserId: id! })
    expect(res.status).toBe(303)
    return browser.get(path)
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    const merchants = merchantRepo(t.deps.store.db)
    const merchant = await merchants.create({ name: 'Café Lumière', products: ['webcashier', 'qrcode', 'appinvoke', 'autodebit', 'preauth_capture'] })
    const key = await merchants.issueCredential(merchant.id)
    merchantId = merchant.id
    apiKey = key.apiKey
    apiSecret = key.apiSecret
    shop = opaClient({ request: (path, init) => t.app.request(path, init), apiKey, apiSecret, merchantId })
  })
  beforeEach(() => t.deps.clock.reset())
  afterAll(() => t.close())

  describe('cashier page', () => {
    it('speaks Japanese by default, English after ?lang=en, and remembers the choice', async () => {
      const { path } = await createCode(500)
      const browser = newBrowser()
      const ja = await browser.get(path)
      expect(ja.html).toContain('<html lang="ja">')
      expect(textOf(ja.html)).toContain('お支払い')
      const en = await browser.get(`${path}?lang=en`)
      expect(en.html).toContain('<html lang="en">')
      expect(textOf(en.html)).toContain('Sign in as a test user')
      const again = await browser.get(path)
      expect(again.html).toContain('<html lang="en">')
    })

    it('sends the payer back to a WEB_LINK redirectUrl right after paying', async () => {
      const { path, merchantPaymentId } = await createCode(700, { redirectUrl: 'https://cafe.example/orders/42', redirectType: 'WEB_LINK' })
      const browser = newBrowser()
      const page = await signInAs(browser, path, 'hanako')
      const paid = await browser.post(formAction(page.html, '/pay'))
      expect(paid.status).toBe(303)
      expect(paid.location).toBe('https://cafe.example/orders/42')
      expect((await shop.get(`/v2/codes/payments/${merchantPaymentId}`)).body.data.status).toBe('COMPLETED')
      // coming back to the code shows it is paid (and a way back to the shop), never a second Pay button
      const revisit = await browser.get(path)
      expect(revisit.html).toContain('data-status="COMPLETED"')
      expect(revisit.html).toContain('href="https://cafe.example/orders/42"')
      expect(revisit.html).not.toMatch(/action="[^"]*\/pay"/)
    })

    it('shows NO_SUFFICIENT_FUND clearly when the balance is short, and debits nothing', async () => {
      const { path, merchantPaymentId } = await createCode(3000)
      const browser = newBrowser()
      const page = await signInAs(browser, path, 'jiro')
      const short = await browser.post(formAction(page.html, '/pay'))
      expect(short.status).toBe(400)
      expect(short.html).toContain('role="alert"')
      expect(textOf(short.html)).toContain('残高が不足しています')
      expect(textOf(short.html)).toContain('NO_SUFFICIENT_FUND')
      expect(textOf(short.html)).toMatch(/残高 ￥100 では ￥3,000 を支払えません/)
      expect((await shop.get(`/v2/codes/payments/${merchantPaymentId}`)).body.data.status).toBe('CREATED')
    })

    it('lets the payer cancel; the code is then canceled for the shop too', async () => {
      const { path, merchantPaymentId } = await createCode(800)
      const browser = newBrowser()
      const page = await browser.get(path)
      const canceled = await browser.post(formAction(page.html, '/cancel'))
      expect(canceled.status).toBe(303)
      const after = await browser.get(canceled.location!)
      expect(after.status).toBe(410)
      expect(textOf(after.html)).toContain('お支払いをキャンセルしました')
      const polled = await shop.get(`/v2/codes/payments/${merchantPaymentId}`)
      expect(polled.body.resultInfo.code).toBe('DYNAMIC_QR_PAYMENT_NOT_FOUND')
    })

    it('says so when the code has expired or was deleted by the shop', async () => {
      const expired = await createCode(900)
      const deleted = await createCode(900)
      expect((await shop.delete(`/v2/codes/${deleted.codeId}`)).status).toBe(200)
      const browser = newBrowser()
      const gone = await browser.get(deleted.path)
      expect(gone.status).toBe(410)
      expect(textOf(gone.html)).toContain('このコードは削除されました')
      t.deps.clock.advance(limits.sandbox.qrCodeLifetimeMs + 1000, merchantId)
      const late = await browser.get(`${expired.path}?lang=en`)
      expect(late.status).toBe(410)
      expect(textOf(late.html)).toContain('This code has expired')
      expect(late.html).not.toMatch(/action="[^"]*\/pay"/)
    })

    it('answers an unknown or malformed code id with a friendly 404 page, not JSON', async () => {
      const browser = newBrowser()
      for (const path of ['/sandbox/cashier/04-doesnotexist000', '/sandbox/cashier/bad%20id%3Cscript%3E']) {
        const res = await browser.get(path)
        expect(res.status).toBe(404)
        expect(res.html).toContain('<!doctype html>')
        expect(textOf(res.html)).toContain('ページが見つかりません')
      }
    })

    it('refuses forms posted from another site or without any origin, and nothing is paid', async () => {
      const { path, merchantPaymentId } = await createCode(600)
      const browser = newBrowser()
      const page = await signInAs(browser, path, 'taro')
      const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
      const action = formAction(page.html, '/pay')
      const attempts: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'cross-site', origin: 'http://localhost' },
        { referer: 'https://evil.example/page' },
        {},
      ]
      for (const headers of attempts) {
        const res = await t.app.request(`${origin}${action}`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
          body: '',
        })
        expect(res.status).toBe(403)
        expect(await res.text()).toContain('この操作は受け付けられません')
      }
      expect((await shop.get(`/v2/codes/payments/${merchantPaymentId}`)).body.data.status).toBe('CREATED')
    })

    it('does not let a test user of another merchant sign in on this merchant’s code', async () => {
      const merchants = merchantRepo(t.deps.store.db)
      const other = await merchants.create({ name: 'Other shop', products: ['qrcode'] })
      const otherUsers = newBrowser()
      const otherPage = await otherUsers.get(`/sandbox/merchants/${other.id}/test-users`)
      const foreignId = /action="\/sandbox\/merchants\/\d+\/test-users\/([^/"]+)\/top-up"/.exec(otherPage.html)?.[1]
      expect(foreignId).toBeDefined()
      const { path } = await createCode(600)
      const browser = newBrowser()
      const page = await browser.get(path)
      const res = await browser.post(formAction(page.html, '/sign-in'), { testUserId: foreignId! })
      expect(res.status).toBe(400)
      expect(browser.cookies.has('paylab_wallet_user')).toBe(false)
    })
  })

  describe('test users and top-up', () => {
    it('lists the merchant’s test users with balances and tops one up once a month', async () => {
      const browser = newBrowser()
      const usersPath = `/sandbox/merchants/${merchantId}/test-users`
      const list = await browser.get(usersPath)
      expect(list.status).toBe(200)
      const names = [...list.html.matchAll(/data-username="([^"]+)"/g)].map((m) => m[1])
      expect(names).toEqual(expect.arrayContaining(['taro', 'hanako', 'jiro']))
      const action = /action="([^"]+\/top-up)"/.exec(list.html.slice(list.html.indexOf('data-username="jiro"')))![1]!
      const before = Number(/data-username="jiro"[\s\S]*?data-testid="balance">￥([\d,]+)/.exec(list.html)![1]!.replace(/,/g, ''))

      const first = await browser.post(action, { amount: '10000' })
      expect(first.status).toBe(303)
      const shown = await browser.get(first.location!)
      expect(textOf(shown.html)).toContain('jiro に ￥10,000 をチャージしました。')
      const after = Number(/data-username="jiro"[\s\S]*?data-testid="balance">￥([\d,]+)/.exec(shown.html)![1]!.replace(/,/g, ''))
      expect(after).toBe(before + 10_000)

      const second = await browser.post(action, { amount: '10000' })
      expect(second.status).toBe(400)
      expect(textOf(second.html)).toContain('jiro は今月すでにチャージ済みです')
      const unchanged = Number(/data-username="jiro"[\s\S]*?data-testid="balance">￥([\d,]+)/.exec(second.html)![1]!.replace(/,/g, ''))
      expect(unchanged).toBe(after)

      // next month (Japan time) the user can top up again
      t.deps.clock.advance(32 * 24 * 60 * 60_000, merchantId)
      expect((await browser.post(action, { amount: '10000' })).status).toBe(303)
    })

    it('lets exactly one of many simultaneous top-ups through', async () => {
      const browser = newBrowser()
      const list = await browser.get(`/sandbox/merchants/${merchantId}/test-users`)
      const action = /action="([^"]+\/top-up)"/.exec(list.html.slice(list.html.indexOf('data-username="hanako"')))![1]!
      const results = await Promise.all(Array.from({ length: 8 }, () => browser.post(action, { amount: '50000' })))
      expect(results.filter((r) => r.status === 303)).toHaveLength(1)
      expect(results.filter((r) => r.status === 400)).toHaveLength(7)
    })

    it('rejects amounts that are not whole yen within the limit', async () => {
      const browser = newBrowser()
      const list = await browser.get(`/sandbox/merchants/${merchantId}/test-users`)
      const action = /action="([^"]+\/top-up)"/.exec(list.html)![1]!
      for (const amount of ['0', '-5', '12.5', 'abc', String(limits.sandbox.maxTopUpAmount + 1)]) {
        const res = await browser.post(action, { amount })
        expect(res.status, amount).toBe(400)
        expect(textOf(res.html)).toContain('入力内容を確認してください')
      }
    })
  })

  describe('user authorization consent', () => {
    async function startConsent(scope: string) {
      const secret = new Uint8Array(Buffer.from(apiSecret, 'base64'))
      const requestToken = await new SignJWT({
        scope,
        nonce: 'n-123',
        redirectUrl: 'https://cafe.example/linked',
        referenceId: 'ref-42',
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer('Café Lumière')
        .setAudience('paylab')
        .setExpirationTime('6m')
        .sign(secret)
      const res = await t.app.request(`/v2/user_authorization?apiKey=${encodeURIComponent(apiKey)}&requestToken=${requestToken}`)
      expect(res.status).toBe(302)
      return new URL(res.headers.get('location')!).pathname
    }

    it('lists the scopes in plain words and, on agreement, returns to the shop with a responseToken', async () => {
      const path = await startConsent('direct_debit get_balance')
      const browser = newBrowser()
      const page = await browser.get(`${path}?lang=en`)
      expect(page.status).toBe(200)
      expect(textOf(page.html)).toContain('Café Lumière would like to:')
      expect(textOf(page.html)).toContain('Take payments from your balance')
      expect(textOf(page.html)).toContain('Check whether your balance is enough')
      const signedIn = await signInAs(browser, path, 'taro')
      const agreed = await browser.post(formAction(signedIn.html, '/approve'))
      expect(agreed.status).toBe(303)
      const back = new URL(agreed.location!)
      expect(`${back.origin}${back.pathname}`).toBe('https://cafe.example/linked')
      const { payload } = await jwtVerify(back.searchParams.get('responseToken')!, new Uint8Array(Buffer.from(apiSecret, 'base64')))
      expect(payload).toMatchObject({ result: 'succeeded', referenceId: 'ref-42', nonce: 'n-123' })
      expect(payload.userAuthorizationId).toEqual(expect.any(String))
      expect(payload.profileIdentifier).toEqual(expect.any(String))
      // the link is real: the shop can read it with its key
      const status = await shop.get(`/v2/user/authorizations?userAuthorizationId=${payload.userAuthorizationId as string}`)
      expect(status.status).toBe(200)
      expect(status.body.data.scopes).toEqual(expect.arrayContaining(['direct_debit', 'get_balance']))
      // the session is answered: opening it again says so
      expect((await browser.get(path)).status).toBe(409)
    })

    it('returns to the shop without a link when the payer cancels', async () => {
      const path = await startConsent('direct_debit')
      const browser = newBrowser()
      const page = await browser.get(path)
      const denied = await browser.post(formAction(page.html, '/deny'))
      expect(denied.status).toBe(303)
      const back = new URL(denied.location!)
      const { payload } = await jwtVerify(back.searchParams.get('responseToken')!, new Uint8Array(Buffer.from(apiSecret, 'base64')))
      expect(payload.result).toBe('declined')
      expect(payload.userAuthorizationId).toBeUndefined()
    })
  })

  describe('approving a higher pre-authorised amount', () => {
    it('shows the old and new amounts; approving blocks the difference, and the page then says it is done', async () => {
      const { path, merchantPaymentId } = await createCode(2000, { isAuthorization: true })
      const browser = newBrowser()
      const page = await signInAs(browser, path, 'taro')
      const before = Number(/data-testid="balance">￥([\d,]+)/.exec(page.html)![1]!.replace(/,/g, ''))
      const authorized = await browser.post(formAction(page.html, '/pay'))
      expect((await browser.get(authorized.location!)).html).toContain('data-status="AUTHORIZED"')
      const paymentId = (await shop.get(`/v2/codes/payments/${merchantPaymentId}`)).body.data.paymentId as string

      const requestId = `reauth-${seq}-${Date.now()}`
      const asked = await shop.post('/v2/payments/reauthorize', {
        requestId,
        paymentId,
        updatedAmount: jpy(2600),
        requestedAt: Math.floor(Date.now() / 1000),
        redirectUrl: 'https://cafe.example/reauthorized',
        redirectType: 'WEB_LINK',
      })
      expect(asked.status).toBe(201)
      expect(asked.body.resultInfo.code).toBe('USER_CONFIRMATION_REQUIRED')
      const approvalPath = new URL(asked.body.data.url).pathname

      const approval = await browser.get(approvalPath)
      expect(approval.status).toBe(200)
      const text = textOf(approval.html)
      expect(text).toContain('￥2,000')
      expect(text).toContain('￥2,600')
      const approved = await browser.post(formAction(approval.html, '/approve'))
      expect(approved.status).toBe(303)
      const done = await browser.get(approved.location!)
      expect(textOf(done.html)).toContain('金額の変更を承認しました')
      expect(done.html).not.toMatch(/action="[^"]*\/approve"/)

      const users = await browser.get(`/sandbox/merchants/${merchantId}/test-users`)
      const after = Number(/data-username="taro"[\s\S]*?data-testid="balance">￥([\d,]+)/.exec(users.html)![1]!.replace(/,/g, ''))
      expect(after).toBe(before - 2600)
      expect((await shop.get(`/v2/codes/payments/${merchantPaymentId}`)).body.data.amount).toEqual(jpy(2600))
    })

    it('answers an unknown request with the 404 page', async () => {
      const res = await newBrowser().get('/sandbox/reauthorize/123/no-such-request')
      expect(res.status).toBe(404)
    })
  })

  it('has a bare JSON endpoint for the benchmark ceiling', async () => {
    const res = await t.json('GET', '/sandbox/api/ping')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ resultInfo: { code: 'SUCCESS', message: 'Success', codeId: '08100001' }, data: { pong: true } })
  })
})
