import { createRequire } from 'node:module'
import type { APIRequestContext } from '@playwright/test'
import { expect, test, type Page } from '../support/hydrated-test.ts'
import { createAccountThroughApi } from '../support/e2e-account.ts'
import { jpy, opaClient } from '../support/opa-client.ts'

/**
 * A payer pays a sandbox code on the simulated wallet's cashier page in Chromium. The shop is a developer merchant
 * of this test's own (made through the account API), signing with its sandbox key: its test users (taro, hanako,
 * jiro) are its own, so no other test's payment can move the balances compared here while tests run side by side.
 */
const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

async function createCode(request: APIRequestContext, baseURL: string, amount: number, description: string) {
  const { token } = await createAccountThroughApi(request, 'wallet')
  const answer = await request.get('/v1/homeDboard/getUserProfile', { headers: { authorization: `Bearer ${token.access_token}` } })
  const profile: { merchant_id: string; client_api_key: string; client_api_secret: string } = (await answer.json()).data
  const shop = opaClient({
    request: (path, init) => fetch(new URL(path, baseURL), init),
    apiKey: profile.client_api_key,
    apiSecret: profile.client_api_secret,
    merchantId: profile.merchant_id,
  })
  const merchantPaymentId = `e2e-wallet-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
  const res = await shop.post('/v2/codes', { merchantPaymentId, amount: jpy(amount), codeType: 'ORDER_QR', orderDescription: description })
  expect(res.status).toBe(201)
  return { shop, merchantPaymentId, path: new URL(res.body.data.url as string).pathname }
}

const yen = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''))

async function expectNoAxeViolations(page: Page) {
  await page.addScriptTag({ path: axeSource })
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe
    const result = await axe.run(document)
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  })
  expect(violations).toEqual([])
}

test('pays a code in Japanese: the order is shown, the payer signs in, pays, and the balance drops', async ({ page, baseURL, request }) => {
  const { shop, merchantPaymentId, path } = await createCode(request, baseURL!, 1200, 'いちごのショートケーキ')
  await page.goto(path)
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
  await expect(page.getByRole('heading', { level: 1, name: 'お支払い' })).toBeVisible()
  await expect(page.getByText('いちごのショートケーキ')).toBeVisible()
  await expect(page.getByTestId('amount')).toHaveText('￥1,200')
  await expectNoAxeViolations(page)
  // issue 20: inside the portal's phone mock (about 300 px wide) the header is whole: the language links wrap, never clip
  await page.setViewportSize({ width: 300, height: 640 })
  for (const link of await page.getByRole('navigation').getByRole('link').all()) {
    const box = (await link.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(300)
  }
  await page.setViewportSize({ width: 1280, height: 720 })

  await page.getByRole('radio', { name: /taro/ }).check()
  await page.getByRole('button', { name: 'ログイン' }).click()
  await expect(page.getByTestId('username')).toHaveText('taro')
  const before = yen(await page.getByTestId('balance').textContent())

  await page.getByRole('button', { name: '支払う ￥1,200' }).click()
  await expect(page.getByRole('heading', { name: 'お支払いが完了しました' })).toBeVisible()
  await expect(page.getByTestId('status')).toHaveText('完了')
  await expect(page.getByText(merchantPaymentId)).toBeVisible()
  expect(yen(await page.getByTestId('balance').textContent())).toBe(before - 1200)
  await expectNoAxeViolations(page)

  const polled = await shop.get(`/v2/codes/payments/${merchantPaymentId}`)
  expect(polled.body.data.status).toBe('COMPLETED')
})

test('pays a code in English after switching the language', async ({ page, baseURL, request }) => {
  const { merchantPaymentId, path } = await createCode(request, baseURL!, 800, 'Mont Blanc')
  await page.goto(path)
  await page.getByRole('link', { name: 'English' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible()
  await expect(page.getByTestId('amount')).toHaveText('¥800')

  await page.getByRole('radio', { name: /hanako/ }).check()
  await page.getByRole('button', { name: 'Sign in' }).click()
  const before = yen(await page.getByTestId('balance').textContent())
  await page.getByRole('button', { name: 'Pay ¥800' }).click()
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible()
  await expect(page.getByTestId('status')).toHaveText('Completed')
  await expect(page.getByText(merchantPaymentId)).toBeVisible()
  expect(yen(await page.getByTestId('balance').textContent())).toBe(before - 800)
})

test('a short balance is refused with a clear message and nothing is debited', async ({ page, baseURL, request }) => {
  const { shop, merchantPaymentId, path } = await createCode(request, baseURL!, 5000, 'Whole cake')
  await page.goto(path)
  await page.getByRole('radio', { name: /jiro/ }).check()
  await page.getByRole('button', { name: 'ログイン' }).click()
  const before = yen(await page.getByTestId('balance').textContent())
  expect(before).toBeLessThan(5000)
  await page.getByRole('button', { name: '支払う ￥5,000' }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('残高が不足しています')
  await expect(alert).toContainText('NO_SUFFICIENT_FUND')
  expect(yen(await page.getByTestId('balance').textContent())).toBe(before)
  await expectNoAxeViolations(page)
  expect((await shop.get(`/v2/codes/payments/${merchantPaymentId}`)).body.data.status).toBe('CREATED')
})
