import { globalAgent } from 'node:https'
import { readFileSync } from 'node:fs'
import PAYPAY from '@paypayopa/paypayopa-sdk-node'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '../support/hydrated-test.ts'
import { createAccountThroughApi } from '../support/e2e-account.ts'
import { e2eHttpsInfo } from '../support/e2e-https.ts'
import { opaClient } from '../support/opa-client.ts'
import { products } from '../../src/domain/products.ts'

/**
 * myhome, transactions and settings as a developer uses them (issue 12, docs/dashboard.md): test ↔ live mode
 * through the live-mode modal and the activation form, key generation and revocation (the revoked key is refused
 * by the sandbox), the monthly top-up, a Node SDK payment in transactions, settings saved and the save-changes
 * popup — in Japanese and English, on a phone and a desktop.
 */

type Lang = 'ja' | 'en'

interface Developer {
  token: { access_token: string }
  profile: { merchant_id: string; client_api_key: string; client_api_secret: string; live_merchant_id: string | null }
}

async function developer(request: APIRequestContext, tag: string): Promise<Developer> {
  const { token } = await createAccountThroughApi(request, tag)
  const answer = await request.get('/v1/homeDboard/getUserProfile', { headers: { authorization: `Bearer ${token.access_token}` } })
  return { token, profile: (await answer.json()).data }
}

/** Signed in as the developer, the UI in `lang`. */
async function signedIn(page: Page, lang: Lang, tag: string) {
  const dev = await developer(page.request, tag)
  await page.context().addCookies([{ name: 'lang', value: lang === 'ja' ? 'jp' : 'en', url: test.info().project.use.baseURL! }])
  await page.addInitScript(
    ([stored, token]) => {
      localStorage.setItem('lang', stored)
      if (!localStorage.getItem('userLoginToken')) localStorage.setItem('userLoginToken', token)
    },
    [lang === 'ja' ? 'jp' : 'en', JSON.stringify(dev.token)] as const,
  )
  return dev
}

