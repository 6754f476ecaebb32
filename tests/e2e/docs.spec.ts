import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, test, type APIRequestContext, type Page } from '../support/hydrated-test.ts'
import { settleAnimations } from '../support/animations.ts'
import { signInThroughApi } from '../support/e2e-account.ts'

/**
 * Documentation, search and style guide as a reader meets them (issue 5): every doc page in both languages,
 * hash scrolling, the code-language choice, copy feedback, search in Japanese and English, keyboard-only search,
 * and axe.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type Lang = 'ja' | 'en'
interface Summary {
  slug: string
  title: string
}
interface FullPage {
  title: string
  toc: { id: string; text: string }[]
  hideTOC: boolean
  protected: boolean
}

async function useLang(page: Page, lang: Lang) {
  // the portal keeps the language in localStorage (spec §3) and its mirror, the `lang` cookie the server renders in
  await page.context().addCookies([{ name: 'lang', value: lang === 'ja' ? 'jp' : 'en', url: test.info().project.use.baseURL! }])
  await page.addInitScript(
    (stored) => {
      if (!sessionStorage.getItem('docs-e2e-lang-set')) {
        localStorage.setItem('lang', stored)
        sessionStorage.setItem('docs-e2e-lang-set', '1')
      }
    },
    lang === 'ja' ? 'jp' : 'en',
  )
}

async function listPages(request: APIRequestContext, type: string, lang: Lang): Promise<Summary[]> {
  const res = await request.get(`/dev/config/pages?type=${type}&lang=${lang === 'ja' ? 'jp' : 'en'}`)
  expect(res.ok()).toBe(true)
  return (await res.json()).data
}

async function getPage(request: APIRequestContext, type: string, slug: string, lang: Lang): Promise<FullPage> {
  const res = await request.get(`/dev/config/pages?type=${type}&slug=${encodeURIComponent(slug)}&lang=${lang === 'ja' ? 'jp' : 'en'}`)
  expect(res.ok(), `${type}.${slug} (${lang})`).toBe(true)
  return (await res.json()).data
}

async function expectAxeClean(page: Page) {
  await settleAnimations(page)
  await page.addScriptTag({ content: axeSource })
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }
    ).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    )
  })
  expect(violations).toEqual([])
}

// The server parses all content once after it starts listening; wait for that before timing anything.
test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000)
  for (let i = 0; i < 240; i++) {
    const res = await request.get('/dev/config/pages?type=page&slug=home&lang=en', { timeout: 240_000 })
    if (res.ok()) return
    await new Promise((r) => setTimeout(r, 1_000))
  }
})

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

async function openSearch(page: Page) {
  await page
    .locator('header')
    .getByRole('button', { name: /search|検索/i })
    .first()
    .click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  return dialog
}

test('search finds a page by a Japanese word inside a sentence, and navigates to it', async ({ page }) => {
  await useLang(page, 'ja')
  await page.goto('/')
  const dialog = await openSearch(page)
  await dialog.getByRole('searchbox').fill('キャッシャー')
  const result = dialog.getByRole('link', { name: /ウェブペイメント/ })
  await expect(result).toBeVisible()
  await result.click()
  await expect(page).toHaveURL(/\/products\/docs\/webpayment$/)
  await expect(page.getByRole('dialog')).toBeHidden()
})

test('search finds a page by an English word and says so when nothing matches', async ({ page }) => {
  await useLang(page, 'en')
  await page.goto('/products/docs/qrcode')
  const dialog = await openSearch(page)
  await dialog.getByRole('searchbox').fill('cashier')
  await expect(dialog.getByRole('link', { name: /Web Payment/ })).toBeVisible()
  await dialog.getByRole('searchbox').fill('zqxjvkwpq')
  await expect(dialog.getByText('No results found. Try other words.')).toBeVisible()
  await dialog.getByRole('searchbox').fill('')
  await expect(dialog.getByRole('link')).toHaveCount(0)
  await expect(dialog.getByText('No results found. Try other words.')).toBeHidden()
})

test('the search dialog works with the keyboard alone and gives focus back', async ({ page }) => {
  await useLang(page, 'en')
  await page.goto('/products/docs/qrcode')
  const trigger = page
    .locator('header')
    .getByRole('button', { name: /search/i })
    .first()
  // the button is enabled once the server-rendered page is hydrated (before that it could not open the dialog)
  await expect(trigger).toBeEnabled()
  await trigger.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('searchbox')).toBeFocused()
  await page.keyboard.type('refund')
  const first = dialog.getByRole('link').first()
  await expect(first).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(trigger).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('searchbox')).toBeFocused()
  await page.keyboard.type('refund')
  await expect(dialog.getByRole('link').first()).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('link').first()).toBeFocused()
  const target = await dialog.getByRole('link').first().getAttribute('href')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`${target}$`))
  await expect(dialog).toBeHidden()
})

test('the search dialog closes with its close icon', async ({ page }) => {
  await useLang(page, 'en')
  await page.goto('/')
  const dialog = await openSearch(page)
  await dialog.getByRole('button', { name: 'Close search' }).click()
  await expect(dialog).toBeHidden()
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

test('axe finds nothing in the open search dialog with results', async ({ page }) => {
  await useLang(page, 'en')
  await page.goto('/')
  const dialog = await openSearch(page)
  await dialog.getByRole('searchbox').fill('payment')
  await expect(dialog.getByRole('link').first()).toBeVisible()
  await expectAxeClean(page)
})

const globalRules = ['color', 'philosophy', 'icongraphy', 'illustration', 'interaction', 'photo', 'layout', 'shadow', 'shape', 'typography', 'transition']
const components = [
  'balloon',
  'buttons',
  'expand',
  'cards',
  'halfsheets',
  'label',
  'selectioncontrols',
  'tab',
  'toast',
  'form',
  'header',
  'pagecontrols',
  'list',
  'slider',
]

test('the style guide home shows the philosophy and links every global rule and component', async ({ page }) => {
  await useLang(page, 'en')
  await page.goto('/app-styleguide')
  for (const word of ['Empathy', 'Simple', 'Consistency', 'Happy']) {
    await expect(page.getByRole('main').getByText(word, { exact: true }).first()).toBeVisible()
  }
  const main = page.locator('.sg-main')
  await expect(main.locator('a[href$="/app-styleguide/globalrule/color"]')).toBeVisible()
  await expect(main.locator('a[href*="/app-styleguide/globalrule/"]')).toHaveCount(globalRules.length)
  await expect(main.locator('a[href*="/app-styleguide/component/"]')).toHaveCount(components.length)
  await expectAxeClean(page)
})

test('every style-guide page renders live examples; unknown names are not found', async ({ page }) => {
  test.setTimeout(120_000)
  await useLang(page, 'en')
  for (const [group, names] of [
    ['globalrule', globalRules],
    ['component', components],
  ] as const) {
    for (const name of names) {
      await page.goto(`/app-styleguide/${group}/${name}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.locator('.sg-example, .sg-philosophy').first()).toBeVisible()
    }
  }
  await page.goto('/app-styleguide/component/nonexistent')
  await expect(page).toHaveURL(/\/not-found$/)
})

test('the colour page lists the real tokens with their values', async ({ page }) => {
  await useLang(page, 'en')
  await page.goto('/app-styleguide/globalrule/color')
  const source = readFileSync(new URL('../../src/web/ui/tokens.css', import.meta.url), 'utf8')
  const tokens = [...source.matchAll(/(--color-[a-z-]+)\s*:\s*([^;]+);/g)]
  expect(tokens.length).toBeGreaterThan(3)
  for (const [, name, value] of tokens) {
    const row = page.getByRole('row').filter({ has: page.getByText(name!, { exact: true }) })
    await expect(row).toContainText(value!.trim())
  }
})

for (const path of ['/app-styleguide/component/selectioncontrols', '/app-styleguide/component/tab', '/app-styleguide/globalrule/typography']) {
  test(`axe finds nothing on ${path}`, async ({ page }) => {
    await useLang(page, 'en')
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
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
