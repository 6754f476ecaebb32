import { expect, test, type Page } from '../support/hydrated-test.ts'
import { signInThroughApi } from '../support/e2e-account.ts'
import { contentParsed, expectAxeClean, getPage, listPages, useLang, type Lang } from '../support/e2e-docs.ts'

/**
 * Documentation pages as a reader meets them (issue 5): every doc page in both languages, hash scrolling, the
 * code-language choice, copy feedback, protected pages, the side menu and breadcrumbs, the terms of use and the
 * webinars, and axe (search: docs-search.spec.ts, style guide: docs-styleguide.spec.ts).
 */

// the server parses all content once after it starts listening
test.beforeAll(contentParsed)

const routeOf = (type: string, slug: string) =>
  type === 'openPaymentApi' ? (slug === 'index' ? '/products/docs' : `/products/docs/${slug}`) : slug === 'index' ? '/miniapp/docs' : `/miniapp/docs/${slug}`

/**
 * Every doc page opened in the browser once, the pages taking turns in Japanese and English. Each page's title and
 * table of contents in both languages, as the server renders them, are tests/server/docs-pages-rendered.test.ts.
 */
for (const type of ['openPaymentApi', 'miniappDocumentation'] as const) {
  test(`every ${type} page renders with its table of contents, in Japanese and English by turns`, async ({ page, request, baseURL }) => {
    test.setTimeout(180_000)
    // the saved language follows the cookie set before each page (the portal keeps it in localStorage, spec §3)
    await page.addInitScript(() => {
      const saved = /(?:^|; )lang=(jp|en)(?:;|$)/.exec(document.cookie)?.[1]
      if (saved) localStorage.setItem('lang', saved)
    })
    const pages = await listPages(request, type, 'ja')
    expect(pages.length).toBeGreaterThan(1)
    for (const [index, summary] of pages.entries()) {
      const lang: Lang = index % 2 === 0 ? 'ja' : 'en'
      await page.context().addCookies([{ name: 'lang', value: lang === 'ja' ? 'jp' : 'en', url: baseURL! }])
      const full = await getPage(request, type, summary.slug, lang)
      await page.goto(routeOf(type, summary.slug))
      await expect(page.getByRole('heading', { level: 1, name: full.title, exact: true }), `${routeOf(type, summary.slug)} (${lang})`).toBeVisible()
      if (full.toc.length > 0 && !full.hideTOC && !full.protected) {
        const toc = page.getByRole('navigation', { name: lang === 'ja' ? 'このページの内容' : 'On this page' })
        await expect(toc.getByRole('link')).toHaveCount(full.toc.length)
        await expect(toc.getByRole('link').first()).toHaveText(full.toc[0]!.text)
      }
    }
  })
}

test('a hash scrolls to its section (lowercased, spaces as hyphens); no hash starts at the top', async ({ page }) => {
  await useLang(page, 'en')
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/products/docs/webpayment#Flows')
  const flows = page.locator('[id="flows"]')
  await expect(flows).toBeInViewport()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
  await page.goto('/products/docs/qrcode')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
})

test('the code language choice applies to every code block and survives navigation and reload', async ({ page }) => {
  await useLang(page, 'en')
  await page.goto('/products/docs/webpayment')
  const tablist = page.getByRole('tablist', { name: 'Code language' })
  await expect(tablist.first()).toBeVisible()
  await tablist.first().getByRole('tab', { name: 'Java' }).click()
  const count = await tablist.count()
  for (let i = 0; i < count; i++) {
    const java = tablist.nth(i).getByRole('tab', { name: 'Java' })
    if ((await java.count()) > 0) await expect(java).toHaveAttribute('aria-selected', 'true')
  }
  await page.goto('/products/docs/qrcode')
  const other = page.getByRole('tablist', { name: 'Code language' }).first()
  await expect(other.getByRole('tab', { name: 'Java' })).toHaveAttribute('aria-selected', 'true')
  await page.reload()
  await expect(page.getByRole('tablist', { name: 'Code language' }).first().getByRole('tab', { name: 'Java' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.locator('.code-block__pre').first()).toHaveCSS('max-height', '313px')
})

test('a protected page asks a visitor to sign in or sign up, and opens for a signed-in developer', async ({ page }) => {
  await useLang(page, 'en')
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/products/docs/golive')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Going live')
  const prompt = page.getByRole('region', { name: 'Sign in to read this page' })
  await expect(prompt).toBeVisible()
  await expect(prompt.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/account/signup')
  await expect(page.getByRole('heading', { name: 'Activate your account' })).toHaveCount(0)
  await prompt.getByRole('link', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/account\/signin/)

  await signInThroughApi(page, 'docs')
  await page.goto('/products/docs/golive#activation')
  await expect(page.getByRole('heading', { name: 'Activate your account' })).toBeInViewport()
  await expect(page.getByRole('region', { name: 'Sign in to read this page' })).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: /on this page/i }).getByRole('link', { name: 'Live credentials' })).toBeVisible()
})