test('ja: switching to live asks first (Escape and Close keep test mode), activation enters live mode, the mode survives a reload, and back to test', async ({
  page,
}) => {
  const dev = await signedIn(page, 'ja', 'live')
  // issue 20: the home asks for its cards in one request, started by the route's loader; skeletons until it answers
  const asked: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (/^\/v1\/(dashboardHome|d-panel\/\d+\/apiKey|homeDboard\/getMerchantUsers)/.test(pathname)) asked.push(pathname)
  })
  let answer!: () => void
  const held = new Promise<void>((resolve) => (answer = resolve))
  await page.route('**/v1/dashboardHome*', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/dashboard/home')
  await expect(page.locator('.dash-skeleton').first()).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'アカウント情報を読み込み中' })).toBeVisible()
  answer()
  const merchantId = page.getByTestId('merchant-id')
  await expect(merchantId).toHaveText(dev.profile.merchant_id)
  await expect(page.getByRole('region', { name: 'テストユーザー' }).getByTestId('balance-taro')).toBeVisible()
  await expect(page.getByRole('region', { name: 'サンドボックスのAPIキー' }).getByRole('row')).toHaveCount(2)
  expect(asked).toEqual(['/v1/dashboardHome'])
  await page.unroute('**/v1/dashboardHome*')
  const live = page.getByRole('button', { name: '本番モード' })
  const testMode = page.getByRole('button', { name: 'テストモード' })
  await expect(testMode).toHaveAttribute('aria-pressed', 'true')

  await live.click()
  const modal = page.getByRole('dialog', { name: '本番モード' })
  await expect(modal).toBeVisible()
  await expect(modal).toContainText('本番モードを使うにはアカウントの有効化が必要です')
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()
  await expect(testMode).toHaveAttribute('aria-pressed', 'true')
  await live.click()
  await modal.getByRole('button', { name: '閉じる' }).last().click()
  await expect(modal).toBeHidden()

  await live.click()
  await modal.getByRole('button', { name: '今すぐ有効化' }).click()
  const form = page.getByRole('region', { name: 'アカウントの有効化' })
  await expect(form).toBeVisible()
  await form.getByRole('button', { name: '有効化する' }).click()

  await expect(live).toHaveAttribute('aria-pressed', 'true')
  const notice = page.getByRole('status').filter({ hasText: '本番モードです' })
  await expect(notice).toBeVisible()
  await expect(page.getByRole('heading', { name: '本番用の認証情報' })).toBeVisible()
  const liveId = (await merchantId.textContent())!
  expect(liveId).toMatch(/^\d{18}$/)
  expect(liveId).not.toBe(dev.profile.merchant_id)
  expect(await page.evaluate(() => localStorage.getItem('liveMode'))).toBe('true')
  // the live merchant's own keys and test users are asked for with its id
  await expect(page.getByRole('heading', { name: '本番用APIキー' })).toBeVisible()
  await expect(page.getByRole('region', { name: '本番用APIキー' }).getByRole('row')).toHaveCount(2)
  // issue 20: live mode has no sandbox test users or sandbox top-up
  await expect(page.locator('#test-users-title')).toHaveCount(0)

  await notice.getByRole('button', { name: '閉じる' }).click()
  await expect(notice).toBeHidden()
  await page.reload()
  await expect(live).toHaveAttribute('aria-pressed', 'true')
  await expect(merchantId).toHaveText(liveId)
  await expect(page.getByRole('status').filter({ hasText: '本番モードです' })).toHaveCount(0)

  await testMode.click()
  await expect(merchantId).toHaveText(dev.profile.merchant_id)
  await expect(page.getByRole('region', { name: 'テストユーザー' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('liveMode'))).toBe('false')
  // activated now: live is one click, no modal
  await live.click()
  await expect(merchantId).toHaveText(liveId)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('en: generate a key (shown once, downloadable), revoke the old one, the last key cannot be revoked, and the sandbox refuses the revoked key', async ({
  page,
}) => {
  const dev = await signedIn(page, 'en', 'keys')
  const sandbox = opaClient({
    request: (path, init) => fetch(new URL(path, test.info().project.use.baseURL!), init),
    apiKey: dev.profile.client_api_key,
    apiSecret: dev.profile.client_api_secret,
    merchantId: dev.profile.merchant_id,
  })
  // the key works before it is revoked (an unknown payment, not an authentication failure)
  const before = await sandbox.get('/v2/codes/payments/never-created')
  expect(before.status).not.toBe(401)

  await page.goto('/dashboard/home')
  const keys = page.getByRole('region', { name: 'Sandbox API keys' })
  await expect(keys.getByRole('row')).toHaveCount(2)
  await keys.getByRole('button', { name: 'Generate a new key' }).click()
  const screen = page.getByRole('dialog', { name: 'New API key' })
  await expect(screen).toContainText('shown only this once')
  const codes = screen.locator('code')
  const newKey = (await codes.nth(0).textContent())!
  const newSecret = (await codes.nth(1).textContent())!
  expect(newKey).not.toBe(dev.profile.client_api_key)
  const [download] = await Promise.all([page.waitForEvent('download'), screen.getByRole('button', { name: 'Download' }).click()])
  const file = JSON.parse(readFileSync((await download.path())!, 'utf8'))
  expect(file).toMatchObject({ api_key: newKey, api_secret: newSecret, merchant_id: dev.profile.merchant_id })
  await screen.getByRole('button', { name: 'Back' }).click()
  await expect(keys.getByRole('row')).toHaveCount(3)

  await keys.getByRole('button', { name: `Revoke ${dev.profile.client_api_key}` }).click()
  const confirm = page.getByRole('dialog', { name: 'Revoke this key?' })
  await confirm.getByRole('button', { name: 'Revoke', exact: true }).click()
  await expect(keys.getByRole('status')).toContainText(`Key ${dev.profile.client_api_key} revoked`)
  await expect(keys.getByRole('row')).toHaveCount(2)
  await expect(keys.getByRole('cell', { name: dev.profile.client_api_key })).toHaveCount(0)

  // the sandbox refuses the revoked key at once; the new one works
  const after = await sandbox.get('/v2/codes/payments/never-created')
  expect(after.status).toBe(401)
  expect(after.body.resultInfo.code).toBe('UNAUTHORIZED')
  const withNew = await sandbox.get('/v2/codes/payments/never-created', { apiKey: newKey, apiSecret: newSecret })
  expect(withNew.status).not.toBe(401)

  await keys.getByRole('button', { name: `Revoke ${newKey}` }).click()
  await confirm.getByRole('button', { name: 'Revoke', exact: true }).click()
  await expect(keys.getByRole('alert')).toHaveText('This is the last active key of the merchant. Generate a new key before revoking it.')
  await expect(keys.getByRole('row')).toHaveCount(2)
})

test('ja: the sandbox top-up works once a month; the button then says when, and a second try after a reload is refused', async ({ page }) => {
  await signedIn(page, 'ja', 'topup')
  // issue 20, spec §8: a card whose part fails (here the keys, as the server answers a failed part) says the
  // dashboard's words for it, and the other cards still show
  await page.route('**/v1/dashboardHome*', async (route) => {
    const response = await route.fetch()
    const body = await response.json()
    body.data.keys = { error_code: 'INTERNAL_SERVER_ERROR' }
    await route.fulfill({ response, json: body })
  })
  await page.goto('/dashboard/home')
  await expect(page.getByRole('region', { name: 'サンドボックスのAPIキー' }).getByRole('alert')).toHaveText(
    'エラーが発生しました。しばらくしてから再度お試しください。',
  )
  await page.unroute('**/v1/dashboardHome*')
  const users = page.getByRole('region', { name: 'テストユーザー' })
  await expect(users.getByTestId('balance-taro')).toHaveText('￥100,000')
  const topUp = users.getByRole('button', { name: 'サンドボックスの残高をチャージ' })
  await topUp.click()
  await expect(users.getByRole('status')).toContainText('チャージしました')
  await expect(users.getByTestId('balance-taro')).toHaveText('￥200,000')
  await expect(topUp).toBeDisabled()
  await expect(users.getByTestId('next-top-up')).toContainText(/次回チャージ可能日：\d{4}年\d{1,2}月1日/)

  await page.reload()
  await expect(topUp).toBeEnabled()
  await topUp.click()
  await expect(users.getByRole('alert')).toHaveText('サンドボックスの残高は今月すでにチャージ済みです。来月またお試しください。')
  await expect(topUp).toBeDisabled()
  await expect(users.getByTestId('balance-taro')).toHaveText('￥200,000')
  // pay as a test user: the sandbox wallet's test-user page of this merchant
  await expect(users.getByRole('link', { name: 'テストユーザーとして支払う' })).toHaveAttribute('href', /^\/sandbox\/merchants\/\d{18}\/test-users\?lang=ja$/)
})

test('en: a payment made with the Node SDK shows up in transactions with its detail, and paging lives in the URL', async ({ page }) => {
  const dev = await signedIn(page, 'en', 'sdk')
  const https = e2eHttpsInfo()
  const previousCa = globalAgent.options.ca
  globalAgent.options.ca = https.certificate
  const merchantPaymentId = `sdk-e2e-${Date.now()}`
  let url: string
  try {
    PAYPAY.Configure({
      clientId: dev.profile.client_api_key,
      clientSecret: dev.profile.client_api_secret,
      merchantId: dev.profile.merchant_id,
      conf: new PAYPAY.Conf({ hostName: '127.0.0.1', portNumber: https.port }),
    })
    const created = (await PAYPAY.QRCodeCreate({
      merchantPaymentId,
      amount: { amount: 1200, currency: 'JPY' },
      codeType: 'ORDER_QR',
      orderDescription: 'Strawberry shortcake',
      isAuthorization: false,
    })) as { STATUS: number; BODY: { data: { url: string } } }
    expect(created.STATUS).toBe(201)
    url = created.BODY.data.url
  } finally {
    globalAgent.options.ca = previousCa
  }

  // the test user pays on the cashier page (same app, over plain HTTP here)
  await page.goto(new URL(url).pathname)
  await page.getByRole('radio', { name: /taro/ }).check()
  await page.getByRole('button', { name: 'ログイン' }).click()
  await page.getByRole('button', { name: '支払う ￥1,200' }).click()
  await expect(page.getByRole('heading', { name: 'お支払いが完了しました' })).toBeVisible()

  await page.goto('/dashboard/transactions')
  const row = page.getByRole('row').filter({ hasText: merchantPaymentId })
  await expect(row).toContainText('Payment (QR)')
  await expect(row).toContainText('COMPLETED')
  await expect(row).toContainText('¥1,200')
  await row.getByRole('button', { name: /^Details of / }).click()
  const detail = page.getByRole('dialog', { name: /^Payment / })
  await expect(detail.getByTestId('transaction-detail')).toContainText(merchantPaymentId)
  await expect(detail.getByTestId('transaction-detail')).toContainText('COMPLETED')
  await detail.getByRole('button', { name: 'Close' }).first().click()

  await page.getByLabel('Per page').selectOption('20')
  await expect(page).toHaveURL(/\/dashboard\/transactions\?record_per_page=20$/)
  await expect(page.getByRole('button', { name: 'Older' })).toBeDisabled()
})

test('en: transactions with an ended session say so and offer sign-in', async ({ page }) => {
  await page.context().addCookies([{ name: 'lang', value: 'en', url: test.info().project.use.baseURL! }])
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    localStorage.setItem('userLoginToken', JSON.stringify({ access_token: 'expired-token', token_type: 'Bearer', expires_in: 3600 }))
  })
  await page.goto('/dashboard/transactions')
  await expect(page.getByRole('alert')).toHaveText('Timed out, please sign in again to continue')
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible()
})

