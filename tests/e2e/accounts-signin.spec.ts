import { expect } from '../support/hydrated-test.ts'
import { errorMessage } from '../../src/domain/errors.ts'
import { i18nFor } from '../../src/server/i18n.ts'
import { linkOf } from '../support/smtp.ts'
import { accountTexts as text } from '../support/account-texts.ts'
import { accountsInEachLanguage, createDeveloper, password, readOtp, signIn, test, uniqueEmail } from '../support/e2e-accounts.ts'

/**
 * Signing in and out in a real browser, each flow in Japanese or in English (tests/support/e2e-accounts.ts: a server
 * per worker whose mails reach an SMTP receiver in this process): sign-in from a new device with an OTP, the saved
 * query string, the lockout, forgot password through the e-mailed link, the profile menu and logout, 'keep me signed
 * in' across a browser restart, and a session ended on the server. Signing up: accounts-signup.spec.ts.
 */

// whole flows with mails on a shared 2-core machine: generous, the expectations inside stay strict
test.setTimeout(120_000)

accountsInEachLanguage((lang, onceIn) => {
  const t = text[lang]

  onceIn('ja', 'sign-in from a new device asks for the OTP and goes to the redirect target', async ({ page, app, request }) => {
    const email = uniqueEmail('otp', lang)
    await createDeveloper(request, app, email)
    await page.goto('/account/signin?redirect=/dashboard/transactions')
    await page.getByLabel(t.email).fill(email)
    await page.getByLabel(t.password, { exact: true }).fill(password)
    const since = app.smtp.mails.length
    await page.getByRole('button', { name: t.signIn, exact: true }).click()
    await expect(page.getByText(t.waitPattern)).toBeVisible()
    await expect(page.getByRole('button', { name: t.resend })).toBeDisabled()
    await page.getByLabel(t.otp).fill(await readOtp(app, email, since))
    await page.getByRole('button', { name: t.verify, exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard\/transactions$/)
    // The stored token is read with polling: once in CI it was not yet visible in the same tick as the URL change.
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('userLoginToken') ?? 'null')?.access_token)).toBeTruthy()
  })

  onceIn('en', 'a sign-in without a redirect goes to myhome with the query string saved before it (spec §2)', async ({ page, app, request }) => {
    const email = uniqueEmail('query', lang)
    await createDeveloper(request, app, email)
    await page.goto('/products/docs/qrcode?utm_source=mail')
    await page.goto('/account/signin')
    expect(await page.evaluate(() => localStorage.getItem('redirectQueryParams'))).toBe('utm_source=mail')
    await page.getByLabel(t.email).fill(email)
    await page.getByLabel(t.password, { exact: true }).fill(password)
    const since = app.smtp.mails.length
    await page.getByRole('button', { name: t.signIn, exact: true }).click()
    await page.getByLabel(t.otp).fill(await readOtp(app, email, since))
    await page.getByRole('button', { name: t.verify, exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard\/home\?utm_source=mail$/)
  })

  onceIn('en', 'five wrong passwords lock the account with the lockout message', async ({ page, app, request }) => {
    const email = uniqueEmail('lock', lang)
    await createDeveloper(request, app, email)
    await page.goto('/account/signin')
    await page.getByLabel(t.email).fill(email)
    const alert = page.getByRole('alert')
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByLabel(t.password, { exact: true }).fill(`Wrong${attempt}$pw`)
      await page.getByRole('button', { name: t.signIn, exact: true }).click()
      const expected = attempt < 5 ? '01102004' : '01101007'
      await expect(alert).toHaveText(errorMessage(i18nFor(lang), expected))
    }
    await page.getByLabel(t.password, { exact: true }).fill(password)
    await page.getByRole('button', { name: t.signIn, exact: true }).click()
    await expect(alert).toHaveText(errorMessage(i18nFor(lang), '01101007'))
  })

  onceIn('ja', 'forgot password: the e-mailed link sets a new password that signs in', async ({ page, app, request }) => {
    const email = uniqueEmail('reset', lang)
    await createDeveloper(request, app, email)
    await page.goto('/account/forgotPassword')
    await page.getByLabel(t.email).fill(email)
    const since = app.smtp.mails.length
    await page.getByRole('button', { name: t.sendLink }).click()
    await expect(page.getByRole('heading', { name: t.checkMail })).toBeVisible()
    const mail = await app.smtp.waitFor((m) => m.to.includes(email) && app.smtp.mails.indexOf(m) >= since)
    await page.getByRole('button', { name: t.done }).click()
    await expect(page).toHaveURL(/\/account\/signin$/)

    await page.goto(linkOf(mail)!)
    await page.getByLabel(t.newPassword, { exact: true }).fill('New#pass9')
    await page.getByLabel(t.confirmPassword, { exact: true }).fill('New#pass9')
    await page.getByRole('button', { name: t.savePassword }).click()
    await expect(page.getByRole('heading', { name: t.passwordChanged })).toBeVisible()
    await page.getByRole('main').getByRole('link', { name: t.signIn, exact: true }).click()
    await signIn(page, app, lang, email, 'New#pass9')
    await expect(page).toHaveURL(/\/dashboard\/home$/)
  })

  onceIn('en', 'the profile menu shows the ids with copy buttons, and logout ends the session', async ({ page, app, request, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const email = uniqueEmail('logout', lang)
    await createDeveloper(request, app, email)
    await page.goto('/account/signin')
    await signIn(page, app, lang, email)
    await expect(page).toHaveURL(/\/dashboard\/home$/)
    await page.getByRole('button', { name: t.profile }).click()
    const menu = page.getByRole('group', { name: t.profile })
    await expect(menu.getByText(t.defaultName, { exact: true })).toBeVisible()
    await expect(menu.getByText(email)).toBeVisible()
    const merchantId = await page.getByTestId('merchant-id').textContent()
    await expect(menu.getByText(merchantId!, { exact: true })).toBeVisible()
    await menu.getByRole('button', { name: t.copyMerchant }).click()
    await expect(menu.getByRole('button', { name: t.copied })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(merchantId)
    await expect(menu.getByRole('button', { name: t.copyMerchant })).toBeVisible({ timeout: 2_000 })
    await menu.getByRole('button', { name: t.logout }).click()
    await expect(page).toHaveURL(`${app.origin}/`)
    expect(await page.evaluate(() => localStorage.getItem('userLoginToken'))).toBeNull()
    await page.goto('/dashboard/home')
    await expect(page).toHaveURL(/\/account\/signin\?redirect=/)
  })

  onceIn('ja', "'keep me signed in' decides whether the sign-in survives a browser restart", async ({ page, app, request, context, browser }) => {
    const email = uniqueEmail('keep', lang)
    await createDeveloper(request, app, email)
    await page.goto('/account/signin')
    await page.getByLabel(t.keep).uncheck()
    await signIn(page, app, lang, email)
    await expect(page).toHaveURL(/\/dashboard\/home$/)
    await page.reload() // same browser session: still signed in
    await expect(page).toHaveURL(/\/dashboard\/home$/)

    // a restart keeps local storage and persistent cookies, not session cookies
    const restart = async () => {
      const state = await context.storageState()
      const restarted = await browser.newContext({ baseURL: app.origin, storageState: { ...state, cookies: state.cookies.filter((c) => c.expires !== -1) } })
      const restartedPage = await restarted.newPage()
      await restartedPage.goto('/dashboard/home')
      return { restarted, restartedPage }
    }
    const unchecked = await restart()
    await expect(unchecked.restartedPage).toHaveURL(/\/account\/signin\?redirect=/)
    expect(await unchecked.restartedPage.evaluate(() => localStorage.getItem('userLoginToken'))).toBeNull()
    await unchecked.restarted.close()

    // checked (the default): the same restart keeps the user signed in
    await page.evaluate(() => ['userLoginToken', 'LoginAccount'].forEach((key) => localStorage.removeItem(key)))
    await page.goto('/account/signin') // this device passed the OTP already
    await expect(page.getByLabel(t.keep)).toBeChecked()
    await page.getByLabel(t.email).fill(email)
    await page.getByLabel(t.password, { exact: true }).fill(password)
    await page.getByRole('button', { name: t.signIn, exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard\/home$/)
    const checked = await restart()
    await expect(checked.restartedPage.getByTestId('merchant-id')).toHaveText(/^\d{18}$/)
    await checked.restarted.close()
  })

  onceIn('en', 'a session ended on the server shows the timeout message and leads back to sign-in', async ({ page, app, request }) => {
    const email = uniqueEmail('timeout', lang)
    await createDeveloper(request, app, email)
    await page.goto('/account/signin')
    await signIn(page, app, lang, email)
    await expect(page).toHaveURL(/\/dashboard\/home$/)
    await expect(page.getByTestId('merchant-id')).toHaveText(/^\d{18}$/)
    await page.waitForLoadState('networkidle') // the home page's own calls are answered before the session ends
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('userLoginToken') ?? 'null').access_token)
    await request.post(`${app.origin}/v1/dpSignout/logout`, { headers: { authorization: `Bearer ${token}` }, data: {} })
    await page.reload()
    await expect(page.getByRole('alert')).toHaveText(t.timedOut)
    await page.getByRole('main').getByRole('link', { name: t.signIn, exact: true }).click()
    await expect(page).toHaveURL(/\/account\/signin\?redirect=/)
    await expect(page.getByRole('alert')).toHaveText(t.timedOut)
    // a reload does not lose the reason: this tab still says why it is signed out, until the user signs in again
    await page.reload()
    await expect(page.getByRole('alert')).toHaveText(t.timedOut)
    await page.goto('/dashboard/home')
    await expect(page).toHaveURL(/\/account\/signin\?redirect=/)
    await expect(page.getByRole('alert')).toHaveText(t.timedOut)
    await page.getByLabel(t.email).fill(email) // this device passed the OTP already
    await page.getByLabel(t.password, { exact: true }).fill(password)
    await page.getByRole('button', { name: t.signIn, exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard\/home$/)
    await expect(page.getByTestId('merchant-id')).toHaveText(/^\d{18}$/)
    await page.reload()
    await expect(page.getByTestId('merchant-id')).toHaveText(/^\d{18}$/)
    await expect(page.getByRole('alert')).toHaveCount(0)
  })
})
