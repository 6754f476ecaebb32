import { readFileSync } from 'node:fs'
import { expect } from '../support/hydrated-test.ts'
import { products } from '../../src/domain/products.ts'
import { png } from '../support/png.ts'
import { accountTexts as text } from '../support/account-texts.ts'
import { accountsInEachLanguage, password, readOtp, test, uniqueEmail } from '../support/e2e-accounts.ts'

/**
 * Sign-up in a real browser, in Japanese and in English (tests/support/e2e-accounts.ts: a server per worker whose
 * mails reach an SMTP receiver in this process): the five screens with the OTP read from the mail, logo, products,
 * success, a new API key (shown once, downloaded) and myhome; the terms panel of the seeded wallet-app account; every
 * validation message of spec §5; and the phone-sized screen sign-up leaves. Signing in: accounts-signin.spec.ts.
 */

// whole flows with mails on a shared 2-core machine: generous, the expectations inside stay strict
test.setTimeout(120_000)

accountsInEachLanguage((lang, onceIn) => {
  const t = text[lang]

  test('sign-up in five screens with the OTP from the mail, a logo and products, then myhome holds the credentials', async ({ page, app }) => {
    const email = uniqueEmail('signup', lang)
    await page.goto('/account/signup')
    await page.getByLabel(t.email).fill(email)
    await page.getByLabel(t.password, { exact: true }).fill(password)
    const since = app.smtp.mails.length
    await page.getByRole('button', { name: t.signUp, exact: true }).click()

    // screen 2: masked e-mail, countdown, resend disabled
    const otp = await readOtp(app, email, since)
    await expect(page.getByText(`${email.slice(0, 2)}${'*'.repeat(email.indexOf('@') - 2)}@example.com`)).toBeVisible()
    await expect(page.getByText(t.waitPattern)).toBeVisible()
    await expect(page.getByRole('button', { name: t.resend })).toBeDisabled()
    await page.getByLabel(t.otp).fill(otp)
    await page.getByRole('button', { name: t.verify, exact: true }).click()

    // screen 3: logo upload and merchant name
    await page.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(120, 120) })
    await expect(page.getByRole('main').getByRole('img', { name: lang === 'ja' ? '加盟店ロゴ' : 'Merchant logo' })).toHaveAttribute(
      'src',
      /\/v1\/dpSignup\/logo\//,
    )
    await page
      .getByRole('main')
      .getByLabel(lang === 'ja' ? '加盟店名' : 'Merchant name', { exact: true })
      .fill('Cake Shop')
    await page.getByRole('button', { name: t.next }).click()

    // screen 4: every product checked, corporate-only marked, long descriptions expand on hover
    const checkboxes = page.getByRole('checkbox')
    await expect(checkboxes).toHaveCount(products.length)
    for (const box of await checkboxes.all()) await expect(box).toBeChecked()
    await expect(page.getByText(t.corporate, { exact: true })).toHaveCount(products.filter((p) => p.corporateOnly).length)
    const long = products.find((p) => (lang === 'ja' ? p.descriptionJp : p.description).length > 100)
    if (long) {
      const card = page.locator(`[data-model="${long.model}"]`)
      const clamp = () => card.locator('.account-product__description').evaluate((el) => getComputedStyle(el).webkitLineClamp)
      expect(await clamp()).toBe('2')
      await card.hover()
      await expect.poll(clamp).toBe('none')
    }
    await page.getByRole('button', { name: t.register, exact: true }).click()

    // screen 5, then myhome (route replaced)
    await expect(page.getByRole('heading', { name: t.success })).toBeVisible()
    await expect(page.getByRole('main').getByText('Cake Shop')).toBeVisible()

    // the new-key screen creates a second key pair, shows it once and downloads it; the first key stays active
    await page.getByRole('button', { name: t.newKey }).click()
    const newKey = page.locator('.account-credentials code')
    await expect(newKey.first()).toHaveText(/^a_/)
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t.download }).click()])
    const keyFile = JSON.parse(readFileSync(await download.path(), 'utf8'))
    expect(keyFile.api_key).toBe(await newKey.first().textContent())
    expect(keyFile.api_secret).toBe(await newKey.nth(1).textContent())
    const bearer = await page.evaluate(() => JSON.parse(localStorage.getItem('userLoginToken') ?? 'null').access_token)
    const keys = await (
      await page.request.get(`${app.origin}/v1/d-panel/${keyFile.merchant_id}/apiKey`, { headers: { authorization: `Bearer ${bearer}` } })
    ).json()
    expect(keys.data.keys.map((k: { api_key: string }) => k.api_key)).toHaveLength(2)
    expect(keys.data.keys.map((k: { api_key: string }) => k.api_key)).toContain(keyFile.api_key)
    await page.getByRole('button', { name: t.back, exact: true }).click()
    await page.getByRole('button', { name: t.toDashboard }).click()
    await expect(page).toHaveURL(/\/dashboard\/home$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Cake Shop' })).toBeVisible()
    await expect(page.getByTestId('merchant-id')).toHaveText(/^\d{18}$/)
    await expect(page.getByTestId('api-key')).not.toBeEmpty()
    const secret = page.locator('.account-secret code')
    await expect(secret).toHaveText(/^•+$/)
    await page.getByRole('button', { name: t.reveal }).click()
    await expect(secret).not.toHaveText(/•/)
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('LoginAccount') ?? 'null'))
    expect(stored.mid).toBe(await page.getByTestId('merchant-id').textContent())
    expect(stored.csecret).toBe(await secret.textContent())
    expect(stored.uName).toBe(email)
    expect(stored.ckey).not.toBe(keyFile.api_key) // myhome keeps showing the first key, which still works
    expect(await page.evaluate(() => localStorage.getItem('uaid'))).toMatch(/^pp4d-[0-9a-f-]{36}$/)
  })

  onceIn('ja', 'a wallet-app account accepts the terms, confirms the OTP and continues sign-up at step 3', async ({ page, app }) => {
    await page.goto('/account/signin')
    await page.getByLabel(t.email).fill('wallet.user@paylab.example')
    await page.getByLabel(t.password, { exact: true }).fill('Wallet#2026')
    await page.getByRole('button', { name: t.signIn, exact: true }).click()
    await expect(page.getByRole('heading', { name: t.termsTitle })).toBeVisible()
    const since = app.smtp.mails.length
    await page.getByRole('button', { name: t.accept }).click()
    await page.getByLabel(t.otp).fill(await readOtp(app, 'wallet.user@paylab.example', since))
    await page.getByRole('button', { name: t.verify, exact: true }).click()
    await expect(page.getByRole('heading', { name: t.merchantTitle })).toBeVisible()
    await page.getByRole('button', { name: t.skip }).click()
    await page.getByRole('button', { name: t.register, exact: true }).click()
    await expect(page.getByRole('heading', { name: t.success })).toBeVisible()
    await expect(page.getByRole('main').getByText(t.defaultName, { exact: true })).toBeVisible()
  })

  test('every validation message of spec §5 appears on input and blur', async ({ page, app }) => {
    // sign-in: e-mail, password, both
    await page.goto('/account/signin')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const signInButton = page.getByRole('button', { name: t.signIn, exact: true })
    await page.getByLabel(t.email).fill('taro@')
    await expect(page.getByText(t.emailInvalid, { exact: true })).toBeVisible()
    await page.getByLabel(t.password, { exact: true }).focus()
    await page.getByLabel(t.password, { exact: true }).blur()
    await expect(page.getByText(t.bothInvalid, { exact: true })).toBeVisible()
    await page.getByLabel(t.email).fill('taro@example.com')
    await expect(page.getByText(t.passwordInvalid, { exact: true })).toBeVisible()
    await expect(signInButton).toBeDisabled()
    await page.getByLabel(t.password, { exact: true }).fill('anything')
    await expect(signInButton).toBeEnabled()

    // sign-up: both invalid, then each password rule
    await page.goto('/account/signup')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.getByLabel(t.email).fill('taro')
    await page.getByLabel(t.password, { exact: true }).focus()
    await page.getByLabel(t.password, { exact: true }).blur()
    await expect(page.getByText(t.signUpBoth, { exact: true })).toBeVisible()
    await page.getByLabel(t.password, { exact: true }).fill('a')
    const rules = page.locator('.account-rules li')
    for (const [index, rule] of t.rules.entries()) {
      await expect(rules.nth(index)).toContainText(rule)
      await expect(rules.nth(index)).toHaveClass(index === 3 ? 'is-met' : 'is-failed')
    }
    await expect(page.getByRole('button', { name: t.signUp, exact: true })).toBeDisabled()

    // forgot password: while typing, and on submit
    await page.goto('/account/forgotPassword')
    await page.getByLabel(t.email).fill('abc')
    await expect(page.getByText(t.forgotTyping, { exact: true })).toBeVisible()
    await page.getByLabel(t.email).fill('')
    await page.getByRole('button', { name: t.sendLink }).click()
    await expect(page.getByText(t.forgotSubmit, { exact: true })).toBeVisible()

    // OTP and logo: through a sign-up to screens 2 and 3
    const email = uniqueEmail('messages', lang)
    await page.goto('/account/signup')
    await page.getByLabel(t.email).fill(email)
    await page.getByLabel(t.password, { exact: true }).fill(password)
    const since = app.smtp.mails.length
    await page.getByRole('button', { name: t.signUp, exact: true }).click()
    const otp = await readOtp(app, email, since)
    await page.getByLabel(t.otp).fill('12a')
    await expect(page.getByText(t.otpTyping, { exact: true })).toBeVisible()
    await page.getByLabel(t.otp).fill('')
    await page.getByRole('button', { name: t.verify, exact: true }).click()
    await expect(page.getByText(t.otpSubmit, { exact: true })).toBeVisible()
    await page.getByLabel(t.otp).fill(otp)
    await page.getByRole('button', { name: t.verify, exact: true }).click()
    await page.locator('input[type="file"]').setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: png(200, 100) })
    await expect(page.getByText(t.logo, { exact: true })).toBeVisible()
    // issue 20: beside it, which rule the file broke (shape, then type)
    await expect(page.getByText(t.logoRatio, { exact: true })).toBeVisible()
    await page.locator('input[type="file"]').setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') })
    await expect(page.getByText(t.logoType, { exact: true })).toBeVisible()
  })
})

test('on a phone-sized screen sign-up goes home (spec §2), which says why (issue 11)', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 })
  await page.goto('/account/signup')
  await expect(page).toHaveURL(/\/\?notice=signup-larger-screen$/)
})