for (const [lang, label, words] of [
  ['en', 'Webhook URL', 'This server is shared: the sandbox does not post to a localhost URL.'],
  ['ja', 'Webhook URL', 'このサーバーは共有サーバーです。'],
] as const) {
  test(`${lang}: Settings says how a localhost webhook URL is delivered on this server (the browser tests' server counts as shared)`, async ({ page }) => {
    await signedIn(page, lang, `hook-mode-${lang}`)
    await page.goto('/settings')
    const hint = page.locator('[data-local-delivery]')
    await expect(hint).toHaveAttribute('data-local-delivery', 'forwarder')
    await expect(hint).toContainText(words)
    await expect(hint).toContainText('npm run sandbox:forward')
    await expect(page.getByLabel(label)).toHaveAttribute('aria-describedby', (await hint.getAttribute('id'))!)
  })
}

test('en: settings are saved and reloaded, refused values are marked, and leaving a tab or the page with changes asks first', async ({ page }) => {
  await signedIn(page, 'en', 'settings')
  await page.goto('/settings')
  const webhook = page.getByLabel('Webhook URL')
  const domains = page.getByLabel('Allowed redirect domains')
  const save = page.getByRole('button', { name: 'Save', exact: true })
  await expect(save).toBeDisabled()

  await webhook.fill('ftp://shop.example.com/hook')
  await save.click()
  await expect(page.getByRole('alert')).toContainText('Cannot be saved')
  await expect(webhook).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Enter an https:// address')).toBeVisible()

  await webhook.fill('https://shop.example.com/paylab/hook')
  await domains.fill('Shop.Example.com\nexample.org')
  await save.click()
  await expect(page.getByRole('status').filter({ hasText: 'Saved successfully' })).toBeVisible()
  await page.reload()
  await expect(webhook).toHaveValue('https://shop.example.com/paylab/hook')
  await expect(domains).toHaveValue('shop.example.com\nexample.org')

  // leaving the tab with changes: Cancel stays with the edits (issue 20); Discard changes leaves without saving
  await webhook.fill('https://changed.example.com/hook')
  await page.getByRole('tab', { name: 'API Keys' }).click()
  const popup = page.getByRole('dialog', { name: 'Would you like to save the changes' })
  await expect(popup).toBeVisible()
  await popup.getByRole('button', { name: 'Cancel' }).click()
  await expect(popup).toBeHidden()
  await expect(page.getByRole('tab', { name: 'Configuration' })).toHaveAttribute('aria-selected', 'true')
  await expect(webhook).toHaveValue('https://changed.example.com/hook')
  await page.getByRole('tab', { name: 'API Keys' }).click()
  await popup.getByRole('button', { name: 'Discard changes' }).click()
  await expect(page.getByRole('tab', { name: 'API Keys' })).toHaveAttribute('aria-selected', 'true')
  await expect(page).toHaveURL(/tab=api-keys/)
  await page.getByRole('tab', { name: 'Configuration' }).click()
  await expect(webhook).toHaveValue('https://shop.example.com/paylab/hook')

  // Save saves, then leaves
  await webhook.fill('https://saved.example.com/hook')
  await page.getByRole('tab', { name: 'OPA Scopes' }).click()
  await popup.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('tab', { name: 'OPA Scopes' })).toHaveAttribute('aria-selected', 'true')

  // products: the scopes they grant; one removed stays removed
  const qr = page.getByRole('checkbox', { name: 'Dynamic QR Code' })
  await expect(qr).toBeChecked()
  await expect(page.getByRole('list', { name: 'User authorization scopes of Native Payment' })).toContainText('direct_debit')
  await page
    .getByText(/^OPA endpoints your keys may call/)
    .first()
    .click()
  await expect(page.getByRole('list', { name: 'OPA endpoints of Web Payment' })).toContainText('POST /v2/codes')
  await qr.uncheck()
  // leaving the page with changes: the router's blocker asks too
  await page.getByRole('navigation', { name: 'Developer tools' }).getByRole('link', { name: 'Transactions' }).click()
  await popup.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/dashboard\/transactions$/)

  await page.goto('/settings?tab=opa-scopes')
  await expect(page.getByRole('checkbox', { name: 'Dynamic QR Code' })).not.toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Web Payment' })).toBeChecked()
  await page.goto('/settings')
  await expect(page.getByLabel('Webhook URL')).toHaveValue('https://saved.example.com/hook')
})

