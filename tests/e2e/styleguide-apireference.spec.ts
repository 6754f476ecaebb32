import { expect, test, type Page } from '../support/hydrated-test.ts'

/**
 * The style guide and the API reference as a newcomer meets them (issue 11): a global rule's tokens are the values
 * the page is really styled with and copy to the clipboard; a component page draws its variants live; the API
 * reference shows field tables, a curl example and resolver links; none of them scrolls sideways from 320 px up.
 */

type Lang = 'jp' | 'en'

async function open(page: Page, path: string, lang: Lang) {
  await page.context().addCookies([{ name: 'lang', value: lang, url: test.info().project.use.baseURL! }])
  await page.addInitScript((stored) => localStorage.setItem('lang', stored), lang)
  await page.goto(path)
}

/** CSS property a token family styles (what its value means). */
const propertyOf = (name: string) =>
  name.startsWith('--color')
    ? 'color'
    : name.startsWith('--space')
      ? 'width'
      : name.startsWith('--radius')
        ? 'border-top-left-radius'
        : name.startsWith('--shadow')
          ? 'box-shadow'
          : name.startsWith('--font')
            ? 'font-family'
            : name.startsWith('--line-height')
              ? 'line-height'
              : 'transition'

/**
 * Every token row of the page: its shown value and the page's own custom property, each applied to a probe element
 * and read back computed, so `#ff0033` in tokens.css and the minified `#f03` the build serves compare equal, and any
 * other difference does not.
 */
async function tokensOnPage(page: Page) {
  const rows = await page
    .locator('tr[data-token]')
    .evaluateAll((trs) => trs.map((tr) => ({ name: tr.getAttribute('data-token')!, value: tr.querySelector('[data-value]')!.textContent!.trim() })))
  return page.evaluate(
    (list) =>
      list.map(({ name, value, property }) => {
        const probe = (css: string) => {
          const el = document.createElement('div')
          el.style.setProperty(property, css)
          document.body.append(el)
          const computed = getComputedStyle(el).getPropertyValue(property)
          el.remove()
          return computed
        }
        const declared = getComputedStyle(document.documentElement).getPropertyValue(name).trim()
        return { name, value, declared, asShown: probe(value), asComputed: probe(`var(${name})`) }
      }),
    rows.map((r) => ({ ...r, property: propertyOf(r.name) })),
  )
}

const copied: Record<Lang, string> = { jp: 'コピーしました', en: 'Copied' }

