import { expect, test, type Page } from '../support/hydrated-test.ts'

/**
 * The phone-mock test panel (/demo/panel, issue 13, docs/demo-panel.md) in Chromium against the real server and
 * sandbox, signed out: a QR code paid by a test user inside the phone ends COMPLETED and is refunded; a direct
 * debit linked on the wallet's consent page inside the phone; the amount field's alerts in Japanese and the
 * server's refusal of 0 yen shown in the panel. The payer is `hanako`, whose balance no test compares.
 */

type Lang = 'ja' | 'en'
async function useLang(page: Page, lang: Lang) {
  const stored = lang === 'ja' ? 'jp' : 'en'
  await page.context().addCookies([{ name: 'lang', value: stored, url: test.info().project.use.baseURL! }])
  await page.addInitScript((value) => localStorage.setItem('lang', value), stored)
}

test('en: a QR code paid by a test user in the phone shows COMPLETED, every call is listed, and Refund gives the money back', async ({ page }) => {
  await useLang(page, 'en')
  await page.goto('/')
  await page.getByRole('link', { name: "Open the payment test panel: watch the test user's phone and every API call" }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Payment test panel' })).toBeVisible()
  const panel = page.getByTestId('demo-panel')
  const phone = page.getByRole('region', { name: "The test user's phone" })
  await expect(phone).toContainText('No payment request yet.')

  await page.getByLabel('Amount (yen, 0 to 100)').fill('3')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(page.getByRole('img', { name: 'QR code of the payment' })).toBeVisible()
  const wallet = page.frameLocator('iframe[title="Wallet cashier page"]')
  await wallet.getByRole('radio', { name: /hanako/ }).check()
  await wallet.getByRole('button', { name: /^(ログイン|Sign in)$/ }).click()
  await wallet.getByRole('button', { name: /^(支払う ￥3|Pay ¥3)$/ }).click()
  await expect(wallet.getByTestId('status')).toHaveText(/完了|Completed/)

  await expect(panel.getByRole('status').filter({ hasText: 'Payment status: COMPLETED' })).toBeVisible() // polled every 3 s
  const calls = page.getByRole('region', { name: 'Calls of the demo API' })
  await expect(calls.locator('li[data-path="/v1/demos/createQR"]')).toHaveAttribute('data-status', '201')
  await expect(calls.locator('li[data-path="/v1/demos/createQR"]')).toContainText('sent to the sandbox as POST /v2/codes')
  await expect(calls.locator('li[data-path^="/v1/demos/qrcode/detail/DEVELOPER-PANEL-DEMO-"]').first()).toContainText('"COMPLETED"')

  await page.getByRole('button', { name: 'Refund', exact: true }).click()
  await expect(panel.getByRole('status').filter({ hasText: 'Refunded the payment successfully.' })).toBeVisible()
  await expect(phone).toContainText('Refund received')
  await expect(calls.locator('li[data-path="/v1/demos/refunds"]')).toHaveAttribute('data-status', /^20\d$/)
})

test('en: auto debit as a direct debit: the test user agrees on the consent page in the phone, the payment completes', async ({ page }) => {
  await useLang(page, 'en')
  await page.goto('/demo/panel?type=autoDebit&view=directDebit')
  await expect(page.getByRole('radio', { name: 'Direct debit (link on the consent page first)' })).toBeChecked()
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  const wallet = page.frameLocator('iframe[title="Wallet consent page"]')
  await wallet.getByRole('radio', { name: /hanako/ }).check()
  await wallet.getByRole('button', { name: /^(ログイン|Sign in)$/ }).click()
  await wallet.getByRole('button', { name: /^(同意して続ける|Agree and continue)$/ }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Payment status: COMPLETED' })).toBeVisible()
  const phone = page.getByRole('region', { name: "The test user's phone" })
  await expect(phone).toContainText('Payment completed')
  const calls = page.getByRole('region', { name: 'Calls of the demo API' })
  await expect(calls.locator('li[data-path="/v1/demos/parseJWTAndGetPhoneNumber"]')).toHaveAttribute('data-status', '200')
  await expect(calls.locator('li[data-path="/v1/demos/payWithDirectDebit"]')).toHaveAttribute('data-status', '201')
  await page.getByRole('button', { name: 'Refund', exact: true }).click()
  await expect(phone).toContainText('Refund received')
})

test('ja: the amount field refuses over 100, under 0 and non-integers with its alerts; 0 yen is refused by the server and shown', async ({ page }) => {
  await useLang(page, 'ja')
  await page.goto('/demo/panel')
  const amount = page.getByLabel('金額（円、0〜100）')
  const run = page.getByRole('button', { name: '実行', exact: true })
  const alert = page.getByRole('alert')
  for (const [typed, text] of [
    ['101', '100より大きい値は入力しないでください。'],
    ['-1', '0より小さい値は入力しないでください。'],
    ['1.5', '0〜100の整数（円）を入力してください。'],
    ['abc', '0〜100の整数（円）を入力してください。'],
  ] as const) {
    await amount.fill(typed)
    await expect(alert).toContainText(text)
    await expect(amount).toHaveAttribute('aria-invalid', 'true')
    await expect(run).toBeDisabled()
  }
  await amount.fill('100')
  await expect(alert).toHaveCount(0)
  await expect(run).toBeEnabled()

  // spec §5 lets the field take 0; the sandbox needs at least 1 yen: the panel shows the refusal and the answer
  await amount.fill('0')
  await run.click()
  await expect(alert).toContainText('INVALID_PARAMS')
  const call = page.getByRole('region', { name: 'デモAPIの呼び出し' }).locator('li[data-path="/v1/demos/createQR"]')
  await expect(call).toHaveAttribute('data-status', '400')
  await expect(call).toContainText('"code": "INVALID_PARAMS"')
  await expect(page.getByRole('region', { name: 'テストユーザーのスマートフォン' })).toContainText('支払いは完了しませんでした。')
  await page.getByRole('button', { name: '新しい支払い' }).click()
  await expect(page.getByRole('region', { name: 'テストユーザーのスマートフォン' })).toContainText('支払いのリクエストはまだありません。')
  await expect(amount).toHaveValue('0')
})
