// throwaway newcomer walk (not committed)
import { chromium, type Page } from 'playwright-core'
import { chromiumArgs } from '/work/main/playwright.config.ts'
const base = process.env.BASE ?? 'http://127.0.0.1:4420'
const out = '/work/notes/walk2'
const widths = [390, 1024, 1440]
const langs = ['ja', 'en'] as const
const password = 'Portal#Test2026'
const dev = 'pp4d-00000000-0000-4000-8000-0000000000aa'
async function account() {
  const email = `walk-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@paylab.example`
  const h = { 'content-type': 'application/json', 'x-device-id': dev, origin: base }
  const c = await (await fetch(`${base}/v1/dpSignup/createAccount`, { method: 'POST', headers: h, body: JSON.stringify({ email, password }) })).json()
  const mails = await (await fetch(`${base}/sandbox/mailbox.json?to=${encodeURIComponent(email)}`)).json()
  const otp = mails.data.mails.find((m: { otp?: string }) => m.otp).otp
  const v = await (await fetch(`${base}/v1/dpSignup/validateOtp`, { method: 'POST', headers: h, body: JSON.stringify({ otp_reference_id: c.data.otp_reference_id, otp, email }) })).json()
  const token = v.data.token
  await fetch(`${base}/v1/dpSignup/signupProduct`, { method: 'POST', headers: { ...h, authorization: `Bearer ${token.access_token}` }, body: JSON.stringify({ merchantName: 'Walk Cakes', logoDMSId: 'default', email, products: [1, 3] }) })
  return token
}
const overflow = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs })
const token = await account()
const report: string[] = []
const pages: [string, string, boolean][] = [
  ['doc', '/products/docs/webpayment', false],
  ['styleguide', '/styleguide', false],
  ['cake', '/demo/checkout', false],
  ['miniapp-request', '/miniapp/request', false],
  ['apiref', '/products/docs/apireference', false],
  ['settings', '/settings', true],
  ['dashboard', '/dashboard/home', true],
]
for (const lang of langs) for (const w of widths) for (const signed of ['out', 'in'] as const) {
  const ctx = await browser.newContext({ viewport: { width: w, height: 900 } })
  await ctx.addCookies([{ name: 'lang', value: lang === 'ja' ? 'jp' : 'en', url: base }])
  const page = await ctx.newPage()
  await page.goto(`${base}/favicon.svg`)
  await page.evaluate(([l, t]) => { localStorage.setItem('lang', l!); if (t) localStorage.setItem('userLoginToken', t) }, [lang === 'ja' ? 'jp' : 'en', signed === 'in' ? JSON.stringify(token) : ''] as const)
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()) })
  for (const [name, path, needsIn] of pages) {
    if (needsIn && signed === 'out') continue
    await page.goto(`${base}${path}`)
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(500)
    const f = `${out}/${name}-${w}-${lang}-${signed}.png`
    await page.screenshot({ path: f, fullPage: name !== 'doc' && name !== 'apiref' && name !== 'styleguide' })
    report.push(`${name} ${w} ${lang} ${signed} url=${page.url().replace(base, '')} overflow=${await overflow(page)} errors=${errors.length ? errors.join(' | ').slice(0, 300) : 0}`)
    errors.length = 0
  }
  await ctx.close()
}
console.log(report.join('\n'))
await browser.close()