for (const lang of ['jp', 'en'] as const) {
  test(`colour rule (${lang}): each shown token equals the CSS variable the page computes, and copies its value`, async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await open(page, '/app-styleguide/globalrule/color', lang)
    const rows = page.locator('tr[data-token]')
    await expect(rows).toHaveCount(13)
    const shown = await tokensOnPage(page)
    for (const token of shown) expect(token.asShown, `${token.name} shows ${token.value}`).toBe(token.asComputed)

    const brand = rows.filter({ has: page.locator('code', { hasText: /^--color-brand$/ }) })
    const button = brand.getByRole('button')
    await button.click()
    await expect(button).toHaveText(copied[lang])
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown.find((t) => t.name === '--color-brand')!.value)
    expect(shown.find((t) => t.name === '--color-brand')!.declared).not.toBe('')
    // do and don't, drawn with the real button component
    await expect(page.locator('.sg-dodont__item--do .ui-button').first()).toBeVisible()
    await expect(page.locator('.sg-dodont__item--dont').first()).toBeVisible()
  })

  test(`buttons component (${lang}): anatomy, every variant live, usage from the content`, async ({ page }) => {
    await open(page, '/app-styleguide/component/buttons', lang)
    await expect(page.getByRole('heading', { level: 2, name: lang === 'en' ? 'Anatomy' : '構成' })).toBeVisible()
    const variants = page.locator('.sg-variant')
    await expect(variants).toHaveCount(7)
    for (const variant of ['primary', 'secondary', 'ghost']) await expect(page.locator(`.sg-variant .ui-button--${variant}`).first()).toBeVisible()
    await expect(page.locator('.sg-variant button[disabled]')).toHaveCount(2)
    await expect(page.locator('.sg-anatomy__parts li')).toHaveCount(3)
    await expect(page.getByRole('heading', { level: 2, name: lang === 'en' ? 'Accessibility' : 'アクセシビリティ' })).toBeVisible()
  })

  test(`API reference (${lang}): field table, curl example and resolver links of create QR code`, async ({ page }) => {
    await open(page, '/apireference#v2_createDynamicQRCode', lang)
    const operation = page.locator('section.api-op', { has: page.locator('#v2_createDynamicQRCode') })
    await expect(operation.getByRole('heading', { level: 3 })).toContainText('POST')
    const body = operation.getByRole('table', { name: lang === 'en' ? 'Request body of v2_createDynamicQRCode' : 'v2_createDynamicQRCode のリクエストボディ' })
    const id = body.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'merchantPaymentId', exact: true }) })
    await expect(id).toContainText('string')
    await expect(id).toContainText(lang === 'en' ? 'at most 64 characters' : '64文字以内')
    await expect(body.getByRole('rowheader', { name: /amount\.currency$/ })).toBeVisible()
    // the description's own texts, looked up in the feature's catalog by their English text (descriptions.ts)
    await expect(operation.locator('.api-op__summary')).toHaveText(
      lang === 'en'
        ? 'Create a QR code (dynamic QR, web payment, app invoke)'
        : 'QRコードを作成します（ダイナミックQRコード、ウェブペイメント、アプリ呼び出し）。',
    )
    await expect(id).toContainText(lang === 'en' ? 'Merchant-issued id of the order, unique per merchant' : '加盟店が発行する注文ID。加盟店内で一意')
    await expect(operation).not.toContainText('{"type"')

    const curl = operation.locator('pre[aria-label="curl"]')
    await expect(curl).toContainText("curl -X POST 'http://localhost:3000/v2/codes'")
    await expect(curl).toContainText('Authorization: hmac OPA-Auth:<API key>:<signature>:<nonce>:<epoch>:<body hash>')
    await operation.getByRole('tab', { name: 'Python' }).click()
    await expect(operation.locator('pre[aria-label="Python"]')).toContainText('client.Code.create_qr_code(')

    const resolver = operation.getByRole('link', { name: 'DYNAMIC_QR_BAD_REQUEST' })
    await expect(resolver).toHaveAttribute('href', /^\/develop\/resolve\?api_name=v2_createDynamicQRCode&code=DYNAMIC_QR_BAD_REQUEST&code_id=\d{8}$/)
    // the error codes' messages in the page's language (issue 20), and the parameter tables' "Type" column is 型 / Type
    const badRequest = operation.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'DYNAMIC_QR_BAD_REQUEST' }) })
    await expect(badRequest).toContainText(lang === 'en' ? 'Dynamic QR bad request error.' : /リクエストが不正です。/)
    if (lang === 'jp') await expect(badRequest).not.toContainText('Dynamic QR bad request error.')
    await expect(body.getByRole('columnheader', { name: lang === 'en' ? 'Type' : '型', exact: true })).toBeVisible()

    // issue 20: the side list follows the section in view (scroll-spy) and keeps its link in view
    if (lang === 'en') {
      await page.setViewportSize({ width: 1440, height: 900 })
      const side = page.locator('.api-aside .api-nav')
      await expect(side.locator(`a[href="#v2_createDynamicQRCode"]`)).toHaveAttribute('aria-current', 'location')
      const later = page.locator('h3.api-op__title').nth(12)
      const anchor = await later.getAttribute('id')
      await later.evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }))
      const link = side.locator(`a[href="#${anchor}"]`)
      await expect(link).toHaveAttribute('aria-current', 'location')
      await expect(side.locator('[aria-current="location"]')).toHaveCount(1)
      await expect(link).toBeInViewport()
    }
  })
}

test('the other token pages show the values the page is styled with', async ({ page }) => {
  for (const rule of ['layout', 'shadow', 'shape', 'typography', 'transition']) {
    await open(page, `/app-styleguide/globalrule/${rule}`, 'en')
    const shown = await tokensOnPage(page)
    expect(shown.length, rule).toBeGreaterThan(0)
    for (const token of shown) {
      expect(token.declared, token.name).not.toBe('')
      expect(token.asShown, `${token.name} shows ${token.value}`).toBe(token.asComputed)
    }
  }
})

test('no sideways scroll from 320 px to 1920 px on the style guide and the API reference', async ({ page }) => {
  test.setTimeout(60_000)
  // each page loaded once and resized through the widths (a window being resized), as tests/e2e/layout-widths.spec.ts does
  for (const path of [
    '/app-styleguide/globalrule/color',
    '/app-styleguide/globalrule/typography',
    '/app-styleguide/component/selectioncontrols',
    '/app-styleguide/component/toast',
    '/apireference',
  ]) {
    await page.setViewportSize({ width: 320, height: 900 })
    await open(page, path, 'jp')
    for (const width of [320, 390, 1024, 1920]) {
      await page.setViewportSize({ width, height: 900 })
      // one frame for the new layout (media queries, ResizeObserver-driven state)
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
      const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
      expect(scroll, `${path} at ${width} px`).toBeLessThanOrEqual(inner)
    }
  }
})
