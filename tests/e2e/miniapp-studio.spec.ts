import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Frame, Page } from '@playwright/test'
import axe from 'axe-core'
import { createAccountThroughApi } from '../support/e2e-account.ts'
import { expect, test } from '../support/hydrated-test.ts'

/**
 * Issue 21 "Done means", in both languages: a newcomer opens the mini-app studio, runs the example app (cake shop),
 * consents (Agree only after scrolling to the end, one scope refused), pays ¥500 with real sandbox money (completion
 * screen, the balance down by ¥500, the payment COMPLETED in transactions when signed in), and the bridge refuses what
 * it must: a refused scope (INSUFFICIENT_SCOPE), a domain outside the whitelist (NONE_WHITELIST_DOMAIN), a forced §8
 * code, and a feature below its minimum wallet version (§9). A broken app.json picked as a folder shows every finding
 * with its path. The example app's own buttons are not relied on: the test calls `pp` in the app's frame, as the
 * app's own code would.
 */

type Lang = 'ja' | 'en'
type Answer = { ok: true; res: unknown } | { ok: false; err: { errorCode: string; errorMessage: string } }

const text = {
  ja: {
    run: 'サンプルアプリを動かす',
    consent: '情報利用の許可',
    agree: '同意して続ける',
    email: 'メールアドレス',
    balance: '残高',
    payment: '支払い',
    pay: '¥500 を支払う',
    result: '決済結果',
    success: '成功',
    close: '閉じる',
    menu: 'メニュー',
    settings: '設定',
    version: 'ウォレットアプリのバージョン',
    bridgeFunction: 'ブリッジ関数',
    errorCode: 'エラーコード',
    force: 'エラーを設定',
    forced: '設定したエラー',
    findings: '指摘事項',
    pick: 'ミニアプリのフォルダーを選ぶ',
  },
  en: {
    run: 'Run the example app',
    consent: 'Permission request',
    agree: 'Agree and continue',
    email: 'E-mail address',
    balance: 'Balance',
    payment: 'Payment',
    pay: 'Pay ¥500',
    result: 'Payment result',
    success: 'Success',
    close: 'Close',
    menu: 'Menu',
    settings: 'Settings',
    version: 'Wallet app version',
    bridgeFunction: 'Bridge function',
    errorCode: 'Error code',
    force: 'Force',
    forced: 'Forced errors',
    findings: 'Findings',
    pick: 'Pick a mini-app folder',
  },
} as const

async function inLanguage(page: Page, lang: Lang) {
  await page.context().addCookies([{ name: 'lang', value: lang === 'ja' ? 'jp' : 'en', url: test.info().project.use.baseURL! }])
  await page.addInitScript((stored) => localStorage.setItem('lang', stored), lang === 'ja' ? 'jp' : 'en')
}

/** The mini app's frame (sandboxed, opaque origin): found by its address. */
async function appFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url().includes('/miniapp-run/example/'))).toBe(true)
  return page.frames().find((f) => f.url().includes('/miniapp-run/example/'))!
}

/** Starts `pp.<name>(params)` in the app's frame and resolves with what success or fail received. */
function pp(frame: Frame, name: string, params: Record<string, unknown> = {}): Promise<Answer> {
  return frame.evaluate(
    ([fn, args]) =>
      new Promise<Answer>((resolve) => {
        const bridge = (window as unknown as { pp: Record<string, (o: unknown) => void> }).pp
        bridge[fn]!({
          ...args,
          success: (res: unknown) => resolve({ ok: true, res }),
          fail: (err: { errorCode: string; errorMessage: string }) => resolve({ ok: false, err }),
        })
      }),
    [name, params] as const,
  )
}

/** pp.getBalance's `balance` (§3). */
function balanceOf(answer: Answer): number {
  expect(answer.ok, JSON.stringify(answer)).toBe(true)
  return (answer as { res: { balance: number } }).res.balance
}

