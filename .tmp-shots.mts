import { chromium, request as pwRequest } from '@playwright/test'
import { createAccountThroughApi } from './tests/support/e2e-account.ts'
import { chromiumArgs } from './playwright.config.ts'

const base = 'http://127.0.0.1:4430'
const api = await pwRequest.newContext({ baseURL: base })
const { token } = await createAccountThroughApi(api as never, 'shots')
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs })
const which = process.argv[2] ?? 'home'
for (const lang of ['jp', 'en']) {
  for (const width of [390, 1024, 1440]) {
    const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 } })
    const page = await context.newPage()
    await page.goto('/internal-server-error')
    await page.evaluate(([t, l]) => { localStorage.setItem('userLoginToken', JSON.stringify(t)); localStorage.setItem('lang', l as string); document.cookie = `lang=${l}; path=/` }, [token, lang] as const)
    const path = which === 'home' ? '/dashboard/home' : which === 'tx' ? '/dashboard/transactions' : which === 'settings' ? '/settings' : which
    await page.goto(path)
    await page.waitForTimeout(2500)
    if (process.argv[3] === 'live') { await page.getByRole('button', { name: lang === 'en' ? 'Live mode' : '本番モード' }).click(); await page.waitForTimeout(700) }
    if (process.argv[3] === 'scopes') { await page.getByRole('tab').nth(2).click(); await page.waitForTimeout(700) }
    if (process.argv[3] === 'invalid') { await page.locator('input[type=url]').fill('ftp://x'); await page.locator('textarea').fill('bad domain'); await page.getByRole('button', { name: lang === 'en' ? 'Save' : '保存' , exact: true }).click(); await page.waitForTimeout(700) }
    await page.screenshot({ path: `/tmp/dash-shots/${which.replace(/\W/g, '')}${process.argv[3] ?? ''}-${lang}-${width}.png`, fullPage: process.argv[3] !== 'live' })
    await context.close()
  }
}
await browser.close()
await api.dispose()
