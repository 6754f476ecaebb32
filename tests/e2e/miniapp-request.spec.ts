import type { Page } from '@playwright/test'
import { expect, test } from '../support/hydrated-test.ts'

/** Issue 20: the mini-app Request form page leads to a real form — validated, stored, confirmed by mail (ja/en). */
const useLang = (page: Page, lang: 'jp' | 'en') => page.context().addCookies([{ name: 'lang', value: lang, url: test.info().project.use.baseURL! }])

async function mailsTo(page: Page, email: string) {
  const res = await page.request.get(`/sandbox/mailbox.json?to=${encodeURIComponent(email)}`)
  return (await res.json()).data.mails as { subject: string; text: string }[]
}

test('en: the Request form page opens the form; missing fields are named, a complete request is confirmed by mail', async ({ page }) => {
  await useLang(page, 'en')
  await page.goto('/miniapp/docs/requestform')
  await page.getByRole('link', { name: 'Open the request form' }).click()
  await expect(page).toHaveURL(/\/miniapp\/request$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mini app request form')

  await page.getByRole('button', { name: 'Send the request' }).click()
  await expect(page.getByText("Enter your company's legal name.")).toBeVisible()
  await expect(page.getByText('Choose at least one feature.')).toBeVisible()
  await expect(page.getByLabel('Company (legal name)')).toHaveAttribute('aria-invalid', 'true')

  const email = `miniapp-${Date.now()}@example.com`
  await page.getByLabel('Company (legal name)').fill('Cake Co.')
  await page.getByLabel('Contact person').fill('Hanako Yamada')
  await page.getByLabel('Contact e-mail').fill(email)
  await page.getByLabel('Service description').fill('Order cakes for pick-up at our shops, paid in the PayLab app.')
  await page.getByLabel('Payment', { exact: true }).check()
  await page.getByLabel('I have read the mini-app policy').check()
  await page.getByRole('button', { name: 'Send the request' }).click()
  const sent = page.getByRole('status').filter({ hasText: 'Your request was received with the reference' })
  await expect(sent).toBeVisible()
  const reference = (await sent.textContent())!.match(/mar_[A-Za-z0-9_-]{12}/)![0]
  const mails = await mailsTo(page, email)
  expect(mails).toHaveLength(1)
  expect(mails[0]!.subject).toContain(reference)
})

test('ja: the form in Japanese sends a request', async ({ page }) => {
  await useLang(page, 'jp')
  await page.goto('/miniapp/request')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ミニアプリ申し込みフォーム')
  const email = `miniapp-ja-${Date.now()}@example.com`
  await page.getByLabel('会社名（正式名称）').fill('ケーキ株式会社')
  await page.getByLabel('担当者名').fill('山田 花子')
  await page.getByLabel('担当者のメールアドレス').fill(email)
  await page.getByLabel('サービスの説明').fill('店舗で受け取るケーキをPayLabアプリ内で注文・支払いできるサービスです。')
  await page.getByRole('button', { name: '申し込みを送信' }).click()
  await expect(page.getByText('機能を1つ以上選んでください。')).toBeVisible()
  await page.getByLabel('通知', { exact: true }).check()
  await page.getByLabel('ミニアプリのポリシー').check()
  await page.getByRole('button', { name: '申し込みを送信' }).click()
  await expect(page.getByRole('status').filter({ hasText: '申し込みを受付番号' })).toBeVisible()
  expect(await mailsTo(page, email)).toHaveLength(1)
})