async function walkTheExample(page: Page, lang: Lang) {
  const t = text[lang]
  await page.goto('/miniapp/studio')
  await page.getByRole('button', { name: t.run }).click()
  await expect(page).toHaveURL(/\/miniapp\/studio\?app=example$/)
  const phone = page.getByTestId('miniapp-studio')
  const frame = await appFrame(page)

  // consent at first launch: every registered permission at once; Agree only after the end of the text
  const consent = phone.getByRole('dialog', { name: t.consent })
  // the example asks at pp.init; an app that asks later gets it at its first scoped call
  await consent.waitFor({ timeout: 5_000 }).catch(() => void pp(frame, 'getUserProfile'))
  await expect(consent).toBeVisible()
  const agree = consent.getByRole('button', { name: t.agree })
  const scroller = consent.getByTestId('consent-scroll')
  const scrolls = await scroller.evaluate((box) => box.scrollHeight > box.clientHeight + 4)
  if (scrolls) await expect(agree).toBeDisabled()
  // one scope refused at consent: the profile answers without it (§6)
  await consent.getByRole('switch', { name: t.email }).uncheck()
  await scroller.evaluate((box) => box.scrollTo(0, box.scrollHeight))
  await agree.click()
  await expect(consent).toBeHidden()
  const profile = await pp(frame, 'getUserProfile')
  expect(profile.ok, JSON.stringify(profile)).toBe(true)
  expect((profile as { res: { email?: unknown; fullName?: unknown } }).res).toMatchObject({ email: null, fullName: expect.any(String) })

  // ¥500 with real sandbox money
  const before = balanceOf(await pp(frame, 'getBalance'))
  const merchantPaymentId = `studio-e2e-${lang}-${Date.now()}`
  const paying = pp(frame, 'makePayment', { merchantPaymentId, amount: { amount: 500, currency: 'JPY' }, orderDescription: 'Strawberry shortcake' })
  const payment = phone.getByRole('dialog', { name: t.payment, exact: true })
  await expect(payment.getByTestId('payment-amount')).toContainText('¥500')
  await payment.getByRole('button', { name: t.pay }).click()
  const done = phone.getByRole('dialog', { name: t.result })
  await expect(done.getByTestId('completion-status')).toHaveText(t.success)
  await expect(done.getByTestId('completion-amount')).toHaveText('¥500')
  await done.getByRole('button', { name: t.close, exact: true }).last().click()
  const paid = await paying
  expect(paid.ok, JSON.stringify(paid)).toBe(true)
  expect(JSON.stringify(paid)).toMatch(/"jws":"[\w-]+\.[\w-]+\.[\w-]+"/)
  expect(balanceOf(await pp(frame, 'getBalance'))).toBe(before - 500)
  // the inspector saw the call and its answer
  await expect(page.getByTestId('inspector-list')).toContainText('makePayment')

  // a domain outside whiteListDomains
  const outside = await pp(frame, 'request', { url: 'https://not-whitelisted.example.org/api', method: 'GET' })
  expect(outside).toMatchObject({ ok: false, err: { errorCode: 'NONE_WHITELIST_DOMAIN' } })

  // a forced §8 code, used once
  await page.getByLabel(t.bridgeFunction).selectOption('getUserProfile')
  await page.getByLabel(t.errorCode).selectOption('SERVER_ERROR')
  await page.getByRole('button', { name: t.force, exact: true }).click()
  await expect(page.getByRole('list', { name: t.forced })).toContainText('getUserProfile')
  expect(await pp(frame, 'getUserProfile')).toMatchObject({ ok: false, err: { errorCode: 'SERVER_ERROR' } })
  await expect(page.getByTestId('inspector-list')).toContainText('SERVER_ERROR')
  await expect(page.getByRole('list', { name: t.forced })).toBeHidden()
  expect((await pp(frame, 'getUserProfile')).ok).toBe(true)

  // version gate (§9: payment needs 2.40.0)
  await page.getByLabel(t.version).selectOption('2.31.0')
  expect((await pp(frame, 'makePayment', { merchantPaymentId: `${merchantPaymentId}-old`, amount: { amount: 100, currency: 'JPY' } })).ok).toBe(false)
  await page.getByLabel(t.version).selectOption('2.42.0')

  // consent revoked later from the menu's settings: getBalance answers INSUFFICIENT_SCOPE
  await phone.getByTestId('studio-nav').getByRole('button', { name: t.menu, exact: true }).click()
  const menu = phone.getByRole('dialog', { name: t.menu, exact: true })
  await menu.getByRole('button', { name: t.settings, exact: true }).click()
  await menu.getByRole('switch', { name: t.balance, exact: true }).uncheck()
  await menu.getByRole('button', { name: t.close, exact: true }).click()
  await expect(menu).toBeHidden()
  expect(await pp(frame, 'getBalance')).toMatchObject({ ok: false, err: { errorCode: 'INSUFFICIENT_SCOPE' } })
  return { merchantPaymentId }
}

