import type { APIRequestContext } from '@playwright/test'
import { expect, test } from '../support/hydrated-test.ts'
import { createAccountThroughApi, knownDeviceId, signInThroughApi } from '../support/e2e-account.ts'
import { keysOf, setLang, signed, type Keys } from '../support/e2e-sandbox.ts'

/**
 * Issue 20 in a real browser. (1) Someone who knows a merchant's API key but not its secret plants a wrongly signed
 * refund in the merchant's request log: the page offers neither Replay nor Copy as curl for it, the server refuses
 * both with SANDBOX_LOG_ENTRY_NOT_VERIFIED, and the payment stays COMPLETED. (2) A page on another site posts
 * sign-up, sign-in and password reset as text/plain (fetch and an HTML form): refused, and no mail is sent.
 */

const port = Number(process.env.E2E_PORT ?? 4319)
/** Another origin (and another site) served by the same test server: the "attacker's" page. */
const foreign = `http://localhost:${port}`
const portal = `http://127.0.0.1:${port}`

const mailsTo = async (request: APIRequestContext, email: string) =>
  ((await (await request.get(`/sandbox/mailbox.json?to=${encodeURIComponent(email)}`)).json()).data.mails as unknown[]).length

const paymentStatus = async (request: APIRequestContext, keys: Keys, id: string) =>
  (await (await signed(request, keys, 'GET', `/v2/codes/payments/${id}`)).json()).data.status

for (const lang of ['en', 'ja'] as const) {
  test(`a request planted with the API key alone is never replayed nor copied as curl (${lang})`, async ({ page }) => {
    const token = await signInThroughApi(page, `forged-${lang}`)
    await setLang(page, lang)
    const auth = { authorization: `Bearer ${token.access_token}` }
    const keys = await keysOf(page.request, token.access_token)
    // keep the paid QR payment COMPLETED for the whole test (no auto-cancel after a minute)
    expect((await page.request.patch('/dev/v1/configSettings/updateSettings', { headers: auth, data: { qr_auto_cancel: false } })).ok()).toBe(true)

    const id = `E2E-FRG-${lang}-${Date.now()}`
    const created = await signed(page.request, keys, 'POST', '/v2/codes', {
      merchantPaymentId: id,
      amount: { amount: 100, currency: 'JPY' },
      codeType: 'ORDER_QR',
      requestedAt: Math.floor(Date.now() / 1000),
    })
    expect(created.status()).toBe(201)
    await page.goto(new URL((await created.json()).data.url).pathname)
    await page.getByRole('radio', { name: /hanako/ }).check()
    await page.getByRole('button', { name: 'ログイン' }).click()
    await page.getByRole('button', { name: /^支払う/ }).click()
    await expect(page.getByRole('heading', { name: 'お支払いが完了しました' })).toBeVisible()
    expect(await paymentStatus(page.request, keys, id)).toBe('COMPLETED')
    const paymentId = (await (await signed(page.request, keys, 'GET', `/v2/codes/payments/${id}`)).json()).data.paymentId

    // the forger knows the API key, not the secret
    const forged = await signed(
      page.request,
      keys,
      'POST',
      '/v2/refunds?agreeSimilarTransaction=true',
      { merchantRefundId: `${id}-R`, paymentId, amount: { amount: 100, currency: 'JPY' }, requestedAt: Math.floor(Date.now() / 1000), reason: 'forged' },
      { apiSecret: 'not-the-secret' },
    )
    expect(forged.status()).toBe(401)

    await page.goto('/dashboard/sandbox')
    const entries = page.getByTestId('request-log-entry')
    const planted = entries.filter({ hasText: '/v2/refunds' })
    await expect(planted).toHaveCount(1)
    await planted.locator('summary').click()
    await expect(planted.getByTestId('signature-debugger')).toContainText('BAD_SIGNATURE')
    await expect(planted.getByTestId('not-replayable')).toContainText(lang === 'en' ? 'cannot be copied as curl or replayed' : '再送することもできません')
    // neither action is offered (the resolver link stays)
    await expect(planted.getByRole('button')).toHaveCount(0)
    // the query string the signature does not cover is shown on its own
    await expect(planted.getByTestId('request-query')).toHaveText('agreeSimilarTransaction=true')

    // a verified entry keeps both actions
    const verified = entries.filter({ hasText: `/v2/codes/payments/${id}` }).first()
    await verified.locator('summary').click()
    await expect(verified.getByRole('button', { name: lang === 'en' ? 'Copy as curl' : 'curl としてコピー' })).toBeVisible()
    await expect(verified.getByRole('button', { name: lang === 'en' ? 'Replay' : '再送' })).toBeVisible()
    await expect(verified.getByTestId('not-replayable')).toHaveCount(0)

    // the server refuses both calls too, in the provider's error shape and the caller's language
    const list = await (await page.request.get('/dev/v1/sandbox/requests?path=/v2/refunds', { headers: auth })).json()
    const entryId: string = list.data.requests[0].id
    expect(list.data.requests[0].signature_verified).toBe(false)
    const headers = { ...auth, 'accept-language': lang === 'en' ? 'en' : 'ja' }
    for (const answer of [
      await page.request.get(`/dev/v1/sandbox/requests/${entryId}/curl`, { headers }),
      await page.request.post(`/dev/v1/sandbox/requests/${entryId}/replay`, { headers }),
    ]) {
      expect(answer.status()).toBe(403)
      const body = await answer.json()
      expect(body.resultInfo).toMatchObject({ code: 'SANDBOX_LOG_ENTRY_NOT_VERIFIED', codeId: '99900007' })
      expect(body.resultInfo.message).toMatch(lang === 'en' ? /signature did not verify/ : /署名が検証されていません/)
      expect(body.data).toBeNull()
    }
    // nothing changed: still COMPLETED, no refund, and no new refund entry in the log
    expect(await paymentStatus(page.request, keys, id)).toBe('COMPLETED')
    const refund = await (await signed(page.request, keys, 'GET', `/v2/refunds/${id}-R`)).json()
    expect(refund.resultInfo.code).toBe('NO_SUCH_REFUND_ORDER')
    const after = await (await page.request.get('/dev/v1/sandbox/requests?path=/v2/refunds&auth_failed=true', { headers: auth })).json()
    expect(after.data.requests.map((e: { id: string }) => e.id)).toEqual([entryId])
  })
}

