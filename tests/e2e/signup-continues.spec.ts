import type { Page } from '@playwright/test'
import { expect, test } from '../support/hydrated-test.ts'
import { createAccountThroughApi } from '../support/e2e-account.ts'

/**
 * Issue 20, no dead ends around sign-up: myhome opened mid-sign-up links to where sign-up continues, and on a phone
 * (where sign-up is refused, spec §2) "Get sandbox keys" says how to go on and mails the link through the mailer.
 */
const useLang = (page: Page, lang: 'jp' | 'en') => page.context().addCookies([{ name: 'lang', value: lang, url: test.info().project.use.baseURL! }])

async function mailsTo(page: Page, email: string) {
  const res = await page.request.get(`/sandbox/mailbox.json?to=${encodeURIComponent(email)}`)
  return (await res.json()).data.mails as { subject: string; text: string }[]
}

test('en: myhome of an unfinished sign-up links to sign-up, which continues at the merchant step', async ({ page }) => {
  await useLang(page, 'en')
  await page.setViewportSize({ width: 1280, height: 900 })
  const account = await createAccountThroughApi(page.request, 'midway', 'verified')
  await page.goto('/not-found')
  await page.evaluate((token) => localStorage.setItem('userLoginToken', JSON.stringify(token)), account.token)
  await page.goto('/dashboard/home')
  const link = page.getByRole('link', { name: 'continue sign-up' })
  await expect(link).toHaveAttribute('href', '/account/signup')
  await link.click()
  await expect(page).toHaveURL(/\/account\/signup$/)
  await expect(page.getByText('Tell us about your business. You can change this later.')).toBeVisible()
})

test('en, phone: "Get sandbox keys" stays home, says how to go on and mails the sign-up link', async ({ page }) => {
  await useLang(page, 'en')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await page.getByRole('link', { name: 'Get sandbox keys' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('status').filter({ hasText: 'Sign-up needs a larger screen' })).toBeVisible()
  const field = page.getByLabel('E-mail yourself the sign-up link')
  await field.fill('not an address')
  await page.getByRole('button', { name: 'Send the link' }).click()
  await expect(page.getByRole('alert')).toHaveText('Enter a valid e-mail address.')
  const email = `phone-${Date.now()}@example.com`
  await field.fill(email)
  await page.getByRole('button', { name: 'Send the link' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Sent. Open the mail on a computer or a tablet' })).toBeVisible()
  const mails = await mailsTo(page, email)
  expect(mails).toHaveLength(1)
  expect(mails[0]!.text).toContain('/account/signup')
  // the per-address limit: three mails, then the wait is shown
  for (let i = 0; i < 2; i++) {
    await page.getByRole('button', { name: 'Send the link' }).click()
    await expect.poll(async () => (await mailsTo(page, email)).length).toBe(i + 2)
  }
  await page.getByRole('button', { name: 'Send the link' }).click()
  await expect(page.getByRole('alert')).toContainText('Several links were already sent to this address. Try again in')
  expect(await mailsTo(page, email)).toHaveLength(3)
})

test('ja, phone: the sign-up redirect offers the same mail in Japanese', async ({ page }) => {
  await useLang(page, 'jp')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/account/signup')
  await expect(page).toHaveURL(/\/\?notice=signup-larger-screen$/)
  const email = `phone-ja-${Date.now()}@example.com`
  await page.getByLabel('新規登録のリンクをメールで送る').fill(email)
  await page.getByRole('button', { name: 'リンクを送信' }).click()
  await expect(page.getByRole('status').filter({ hasText: '送信しました。' })).toBeVisible()
  expect(await mailsTo(page, email)).toHaveLength(1)
})
