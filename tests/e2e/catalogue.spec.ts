import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '../support/hydrated-test.ts'

/**
 * The payment sample catalogue (/demo/catalogue, issue 13) in Chromium: four options, a language tab list each
 * showing that language's sample (the very file under samples/), a copy button that puts the file on the clipboard,
 * in Japanese and English, without a horizontal page scroll on a phone.
 */
type Lang = 'ja' | 'en'
const texts = {
  // issue 20: the app-invoke option is named by the products table (アプリ呼び出し, as home and docs say)
  ja: {
    title: '支払いサンプル集',
    cashback: 'キャッシュバック',
    appInvoke: 'アプリ呼び出し',
    copy: 'コピー',
    copied: 'コピーしました',
    link: 'このデモの裏側のコード：7 言語の支払いサンプル集',
  },
  en: {
    title: 'Payment sample catalogue',
    cashback: 'Cashback',
    appInvoke: 'App Invoke',
    copy: 'Copy',
    copied: 'Copied',
    link: 'The code behind it: the payment sample catalogue in seven languages',
  },
}

async function useLang(page: Page, lang: Lang) {
  const stored = lang === 'ja' ? 'jp' : 'en'
  await page.context().addCookies([{ name: 'lang', value: stored, url: test.info().project.use.baseURL! }])
  await page.addInitScript((value) => localStorage.setItem('lang', value), stored)
}

for (const lang of ['ja', 'en'] as const) {
  test(`${lang}: an option's language tab shows that language's sample, and copy puts it on the clipboard`, async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await useLang(page, lang)
    await page.goto('/demo/checkout')
    await page.getByRole('link', { name: texts[lang].link }).click()
    await expect(page).toHaveURL(/\/demo\/catalogue$/)
    await expect(page.getByRole('heading', { level: 1, name: texts[lang].title })).toBeVisible()
    await expect(page.locator('section[data-option]')).toHaveCount(4)

    const cashback = page.getByRole('region', { name: texts[lang].cashback })
    await expect(cashback.getByRole('tab', { name: 'iOS (Swift)' })).toHaveAttribute('aria-selected', 'true')
    await expect(cashback.getByRole('tabpanel')).toContainText('import Foundation')

    await cashback.getByRole('tab', { name: 'Java', exact: true }).click()
    await expect(cashback.getByRole('tab', { name: 'Java', exact: true })).toHaveAttribute('aria-selected', 'true')
    const panel = cashback.getByRole('tabpanel')
    await expect(panel).toContainText('samples/cashback/Cashback.java')
    await expect(panel.locator('pre').first()).toContainText('public final class Cashback')
    // the other options keep their own language
    await expect(page.getByRole('region', { name: texts[lang].appInvoke }).getByRole('tab', { name: 'iOS (Swift)' })).toHaveAttribute('aria-selected', 'true')

    // the arrow keys move along the tab list too
    await cashback.getByRole('tab', { name: 'Java', exact: true }).press('ArrowRight')
    await expect(cashback.getByRole('tab', { name: 'PHP' })).toBeFocused()
    await expect(panel.locator('pre').first()).toContainText("require __DIR__ . '/../lib/opa-auth.php';")

    await panel.getByRole('button', { name: texts[lang].copy }).first().click()
    await expect(panel.getByRole('button', { name: texts[lang].copied })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(readFileSync('samples/cashback/php.php', 'utf8'))
  })
}

test('the catalogue is rendered by the server and does not scroll sideways on a 390 px phone', async ({ page }) => {
  await useLang(page, 'en')
  await page.setViewportSize({ width: 390, height: 844 })
  const response = await page.request.get('/demo/catalogue', { headers: { cookie: 'lang=en' } })
  const html = await response.text()
  expect(html).toContain('Payment sample catalogue')
  expect(html).toContain('OpaAuth.request(&quot;POST&quot;, &quot;/v2/codes&quot;') // the iOS sample, in the server's HTML
  await page.goto('/demo/catalogue')
  await expect(page.locator('section[data-option]')).toHaveCount(4)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})
