import { expect, test } from '@playwright/test'

/**
 * Start-up order that the load budget depends on (docs/performance.md): the main text of a docs page is requested
 * as soon as the entry runs, side by side with the UI catalog, not after it. The catalog is held back until the
 * page content request is seen; a request made only after the catalog would never arrive and the test fails.
 * And on a phone, a long page rendered in batches keeps what is on screen in place (no layout shift).
 */

const pages = [
  { path: '/', type: 'page', slug: 'home' },
  { path: '/products/docs/webpayment', type: 'openPaymentApi', slug: 'webpayment' },
  { path: '/miniapp/docs/getstarted', type: 'miniappDocumentation', slug: 'getstarted' },
]

for (const { path, type, slug } of pages) {
  for (const lang of ['jp', 'en'] as const) {
    test(`${path} (${lang}): the page content is requested before the catalog has loaded`, async ({ page }) => {
      await page.addInitScript((stored) => localStorage.setItem('lang', stored), lang)
      let seen: (() => void) | undefined
      const contentRequested = new Promise<void>((resolve) => (seen = resolve))
      page.on('request', (request) => {
        const url = new URL(request.url())
        if (url.pathname !== '/dev/config/pages') return
        if (url.searchParams.get('type') === type && url.searchParams.get('slug') === slug && url.searchParams.get('lang') === lang) seen?.()
      })
      let heldUntilContent = false
      await page.route('**/assets/messages-*.js', async (route) => {
        heldUntilContent = await Promise.race([contentRequested.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 8_000))])
        await route.continue()
      })

      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      expect(heldUntilContent).toBe(true)
    })
  }
}

for (const { path } of pages) {
  test(`${path} on a phone: nothing moves on screen while the page renders its content in batches`, async ({ page }) => {
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
    // every batch is in once the page stops marking its content as pending; the footer then shows
    await expect(page.locator('[data-content-pending]')).toHaveCount(0)
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
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(scripts.filter((s) => s.includes('session-actor'))).toEqual([])

  await page.evaluate(() => localStorage.setItem('userLoginToken', JSON.stringify({ access_token: 'e2e-token-0000000000' })))
  await page.reload()
  await expect.poll(() => scripts.filter((s) => s.includes('session-actor')).length).toBeGreaterThan(0)
})