test('a page on another site cannot make the browser sign up, sign in or reset a password (text/plain, fetch or form)', async ({ page }) => {
  const victim = await createAccountThroughApi(page.request, 'xsite-victim')
  const fresh = `xsite-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@paylab.example`
  const victimMails = await mailsTo(page.request, victim.email)

  // the attacker's page: another origin and another site than the portal's (localhost vs 127.0.0.1)
  await page.goto(`${foreign}/healthz`)
  const sent = await page.evaluate(
    async ({ portal, fresh, victim }) => {
      const post = (path: string, body: unknown) =>
        fetch(`${portal}${path}`, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) }).then(
          () => 'sent',
          (e: unknown) => String(e),
        )
      const results = [
        await post('/v1/dpSignup/createAccount', { email: fresh, password: 'Portal#Test2026' }),
        await post('/v1/dpSignIn/passwordReset', { email: victim.email }),
        await post('/v1/dpSignIn/authenticate', { email: victim.email, password: victim.password }),
      ]
      for (let i = 0; i < 7; i++) results.push(await post('/v1/dpSignIn/authenticate', { email: victim.email, password: 'Wrong#Pass2026' }))
      return results
    },
    { portal, fresh, victim: { email: victim.email, password: victim.password } },
  )
  // the browser did send them (an opaque answer, as for any no-cors post)
  expect(sent.every((s) => s === 'sent')).toBe(true)

  // the classic form: <form enctype="text/plain"> whose one field spells a JSON body; the answer is shown, so the
  // test sees the server's refusal itself
  await page.evaluate(
    ({ portal, fresh }) => {
      const form = document.createElement('form')
      form.method = 'POST'
      form.enctype = 'text/plain'
      form.action = `${portal}/v1/dpSignup/createAccount`
      const input = document.createElement('input')
      input.name = `{"email":"${fresh}","password":"Portal#Test2026","x":"`
      input.value = '"}'
      form.append(input)
      document.body.append(form)
      form.submit()
    },
    { portal, fresh },
  )
  await page.waitForURL(`${portal}/v1/dpSignup/createAccount`)
  const answer = JSON.parse((await page.locator('body').textContent()) ?? '')
  expect(answer.resultInfo).toMatchObject({ code: 'CROSS_SITE_REQUEST', codeId: '08100403' })

  // no mail to anyone, and the victim's address is not locked
  expect(await mailsTo(page.request, fresh)).toBe(0)
  expect(await mailsTo(page.request, victim.email)).toBe(victimMails)
  const signIn = await page.request.post('/v1/dpSignIn/authenticate', {
    headers: { 'X-DEVICE-ID': knownDeviceId },
    data: { email: victim.email, password: victim.password },
  })
  expect((await signIn.json()).resultInfo.code).toBe('SUCCESS')

  // the same call from the portal's own page is served (and mails), so the checks above can fail
  await page.goto(`${portal}/healthz`)
  const own = await page.evaluate(
    async ({ fresh }) =>
      (
        await fetch('/v1/dpSignup/createAccount', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: fresh, password: 'Portal#Test2026' }),
        })
      ).status,
    { fresh },
  )
  expect(own).toBe(200)
  await expect.poll(() => mailsTo(page.request, fresh)).toBe(1)
})
