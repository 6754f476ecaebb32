// `npm run screenshots`: PNGs of the pages a first visitor judges the portal by, at a phone, a tablet and a
// desktop width, in Japanese and English, for a reviewer to open side by side.
//
// Builds the portal when its sources changed, starts the real server on a fresh PGlite store in a temporary
// directory (port SCREENSHOT_PORT, default 4410, on 127.0.0.1) and drives Debian Chromium through
// playwright-core with the flags of playwright.config.ts. Writes into SCREENSHOT_DIR (default `screenshots/`,
// git-ignored) and prints every path. Other pages: `npm run screenshots -- /about /webinar`; only the first screen
// of each page instead of the whole page: `npm run screenshots -- --first-screen`.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { chromiumArgs } from '../playwright.config.ts'
import { buildWeb } from './build-web.ts'
import { startServer } from '../src/server/main.ts'

/** The pages issue 11 asks for: home, a product doc, the API reference and two style-guide pages. */
const defaultPages = ['/', '/products/docs/webpayment', '/apireference', '/app-styleguide/globalrule/color', '/app-styleguide/component/buttons']
const widths = [390, 1024, 1440]
const langs = [
  { cookie: 'jp', name: 'ja' },
  { cookie: 'en', name: 'en' },
] as const

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'first-screen': { type: 'boolean', default: false } } })
const pages = positionals.filter((a) => a.startsWith('/'))
const fullPage = !values['first-screen']
const outDir = resolve(process.env.SCREENSHOT_DIR ?? 'screenshots')
const port = Number(process.env.SCREENSHOT_PORT ?? 4410)

/** `/app-styleguide/globalrule/color` → `app-styleguide-globalrule-color`; `/` → `home`. */
const fileStem = (path: string) => path.replace(/^\/+|\/+$/g, '').replace(/[^a-z0-9]+/gi, '-') || 'home'

await buildWeb()
const dataDir = mkdtempSync(join(tmpdir(), 'paylab-screenshots-'))
const server = await startServer({ ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dataDir })
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs })
mkdirSync(outDir, { recursive: true })
const written: string[] = []
try {
  for (const lang of langs) {
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}`, reducedMotion: 'reduce' })
    await context.addCookies([{ name: 'lang', value: lang.cookie, url: `http://127.0.0.1:${port}` }])
    const page = await context.newPage()
    for (const path of pages.length > 0 ? pages : defaultPages) {
      for (const width of widths) {
        await page.setViewportSize({ width, height: width < 600 ? 844 : 900 })
        await page.goto(path, { waitUntil: 'networkidle' })
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 15_000 }).catch(() => {})
        const file = join(outDir, `${fileStem(path)}-${width}-${lang.name}.png`)
        await page.screenshot({ path: file, fullPage })
        written.push(file)
        console.log(file)
      }
    }
    await context.close()
  }
} finally {
  await browser.close()
  await new Promise<void>((done) => server.server.close(() => done()))
  await server.deps.store.close()
  await server.https?.close()
  rmSync(dataDir, { recursive: true, force: true })
}
console.log(`${written.length} screenshots in ${outDir}`)
process.exit(0)