test('a code block links to the release notes of the SDK its selected language belongs to', async ({ page }) => {
  await useLang(page, 'en')
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/products/docs/webpayment')
  const block = page
    .locator('.code-block')
    .filter({ has: page.getByRole('tablist') })
    .first()
  await block.getByRole('tab', { name: 'Php' }).click()
  await block.getByRole('link', { name: 'Release notes of the Php SDK' }).click()
  await expect(page).toHaveURL(/\/products\/docs\/releasenotes#php$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('SDK release notes')
  await expect(page.locator('[id="php"]')).toBeInViewport()
})

test('the copy button copies the code and says "Copied" for 4 seconds', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await useLang(page, 'en')
  await page.clock.install()
  await page.goto('/products/docs/webpayment')
  const block = page.locator('.code-block').first()
  await expect(block).toBeVisible()
  // stop the page's clock so the 4 s are measured on it, not on a busy machine's wall clock
  await page.clock.pauseAt(new Date(Date.now() + 60_000))
  await block.getByRole('button', { name: 'Copy' }).click()
  await expect(block.getByRole('button', { name: 'Copied' })).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied.length).toBeGreaterThan(0)
  expect((await block.locator('pre').innerText()).replace(/\s+/g, '')).toContain(copied.replace(/\s+/g, '').slice(0, 40))
  await page.clock.runFor(3_900)
  await expect(block.getByRole('button', { name: 'Copied' })).toBeVisible()
  await page.clock.runFor(200)
  await expect(block.getByRole('button', { name: 'Copy' })).toBeVisible()
})