test('ja: settings read a full-width webhook URL and domains as ASCII, and OPA Scopes names the products as the docs do (issue 20)', async ({ page }) => {
  await signedIn(page, 'ja', 'settings-ja')
  await page.goto('/settings')
  const webhook = page.getByLabel('Webhook URL')
  await webhook.fill('ｈｔｔｐｓ：／／ｓｈｏｐ．ｅｘａｍｐｌｅ．ｃｏｍ／ｈｏｏｋ')
  await expect(webhook).toHaveValue('https://shop.example.com/hook')
  const domains = page.getByLabel('許可するリダイレクト先ドメイン')
  await domains.fill('ｓｈｏｐ．ｅｘａｍｐｌｅ．ｃｏｍ')
  await expect(domains).toHaveValue('shop.example.com')
  await page.goto('/settings?tab=opa-scopes')
  for (const product of products) await expect(page.getByRole('checkbox', { name: product.nameJp, exact: true })).toBeVisible()
  await expect(page.getByRole('main')).not.toContainText('動的QRコード')
})

test('ja at 390 px: myhome fits a phone, and its tools menu links to transactions, the lab, the resolver and settings', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signedIn(page, 'ja', 'phone')
  await page.goto('/dashboard/home')
  await expect(page.getByTestId('merchant-id')).toHaveText(/^\d{18}$/)
  await expect(page.getByRole('region', { name: 'テストユーザー' }).getByTestId('balance-taro')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expect(page.getByRole('button', { name: '本番モード' })).toBeInViewport()
  const tools = page.getByRole('navigation', { name: 'ツール' })
  const links: [string, string][] = [
    ['取引履歴', '/dashboard/transactions'],
    ['PayLab Lab', '/develop/paylab-lab'],
    ['レスポンスコード解析', '/develop/resolve'],
    ['設定', '/settings'],
  ]
  for (const [name, href] of links) await expect(tools.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href)
  await expect(page.getByRole('region', { name: 'お知らせ' })).toContainText('APIキーを管理')
})
