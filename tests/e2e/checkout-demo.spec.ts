import { expect, test, type Page } from '../support/hydrated-test.ts'
import { limits } from '../../src/domain/limits.ts'
import { socketSend, walletBrowser } from '../support/wallet-browser.ts'

/**
 * The cake-shop checkout (issue 13) end to end in Chromium against the real server and sandbox, signed out:
 * a QR checkout paid by a test user in a second page, ending paid and then refunded with the balance restored;
 * a direct-debit checkout through the wallet's consent page in the frame; the timeout and failure paths.
 * `?demoDelays=short` shortens the 30-second automatic refund to 2 s (docs/decisions/checkout-demo.md). The
 * QR payer is `jiro`, whom no other browser test charges, so the balance can be compared while tests run side by side.
 */

const demoMerchantId = '100000000000000001'
const yen = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''))

async function balanceOf(page: Page, username: string) {
  await page.goto(`/sandbox/merchants/${demoMerchantId}/test-users`)
  return yen(await page.locator(`[data-testid=test-user][data-username=${username}] [data-testid=balance]`).textContent())
}

async function openShop(page: Page, query: string) {
  await page.goto(`/demo/checkout${query}`)
  await expect(page.getByTestId('cake-shop')).toBeVisible()
}

test('QR: pick a cake, a test user pays the code in a second page, paid, then refunded and the balance restored', async ({ page, context }) => {
  const payer = await context.newPage()
  const before = await balanceOf(payer, 'jiro')

  await openShop(page, '?demoDelays=short')
  const checkout = page.getByRole('button', { name: '購入手続きへ' })
  await expect(checkout).toBeDisabled() // spec §4: disabled until a cake is picked
  await page.getByText('チョコレートケーキ').click()
  await checkout.click()
  await expect(page.getByText('支払い後はブラウザを閉じないでください')).toBeVisible()
  const qr = page.getByRole('img', { name: '支払い用のQRコード' })
  await expect(qr).toBeVisible()
  const url = (await qr.getAttribute('data-url'))!
  expect(url).toMatch(/\/sandbox\/cashier\//)
  // issue 20: what is being paid, beside the code
  const order = page.locator('dl.cake-order')
  await expect(order).toContainText('チョコレートケーキ')
  await expect(order).toContainText('¥1')

  await payer.goto(new URL(url).pathname)
  // the order the cashier shows is in the shop's language (issue 20)
  await expect(payer.getByText('チョコレートケーキ').first()).toBeVisible()
  await expect(payer.locator('body')).not.toContainText('Chocolate cake')
  await payer.getByRole('radio', { name: /jiro/ }).check()
  await payer.getByRole('button', { name: 'ログイン' }).click()
  await payer.getByRole('button', { name: '支払う ￥1' }).click()
  await expect(payer.getByTestId('status')).toHaveText('完了')
  expect(yen(await payer.getByTestId('balance').textContent())).toBe(before - 1)

  await expect(page.getByText('ありがとうございます。支払いが完了しました。')).toBeVisible() // polled every 3 s
  await expect(page.getByRole('status').filter({ hasText: '支払いを返金しました。' })).toBeVisible({ timeout: 15_000 })
  expect(await balanceOf(payer, 'jiro')).toBe(before)
})

test('direct debit in English: link the wallet on the consent page in the frame, debit, paid, refunded', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'lang', value: 'en', url: baseURL! }])
  await page.addInitScript(() => localStorage.setItem('lang', 'en'))
  await openShop(page, '?flow=directDebit&demoDelays=short')
  await page.getByRole('button', { name: 'Link the wallet' }).click()

  const wallet = page.frameLocator('iframe[title="Wallet consent page"]')
  await wallet.getByRole('radio', { name: /hanako/ }).check() // jiro is the QR test's payer
  await wallet.getByRole('button', { name: /^(ログイン|Sign in)$/ }).click()
  await wallet.getByRole('button', { name: /^(同意して続ける|Agree and continue)$/ }).click()

  // the frame returns to /demo/checkout/loading?responseToken=…; the shop reads it and shows the linked number
  await expect(page.getByTestId('linked-phone')).not.toBeEmpty()
  await page.getByRole('button', { name: 'Debit' }).click()
  await expect(page.getByText('Thank you! The payment is complete.')).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Refunded the payment successfully.' })).toBeVisible({ timeout: 15_000 })

  // the link is remembered: the next visit goes straight to Debit, and the button says so (issue 20)
  await page.reload()
  await page.getByRole('tab', { name: 'QR code' }).click()
  await expect(page).toHaveURL(/[?&]flow=qr\b/) // the address follows the tab (issue 20)
  await page.getByRole('tab', { name: 'Direct debit' }).click()
  await expect(page).toHaveURL(/[?&]flow=directDebit\b/)
  await page.getByRole('button', { name: /^Continue with the linked wallet \(.+\)$/ }).click()
  await expect(page.getByRole('button', { name: 'Debit' })).toBeVisible()
})

