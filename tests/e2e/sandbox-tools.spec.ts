import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { test, expect } from '../support/hydrated-test.ts'
import { signInThroughApi } from '../support/e2e-account.ts'
import { keysOf, setLang, signed } from '../support/e2e-sandbox.ts'

/**
 * The sandbox tools page (issue 14): the request log of the signed-in developer's merchant, "copy as curl"
 * executed by a real curl against the test server, a forced error opening the resolver, and the signature
 * debugger of a refused request.
 */

const run = promisify(execFile)

test('the request log copies a request as curl that runs as is, opens the resolver for a forced error and explains a refused signature', async ({ page }) => {
  const token = await signInThroughApi(page, 'sandbox-log')
  await setLang(page, 'en')
  const keys = await keysOf(page.request, token.access_token)
  const id = `E2E-LOG-${Date.now()}`
  const created = await signed(page.request, keys, 'POST', '/v2/codes', {
    merchantPaymentId: id,
    amount: { amount: 100, currency: 'JPY' },
    codeType: 'ORDER_QR',
    requestedAt: Math.floor(Date.now() / 1000),
  })
  expect(created.status()).toBe(201)
  expect((await signed(page.request, keys, 'GET', `/v2/codes/payments/${id}`)).status()).toBe(200)
  expect((await signed(page.request, keys, 'GET', `/v2/codes/payments/${id}`, undefined, { headers: { 'X-Sandbox-Force': 'RATE_LIMIT' } })).status()).toBe(429)
  expect((await signed(page.request, keys, 'GET', `/v2/codes/payments/${id}-bad`, undefined, { apiSecret: 'wrong-secret' })).status()).toBe(401)

  await page.goto('/dashboard/sandbox')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sandbox tools')
  const entries = page.getByTestId('request-log-entry')
  await expect(entries).toHaveCount(4)

  // newest first: the refused signature, explained
  const refused = entries.nth(0)
  await refused.locator('summary').click()
  const debuggerBox = refused.getByTestId('signature-debugger')
  await expect(debuggerBox).toContainText('BAD_SIGNATURE')
  await expect(debuggerBox.locator('pre').first()).toHaveText(new RegExp(`^/v2/codes/payments/${id}-bad\\nGET\\n[0-9a-f]+\\n\\d+\\nempty\\nempty$`))

  // the forced error opens the resolver with its code
  const forced = entries.nth(1)
  await expect(forced.locator('summary')).toContainText('RATE_LIMIT')
  await forced.locator('summary').click()
  // copy as curl of the successful GET, executed by curl against this server
  const get = entries.nth(2)
  await get.locator('summary').click()
  await get.getByRole('button', { name: 'Copy as curl' }).click()
  const curl = (await get.getByTestId('curl-output').textContent())!
  expect(curl).toContain(`/v2/codes/payments/${id}`)
  const { stdout } = await run('sh', ['-c', curl])
  const answer = JSON.parse(stdout)
  expect(answer.resultInfo.code).toBe('SUCCESS')
  expect(answer.data.merchantPaymentId).toBe(id)

  await forced.getByRole('link', { name: 'Open in resolver' }).click()
  await expect(page).toHaveURL(/\/develop\/resolve\?api_name=GET\+%2Fv2%2Fcodes%2Fpayments%2F.*&code=RATE_LIMIT&code_id=08100998$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Response code resolver')
})

for (const lang of ['ja', 'en'] as const) {
  test(`the sandbox page at 390 px and at 1440 px in ${lang} fits the screen`, async ({ page }) => {
    const token = await signInThroughApi(page, 'sandbox-look')
    await setLang(page, lang)
    const keys = await keysOf(page.request, token.access_token)
    await signed(page.request, keys, 'GET', '/v2/codes/payments/LOOK-1', undefined, { apiSecret: 'wrong-secret' })
    await signed(page.request, keys, 'GET', '/v2/codes/payments/LOOK-1', undefined, { headers: { 'X-Sandbox-Force': 'RATE_LIMIT' } })
    await page.setViewportSize({ width: 390, height: 900 })
    await page.goto('/dashboard/sandbox')
    const entries = page.getByTestId('request-log-entry')
    await expect(entries).toHaveCount(2)
    await entries.nth(1).locator('summary').click()
    await expect(entries.nth(1).getByTestId('signature-debugger')).toBeVisible()
    // the phone, then the same page widened (a window being resized)
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 })
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
      await expect(entries.nth(1).getByTestId('signature-debugger')).toBeVisible()
      // the page's own content fits (the shared header's overflow at 390 px with the Dashboard button is the shell's,
      // seen on /dashboard/transactions too)
      const widest = await page.evaluate(() =>
        Math.max(...Array.from(document.querySelectorAll('.shell-page__body, .shell-page__body *'), (el) => el.getBoundingClientRect().right)),
      )
      expect(widest, `${width} px`).toBeLessThanOrEqual(width)
      await page.screenshot({ path: test.info().outputPath(`sandbox-${lang}-${width}.png`), fullPage: true })
    }
  })
}

test('the clock panel moves the merchant clock and the QR auto-cancel switch is saved', async ({ page }) => {
  const token = await signInThroughApi(page, 'sandbox-clock')
  await setLang(page, 'en')
  const auth = { authorization: `Bearer ${token.access_token}` }
  await page.goto('/dashboard/sandbox')
  const status = page.getByTestId('sandbox-clock-now')
  await expect(status).toContainText('Sandbox time (Japan)')
  const before = (await (await page.request.get('/dev/v1/sandbox/clock', { headers: auth })).json()).data.nowMs
  await page.getByRole('button', { name: '+1 day' }).click()
  await expect
    .poll(async () => (await (await page.request.get('/dev/v1/sandbox/clock', { headers: auth })).json()).data.nowMs - before)
    .toBeGreaterThan(86_000_000)
  await page.getByRole('button', { name: 'Back to real time' }).click()
  await expect
    .poll(async () => Math.abs((await (await page.request.get('/dev/v1/sandbox/clock', { headers: auth })).json()).data.nowMs - Date.now()))
    .toBeLessThan(60_000)

  const toggle = page.getByRole('checkbox', { name: /Paid test QR payments cancel themselves/ })
  await expect(toggle).toBeChecked()
  await expect(toggle).toBeEnabled()
  await toggle.uncheck()
  await expect(toggle).not.toBeChecked()
  await expect
    .poll(async () => (await (await page.request.get('/dev/v1/configSettings/getSettings', { headers: auth })).json()).data.qr_auto_cancel)
    .toBe(false)
  await page.reload()
  await expect(page.getByRole('checkbox', { name: /Paid test QR payments cancel themselves/ })).not.toBeChecked()
})
