import { expect, test as base, type Browser, type Page } from '../support/hydrated-test.ts'

/**
 * Server rendering as a visitor meets it (issue 10, docs/performance.md): every public page arrives as HTML with its
 * whole text — readable with JavaScript off, in the saved language (the `lang` cookie), bare (and a sample under /webview) —
 * and hydrating it changes nothing on screen, logs no error or hydration warning, and fetches nothing it carried.
 * Navigation after hydration stays in the page (no new document).
 */

const publicRoutes = [
  '/',
  '/products/docs',
  '/products/docs/webpayment',
  '/miniapp/docs',
  '/miniapp/docs/getstarted',
  '/apireference',
  '/app-styleguide',
  '/app-styleguide/globalrule/color',
  '/app-styleguide/component/buttons',
  '/products/mini-apps',
  '/terms-of-use',
  '/about',
  '/webinar',
  '/not-found',
  '/internal-server-error',
  '/account/signin',
  '/account/signup',
  '/account/forgotPassword',
]

/**
 * /webview renders the same route tree in the webview frame (tests/e2e/shell-routes.spec.ts walks every route's frame);
 * here a sample of page kinds is also read under it: home, a docs article, a form, the style guide, an error page.
 */
const webviewSample = new Set(['/', '/products/docs/webpayment', '/account/signin', '/app-styleguide/component/buttons', '/not-found'])

/** The page's visible text, main region and frame apart, whitespace folded. */
async function pageText(page: Page) {
  const text = (selector: string) =>
    page
      .locator(selector)
      .first()
      .innerText()
      .then((t) => t.replace(/\s+/g, ' ').trim())
  return { heading: await text('h1'), main: await text('main'), header: await text('header'), footer: await text('footer') }
}

/**
 * One page with JavaScript off per worker reads what the server answered, in every test: the language is its
 * cookie, set before each load; a page without JavaScript keeps nothing else from one load to the next.
 */
const test = base.extend<object, { serverPage: Page }>({
  serverPage: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })
      await use(await context.newPage())
      await context.close()
    },
    { scope: 'worker' },
  ],
})

async function withCookie(browser: Browser, lang: 'jp' | 'en', baseURL: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addCookies([{ name: 'lang', value: lang, url: baseURL }])
  return context
}

/** Console errors and warnings of a page; the answer status of an error page itself is what it is meant to be. */
function watchConsole(page: Page) {
  const messages: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return
    if (
      /Failed to load resource: the server responded with a status of (404|500)/.test(message.text()) &&
      /\/(not-found|internal-server-error)$/.test(page.url())
    )
      return
    messages.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`))
  return messages
}

/**
 * The page as a browser with JavaScript on shows it once hydrated and idle: the same text as the server's HTML
 * (`served`), without errors or warnings, in a context of its own (a fresh local storage).
 */
async function expectHydratedSame(browser: Browser, lang: 'jp' | 'en', baseURL: string, url: string, served: Awaited<ReturnType<typeof pageText>>) {
  const on = await withCookie(browser, lang, baseURL)
  try {
    const page = await on.newPage()
    const messages = watchConsole(page)
    await page.goto(url)
    await page.waitForLoadState('networkidle')
    expect(await pageText(page), `${url} (${lang}) reads the same after hydration`).toEqual(served)
    expect(messages, `${url} (${lang})`).toEqual([])
  } finally {
    await on.close()
  }
}

for (const path of publicRoutes) {
  const prefixes = webviewSample.has(path) ? ['', '/webview'] : ['']
  test(`${path}: the server's HTML holds the whole page in jp and en${prefixes.length > 1 ? ', bare and under /webview,' : ''} and hydration changes nothing`, async ({
    browser,
    baseURL,
    serverPage: plain,
  }) => {
    test.setTimeout(90_000)
    // each hydrated page waits for its network to be idle (500 ms without a request): they wait side by side while
    // the next server HTML is read
    const hydrated: Promise<void>[] = []
    const settled = () => Promise.allSettled(hydrated)
    try {
      for (const lang of ['jp', 'en'] as const) {
        for (const prefix of prefixes) {
          const url = `${prefix}${path === '/' && prefix ? '' : path}`
          // JavaScript off: what the server answered
          await plain.context().addCookies([{ name: 'lang', value: lang, url: baseURL! }])
          await plain.goto(url)
          expect(await plain.locator('html').getAttribute('lang')).toBe(lang === 'en' ? 'en' : 'ja')
          const served = await pageText(plain)
          expect(served.heading.length, `${url} (${lang}) has a heading`).toBeGreaterThan(0)
          expect(served.footer).toContain('© 2026 PayLab Corporation')
          expect(await plain.locator('[aria-busy="true"]').count(), `${url} (${lang}) has no skeleton`).toBe(0)

          // JavaScript on: the same text once hydrated, without errors or warnings
          hydrated.push(expectHydratedSame(browser, lang, baseURL!, url, served))
        }
      }
    } catch (error) {
      await settled() // no page is left loading after the test
      throw error
    }
    const failed = (await settled()).find((result) => result.status === 'rejected')
    if (failed) throw failed.reason
  })
}