test('in English: Cancel beside the QR code cancels it in the sandbox; the Cashback tab gives cashback to the test user who allows it (issue 20)', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'lang', value: 'en', url: baseURL! }])
  await page.addInitScript(() => localStorage.setItem('lang', 'en'))
  await openShop(page, '')
  await page.getByText('Matcha roll').click()
  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/demos/createQR')
  await page.getByRole('button', { name: 'Checkout' }).click()
  const code = (await (await created).json()).data as { codeId: string; url: string }
  await expect(page.locator('dl.cake-order')).toContainText('Matcha roll')

  // Cancel beside the code: the code is deleted in the sandbox, and the shop says so
  const cancelled = page.waitForResponse((r) => r.request().method() === 'DELETE' && new URL(r.url()).pathname === `/v1/demos/deleteQrcodes/${code.codeId}`)
  await page.locator('.cake-pay').getByRole('button', { name: 'Cancel', exact: true }).click()
  expect((await cancelled).status()).toBe(200)
  await expect(page.getByRole('status').filter({ hasText: 'The payment was cancelled. Nothing was charged.' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeVisible()
  const cashier = await walletBrowser(socketSend(), new URL(page.url()).origin).open(new URL(code.url).pathname)
  expect(cashier.status).toBe(410) // nobody can pay the cancelled code any more

  // spec §4: cashback through the frame — the test user allows it on the consent page, then the shop gives it
  await page.getByRole('tab', { name: 'Cashback' }).click()
  await expect(page).toHaveURL(/[?&]flow=cashback\b/)
  await page.getByText('Strawberry shortcake').click()
  await page.getByRole('button', { name: 'Checkout' }).click()
  const wallet = page.frameLocator('iframe[title="Wallet consent page"]')
  await wallet.getByRole('radio', { name: /hanako/ }).check()
  await wallet.getByRole('button', { name: /^(ログイン|Sign in)$/ }).click()
  const given = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/demos/cashback')
  await wallet.getByRole('button', { name: /^(同意して続ける|Agree and continue)$/ }).click()
  const answer = await given
  expect([answer.status(), ((await answer.json()) as { resultInfo: { code: string } }).resultInfo.code]).toEqual([202, 'REQUEST_ACCEPTED']) // the provider accepts a cashback and gives it asynchronously
  await expect(page.getByRole('status').filter({ hasText: 'Cashback created' })).toBeVisible()
  await page.getByRole('button', { name: 'Shop again' }).click()
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeVisible()
})

test('QR: a code nobody pays is cancelled in the sandbox after 5 minutes of looking every 3 s, "Timed out. Please regenerate again"', async ({ page }) => {
  // the browser's clock drives the shop's waits; the sandbox's clock is left alone (the demo merchant's clock is
  // shared by every test running beside this one), so the code is still payable there when the shop gives up
  await page.clock.install()
  await openShop(page, '')
  await page.clock.pauseAt(Date.now() + 1_000)
  await page.getByText('抹茶ロール').click()
  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/demos/createQR')
  await page.getByRole('button', { name: '購入手続きへ' }).click()
  const code = (await (await created).json()).data as { codeId: string; url: string; merchantPaymentId: string }
  await expect(page.getByRole('img', { name: '支払い用のQRコード' })).toBeVisible()

  // the wallet's cashier page of the code, as the test user opens it: payable (sign in to pay), or withdrawn by the shop
  const cashier = async () => {
    const { status, html } = await walletBrowser(socketSend(), new URL(page.url()).origin).open(new URL(code.url).pathname)
    return { status, payable: /action="[^"]*\/sign-in"/.test(html), deleted: html.includes('このコードは削除されました') }
  }
  let looks = 0
  page.on('request', (r) => void (new URL(r.url()).pathname.startsWith('/v1/demos/qrcode/detail/') && looks++))
  // spec §9: the first look 3 s after the code is shown, then 3 s after each answer; the sandbox says CREATED
  await page.clock.runFor(2_999)
  expect(looks).toBe(0)
  const firstLook = page.waitForResponse((r) => new URL(r.url()).pathname === `/v1/demos/qrcode/detail/${code.merchantPaymentId}`)
  await page.clock.runFor(1)
  expect(((await (await firstLook).json()).data as { status: string }).status).toBe('CREATED')
  expect(await cashier()).toEqual({ status: 200, payable: true, deleted: false })

  // 5 minutes after the code was shown nobody has paid: the shop deletes the code in the sandbox
  const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && new URL(r.url()).pathname === `/v1/demos/deleteQrcodes/${code.codeId}`)
  await page.clock.fastForward(limits.demoPollTotalMs - 3_000 - 1)
  await expect(page.locator('.cake-flow')).toHaveAttribute('data-state', '"showCode"') // 1 ms before the limit
  await page.clock.runFor(1)
  expect((await deleted).status()).toBe(200)
  await expect(page.getByRole('alert').filter({ hasText: 'タイムアウトしました。もう一度作成してください' })).toBeVisible()
  await expect(page.getByRole('button', { name: '購入手続きへ' })).toBeEnabled()

  // the sandbox holds the order cancelled: the code is withdrawn (410 on the cashier page, nobody can pay it) and its
  // payment is gone; a merchant's cancel of an unpaid code ends it FAILED, the provider's status for a cancel
  expect(await cashier()).toEqual({ status: 410, payable: false, deleted: true })
  const detail = await page.request.get(`/v1/demos/qrcode/detail/${code.merchantPaymentId}`)
  expect([detail.status(), ((await detail.json()) as { resultInfo: { code: string } }).resultInfo.code]).toEqual([400, 'DYNAMIC_QR_PAYMENT_NOT_FOUND'])

  // the alert hides after 45 s
  await page.clock.runFor(limits.alertDisplayMs)
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('QR: a failed creation says "Unknown error occurred. Please try again." and stays in the shop', async ({ page }) => {
  await openShop(page, '')
  await page.route(/\/v1\/demos\/createQR$/, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ resultInfo: { code: 'INTERNAL_SERVER_ERROR', message: 'x', codeId: 'x' }, data: null }),
    }),
  )
  await page.getByText('いちごのショートケーキ').click()
  await page.getByRole('button', { name: '購入手続きへ' }).click()
  await expect(page.getByRole('alert').filter({ hasText: '不明なエラーが発生しました。もう一度お試しください。' })).toBeVisible()
  await expect(page.getByRole('button', { name: '購入手続きへ' })).toBeEnabled()
})

test('the docs block opens the shop in place, loaded only when used', async ({ page }) => {
  const loaded: string[] = []
  page.on('request', (r) => loaded.push(r.url()))
  await page.goto('/products/docs/qrcode')
  expect(loaded.some((u) => /cake-shop-.*\.js$/.test(u))).toBe(false)
  await page.getByRole('button', { name: 'ここでケーキ屋さんの決済を試す' }).click()
  await expect(page.getByTestId('cake-shop')).toBeVisible()
  expect(loaded.some((u) => /cake-shop-.*\.js$/.test(u))).toBe(true)
})
