import { expect, test, type Page } from '@playwright/test'

/** Every script the page fetched while loading. */
async function scriptsFetched(page: Page, url: string) {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await page.goto(url)
  await page.waitForLoadState('networkidle')
  return scripts
}

test('?inspect shows the session machine events in the offline inspector', async ({ page }) => {
  await page.goto('/?inspect')
  const inspector = page.frameLocator('iframe[data-inspector]')
  await expect(inspector.getByText('connected')).toBeVisible()
  const session = inspector.locator('li[data-actor="session"]')
  await expect(session.and(page.locator('[data-type="@xstate.actor"]'))).toHaveCount(1)
  await expect(session.and(page.locator('[data-type="@xstate.event"][data-detail="xstate.init"]'))).toHaveCount(1)
  await expect(session.and(page.locator('[data-type="@xstate.snapshot"][data-detail="signedOut"]'))).toHaveCount(1)
})

test('a stored token shows up as the signedIn snapshot', async ({ page }) => {
  await page.goto('/')
  await page.evaluate(() => localStorage.setItem('userLoginToken', JSON.stringify({ access_token: 'e2e-token' })))
  await page.goto('/?inspect')
  const snapshots = page.frameLocator('iframe[data-inspector]').locator('li[data-actor="session"][data-type="@xstate.snapshot"]')
  // The restored token signs the session in first; the server then refuses this made-up token (401), which
  // expires the session — both transitions reach the inspector in order.
  await expect(snapshots.first()).toHaveAttribute('data-detail', 'signedIn')
  await expect(snapshots.nth(1)).toHaveAttribute('data-detail', 'expired')
})

test('without ?inspect the inspector is neither shown nor fetched', async ({ browser }) => {
  const plain = await browser.newPage()
  const withInspect = await browser.newPage()
  const plainScripts = await scriptsFetched(plain, '/')
  const inspectScripts = await scriptsFetched(withInspect, '/?inspect')
  await expect(plain.locator('iframe[data-inspector]')).toHaveCount(0)
  await expect(withInspect.locator('iframe[data-inspector]')).toHaveCount(1)
  const onlyForInspect = inspectScripts.filter((s) => !plainScripts.includes(s))
  expect(onlyForInspect.length, `chunks fetched only with ?inspect: ${onlyForInspect.join(', ')}`).toBeGreaterThan(0)
})