test('a docs page carries its data: after hydration the browser asks the content API for nothing it shows', async ({ page }) => {
  const contentRequests: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/dev/')) contentRequests.push(request.url())
  })
  await page.goto('/products/docs/webpayment')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(contentRequests).toEqual([])
  // the page's blocks and side menu are its server HTML (issue 19): a link there navigates in the page and asks for the
  // next page (and the side menu it draws), never again for this one
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url())
  })
  await page.locator('#doc-sidebar').getByRole('link', { name: 'ダイナミックQRコード' }).click()
  await expect(page).toHaveURL(/\/products\/docs\/qrcode$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ダイナミックQRコード')
  await expect(page.locator('#doc-sidebar [aria-current="page"]')).toHaveText('ダイナミックQRコード')
  expect(documents).toEqual([])
  const asked = contentRequests.map((url) => new URL(url)).map((url) => `${url.pathname}?${url.searchParams.get('slug') ?? url.searchParams.get('type')}`)
  expect(asked.sort()).toEqual(['/dev/config/pages?qrcode', '/dev/config/v2/components?leftMenu'])

  // the header's and footer's menus are carried once too: a closed panel is an empty element in the server's HTML, and
  // the menus' data is asked for when a menu button is pointed at; its panel then opens with its links
  const products = page.getByRole('banner').getByRole('button', { name: 'プロダクト' })
  const panel = page.locator(`[id="${await products.getAttribute('aria-controls')}"]`)
  await expect(panel).toBeEmpty()
  contentRequests.length = 0
  await products.hover()
  await products.click()
  await expect(products).toHaveAttribute('aria-expanded', 'true')
  await expect(panel.locator('a[href="/products/docs/webpayment"]')).toBeVisible()
  expect(contentRequests.map((url) => new URL(url).searchParams.getAll('type').join())).toEqual(['topMenu,footer'])
})

test('a page the server answers from its page cache is as fresh as the page: hydrated an hour after it was rendered, it asks for nothing', async ({ page }) => {
  // rendered, and kept in the server's page cache with its data's times of now
  expect((await page.request.get('/products/docs/webpayment', { headers: { cookie: 'lang=jp' } })).ok()).toBe(true)
  // the browser meets the cached page an hour later: were its data as old as its render, the page query (fresh for five
  // minutes) would be asked for again at once
  await page.clock.setFixedTime(Date.now() + 60 * 60_000)
  const contentRequests: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/dev/')) contentRequests.push(request.url())
  })
  await page.goto('/products/docs/webpayment')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ウェブペイメント')
  await page.waitForLoadState('networkidle')
  expect(contentRequests).toEqual([])
})

test('navigation after hydration stays in the page: no new document is loaded', async ({ page }) => {
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url())
  })
  await page.goto('/products/docs/webpayment')
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => Object.assign(window, { __samePage: true }))
  await page.getByRole('navigation', { name: 'パンくずリスト' }).getByRole('link', { name: 'ホーム' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true)
  expect(documents).toHaveLength(1)
})

test('a language saved before the cookie existed is mirrored into it and the page switches to it', async ({ page, context }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en'))
  await page.goto('/products/docs/webpayment')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Web Payment')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page).toHaveTitle('Web Payment | PayLab')
  expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('en')
})

for (const path of ['/', '/products/docs/webpayment', '/miniapp/docs/getstarted']) {
  test(`${path} on a phone: nothing moves on screen as the page loads and hydrates`, async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 })
    await page.addInitScript(() => {
      const shifts: number[] = []
      Object.assign(window, { __layoutShifts: shifts })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value)
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    await expect(page.locator('footer')).toBeVisible()
    const total = await page.evaluate(() => (window as unknown as { __layoutShifts: number[] }).__layoutShifts.reduce((a, b) => a + b, 0))
    expect(total).toBeLessThan(0.02)
  })
}

test('a visitor does not download the session machine; a stored sign-in loads it at once', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await page.goto('/products/docs/webpayment')
  await page.waitForLoadState('networkidle')
  expect(scripts.filter((s) => s.includes('session-actor'))).toEqual([])

  await page.evaluate(() => localStorage.setItem('userLoginToken', JSON.stringify({ access_token: 'e2e-token-0000000000' })))
  await page.reload()
  await expect.poll(() => scripts.filter((s) => s.includes('session-actor')).length).toBeGreaterThan(0)
})