test('ja, signed in: the example app consents, pays ¥500 into the developer’s sandbox (COMPLETED in transactions) and is refused what it must be', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const { token } = await createAccountThroughApi(page.request, 'studio')
  await inLanguage(page, 'ja')
  await page.addInitScript((stored) => {
    if (!localStorage.getItem('userLoginToken')) localStorage.setItem('userLoginToken', stored)
  }, JSON.stringify(token))
  const { merchantPaymentId } = await walkTheExample(page, 'ja')
  await page.goto('/dashboard/transactions')
  const row = page.getByRole('row').filter({ hasText: merchantPaymentId })
  await expect(row).toContainText('COMPLETED')
  await expect(row).toContainText(/[¥￥]500/) // the Japanese transactions page writes the full-width sign
})

test('en, signed out: a broken app.json picked as a folder shows every finding with its path; the example app pays the demo merchant', async ({ page }) => {
  test.setTimeout(90_000)
  await inLanguage(page, 'en')
  await page.goto('/miniapp/studio')
  const folder = mkdtempSync(join(tmpdir(), 'paylab-broken-app-'))
  mkdirSync(join(folder, 'pages', 'home'), { recursive: true })
  writeFileSync(join(folder, 'app.json'), JSON.stringify({ appName: 42, pages: ['pages/home', 'pages/missing'], window: { navigationBarTextStyle: 'red' } }))
  writeFileSync(join(folder, 'pages', 'home', 'home.html'), '<p>home</p>')
  await page.getByLabel(text.en.pick).setInputFiles(folder)
  const findings = page.getByRole('list', { name: text.en.findings })
  await expect(findings).toBeVisible()
  for (const path of ['appName', 'version', 'baseLibraryVersion', 'pages/missing', 'navigationBarTextStyle']) await expect(findings).toContainText(path)
  await expect(page.getByRole('alert').filter({ hasText: 'The app has errors' })).toBeVisible()
  await expect(page).toHaveURL(/\/miniapp\/studio$/) // nothing was uploaded
  // the example replaces the refused folder: its findings and its alert go with it
  await page.getByRole('button', { name: text.en.run }).click()
  await expect(page).toHaveURL(/\/miniapp\/studio\?app=example$/)
  await expect(page.getByRole('alert').filter({ hasText: 'The app has errors' })).toBeHidden()
  await expect(page.getByTestId('miniapp-studio').getByText('pages/missing')).toHaveCount(0)

  await walkTheExample(page, 'en')

  // phone, controls and inspector hold from a phone to a wide desktop (they stack on narrow screens); axe finds nothing serious
  await page.addScriptTag({ content: axe.source })
  for (const width of [390, 1024, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `sideways scroll at ${width}px`).toBeLessThanOrEqual(width)
    const serious = await page.evaluate(async () => {
      const result = await (window as unknown as { axe: typeof axe }).axe.run(
        // the navigation and tab bars wear the colours of the app's app.json (the developer's choice, shown as the wallet would)
        { include: [['body']], exclude: [['.studio-nav'], ['.studio-tabs']] },
        { resultTypes: ['violations'], iframes: false },
      )
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    })
    expect(serious, `axe at ${width}px`).toEqual([])
  }
})