test('terms of use start in English without a saved language and switch on their own', async ({ page }) => {
  await page.goto('/terms-of-use')
  const group = page.getByRole('group', { name: /Language of the terms|規約の言語/ })
  await expect(group.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const englishTitle = await page.getByRole('heading', { level: 1 }).textContent()
  await group.getByRole('button', { name: '日本語' }).click()
  await expect(group.getByRole('button', { name: '日本語' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(englishTitle ?? '')
})

test('the webinar page remembers the visit in a cookie for one day', async ({ page, context }) => {
  await useLang(page, 'en')
  await page.goto('/webinar?product=webpayment')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // written by the page once it runs in the browser (the server's HTML is there before)
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'webpaymentWebinarAccess')?.value).toBe('viewed')
  const cookie = (await context.cookies()).find((c) => c.name === 'webpaymentWebinarAccess')
  const days = (cookie!.expires - Date.now() / 1000) / 86_400
  expect(days).toBeGreaterThan(0.99)
  expect(days).toBeLessThanOrEqual(1.01)
})

test('a webinar session opens its own page with its outline and slides, in the same tab (issue 20)', async ({ page }) => {
  await useLang(page, 'en')
  await page.goto('/webinar')
  await page.getByRole('link', { name: /Web Payment in depth/ }).click()
  await expect(page).toHaveURL(/\/webinar\/web-payment$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Web Payment in depth')
  await expect(page.getByRole('heading', { level: 2, name: 'Slides' })).toBeVisible()
  expect(page.context().pages()).toHaveLength(1)
})

test('a webinar session page is there in Japanese, and an unknown session is the 404 page', async ({ page }) => {
  await useLang(page, 'ja')
  await page.goto('/webinar/web-payment')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ウェブペイメント徹底解説')
  await expect(page.getByRole('heading', { level: 2, name: 'スライド' })).toBeVisible()
  await page.goto('/webinar/no-such-session')
  await expect(page).toHaveURL(/\/not-found$/)
})

test('an unknown doc slug goes to the 404 page', async ({ page }) => {
  await page.goto('/products/docs/no-such-product')
  await expect(page).toHaveURL(/\/not-found$/)
})

// '/', '/products/docs/webpayment', '/miniapp/docs/features/mfPayment', '/apireference' and '/terms-of-use' in English
// at 1280 px with every impact: the width walk (tests/e2e/layout-widths.spec.ts), which loads them anyway
for (const path of ['/products/docs']) {
  test(`axe finds nothing on ${path}`, async ({ page }) => {
    await useLang(page, 'en')
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
    await expectAxeClean(page)
  })
}

test('mini-app pages show their own side menu with the current page marked, and breadcrumbs Home / Mini App / section / page', async ({ page }) => {
  await useLang(page, 'en')
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/miniapp/docs/features/mfPayment')
  const menu = page.getByRole('navigation', { name: 'Documentation' })
  await expect(menu.locator('a[aria-current="page"]')).toHaveAttribute('href', '/miniapp/docs/features/mfPayment')
  await expect(menu.locator('a[href="/products/docs/webpayment"]')).toHaveCount(0)
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')
  await expect(crumbs).toHaveCount(4) // spec §2: Home, Mini App, then section (issue 11)
  await expect(crumbs.nth(2)).toHaveText('Features')
  await expect(crumbs.nth(0)).toHaveText('Home')
  await expect(crumbs.nth(1)).toHaveText('Mini App')
  await expect(crumbs.nth(1).getByRole('link')).toHaveAttribute('href', '/miniapp/docs')
  await page.goto('/products/docs/webpayment')
  await expect(page.getByRole('navigation', { name: 'Documentation' }).locator('a[aria-current="page"]')).toHaveAttribute('href', '/products/docs/webpayment')
})

test('on a phone the mini-app TOC is hidden and the side menu slides out from a button', async ({ page }) => {
  await useLang(page, 'en')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/miniapp/docs/features/mfPayment')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'On this page' })).toBeHidden()
  const toggle = page.getByRole('button', { name: 'Menu', exact: true }).and(page.locator('.doc-sidebar__toggle'))
  await expect(page.locator('#doc-sidebar')).toBeHidden()
  await toggle.click()
  await expect(page.locator('#doc-sidebar')).toBeVisible()
  await page.locator('#doc-sidebar').getByRole('button', { name: 'Close menu' }).click()
  await expect(page.locator('#doc-sidebar')).toBeHidden()
})

/** How many lines each matched element's text takes (an inline box split across lines has one rect per line). */
const linesOf = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) => els.map((el) => `${el.textContent}: ${el.getClientRects().length}`))

test('issue 20: Japanese home figures keep each part whole at every width; doc tables keep field names whole on a phone, and the tab strips fade at the edge that has more', async ({
  page,
}) => {
  await useLang(page, 'ja')
  await page.goto('/')
  const parts = page.locator('.doc-figures__part')
  await expect(parts.first()).toBeVisible()
  for (const width of [390, 1024, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    for (const line of await linesOf(page, '.doc-figures__part')) expect(line, `${width}px`).toMatch(/: 1$/)
  }
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/products/docs/webpayment')
  await expect(page.locator('.doc-table').first()).toBeVisible()
  const names = await linesOf(page, '.doc-table td:first-child .doc-inline-code')
  expect(names.length).toBeGreaterThan(3)
  for (const line of names) expect(line).toMatch(/: 1$/)
  // a tab strip wider than the phone scrolls, with the shadow cue painted by its background
  const strip = page.locator('.ui-tabs__list').first()
  if (await strip.count()) {
    const cue = await strip.evaluate((el) => getComputedStyle(el).backgroundAttachment)
    expect(cue).toContain('local')
  }
})

test('issue 19: a server-rendered docs page switches language with its body and side menu, back again, and its blocks stay usable', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/products/docs/webpayment')
  const main = page.locator('main')
  await expect(main).toContainText('加盟店のサーバーが注文ごとに決済コードを作成し')
  const toggle = page.getByRole('banner').getByRole('group', { name: '言語' })
  await toggle.getByRole('button', { name: 'English' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Web Payment')
  await expect(main).toContainText('Your server creates')
  await expect(page.locator('#doc-sidebar')).toContainText('Dynamic QR Code')
  await page.getByRole('banner').getByRole('group', { name: 'Language' }).getByRole('button', { name: '日本語' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ウェブペイメント')
  await expect(main).toContainText('加盟店のサーバーが注文ごとに決済コードを作成し')
  await expect(main).not.toContainText('Your server creates')
  await expect(page.locator('#doc-sidebar')).toContainText('ダイナミックQRコード')
  const block = page
    .locator('.code-block')
    .filter({ has: page.getByRole('tab') })
    .first()
  await block.getByRole('tab', { name: 'Java' }).click()
  await expect(block.getByRole('tab', { name: 'Java' })).toHaveAttribute('aria-selected', 'true')
  await expect(block.locator('code')).toHaveAttribute('data-language', 'java')
})
