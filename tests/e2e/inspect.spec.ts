import { expect, test, type Page } from '../support/hydrated-test.ts'

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

/** No route to the Stately inspector's site: the portal must fall back to its local viewer. */
const offline = (page: Page) => page.route('https://stately.ai/**', (route) => route.abort('internetdisconnected'))

/**
 * The Stately inspector's site, played by a stand-in page at its address: like the real one it says it is
 * connected and then receives the inspection events; it lists them so the test can read them.
 */
const statelyStandIn = `<!doctype html><title>stand-in</title><ol id="got"></ol><script>
addEventListener('message', (m) => {
  const e = m.data; if (!e || typeof e.type !== 'string') return
  const li = document.createElement('li'); li.dataset.type = e.type; li.dataset.name = e.name || ''
  li.dataset.value = e.snapshot && typeof e.snapshot.value === 'string' ? e.snapshot.value : ''
  li.textContent = e.type; document.getElementById('got').append(li)
})
addEventListener('load', () => setTimeout(() => parent.postMessage({ type: '@statelyai.connected' }, '*'), 0))
</script>`

test('?inspect shows the session in the Stately inspector from its first snapshot', async ({ page }) => {
  await page.route('https://stately.ai/**', (route) => route.fulfill({ contentType: 'text/html', body: statelyStandIn }))
  await page.goto('/?inspect')
  const iframe = page.locator('iframe[data-inspector="stately"]')
  await expect(iframe).toHaveAttribute('src', 'https://stately.ai/inspect')
  const got = page.frameLocator('iframe[data-inspector="stately"]').locator('#got li')
  await expect(got.and(page.locator('[data-type="@xstate.actor"][data-name="session"]'))).toHaveCount(1)
  await expect(got.and(page.locator('[data-type="@xstate.snapshot"][data-value="signedOut"]')).first()).toBeAttached()
})

test('offline, ?inspect draws the session statechart in the local viewer with the current state highlighted', async ({ page }) => {
  await offline(page)
  await page.goto('/?inspect')
  const viewer = page.frameLocator('iframe[data-inspector="local"]')
  await expect(viewer.getByText('connected')).toBeVisible()
  await expect(viewer.locator('#chart')).toHaveAttribute('data-actor', 'session')
  await expect(viewer.locator('[data-state-path="signedOut"]')).toHaveAttribute('data-active', '')
  await expect(viewer.locator('[data-state-path="signedIn"]')).not.toHaveAttribute('data-active', '')
  const session = viewer.locator('li[data-actor="session"]')
  await expect(session.and(page.locator('[data-type="@xstate.actor"]'))).toHaveCount(1)
  await expect(session.and(page.locator('[data-type="@xstate.event"][data-detail="xstate.init"]'))).toHaveCount(1)
  await expect(session.and(page.locator('[data-type="@xstate.snapshot"][data-detail="signedOut"]'))).toHaveCount(1)
})

test('a stored token shows up as the signedIn snapshot, then the 401 moves the highlight to expired', async ({ page }) => {
  await page.goto('/')
  await page.evaluate(() => localStorage.setItem('userLoginToken', JSON.stringify({ access_token: 'e2e-token' })))
  await page.goto('/?inspect=local')
  const viewer = page.frameLocator('iframe[data-inspector="local"]')
  const snapshots = viewer.locator('li[data-actor="session"][data-type="@xstate.snapshot"]')
  // The restored token signs the session in first; the server then refuses this made-up token (401), which
  // expires the session — both transitions reach the inspector in order.
  await expect(snapshots.first()).toHaveAttribute('data-detail', 'signedIn')
  await expect(snapshots.nth(1)).toHaveAttribute('data-detail', 'expired')
  await expect(viewer.locator('[data-state-path="expired"]')).toHaveAttribute('data-active', '')
})

test('the flows a page starts are inspected too', async ({ page }) => {
  await offline(page)
  await page.goto('/account/signin?inspect')
  const viewer = page.frameLocator('iframe[data-inspector="local"]')
  await expect(viewer.locator('li[data-actor="signIn"][data-type="@xstate.snapshot"][data-detail="form"]').first()).toBeAttached()
  await viewer.locator('#actor').selectOption({ label: 'signIn' })
  await expect(viewer.locator('[data-state-path="form"]')).toHaveAttribute('data-active', '')
})

test('without ?inspect the inspector is neither shown nor fetched', async ({ browser }) => {
  const plain = await browser.newPage()
  const withInspect = await browser.newPage()
  await offline(withInspect)
  const plainScripts = await scriptsFetched(plain, '/')
  const inspectScripts = await scriptsFetched(withInspect, '/?inspect')
  await expect(plain.locator('iframe[data-inspector]')).toHaveCount(0)
  await expect(withInspect.locator('iframe[data-inspector]')).toHaveCount(1)
  const onlyForInspect = inspectScripts.filter((s) => !plainScripts.includes(s))
  expect(onlyForInspect.length, `chunks fetched only with ?inspect: ${onlyForInspect.join(', ')}`).toBeGreaterThan(0)
})

test('the demos are inspected: the checkout machine on /demo/checkout and the panel on /demo/panel', async ({ page }) => {
  for (const [url, actor, state] of [
    ['/demo/checkout?inspect=local', 'checkoutQr', 'input'],
    ['/demo/panel?inspect=local', 'demoPanel', 'idle'],
  ] as const) {
    await page.goto(url)
    const viewer = page.frameLocator('iframe[data-inspector="local"]')
    await expect(viewer.locator(`li[data-actor="${actor}"][data-type="@xstate.actor"]`)).toHaveCount(1)
    await expect(viewer.locator('#actor option', { hasText: actor })).toHaveCount(1)
    await viewer.locator('#actor').selectOption({ label: actor })
    await expect(viewer.locator('#chart')).toHaveAttribute('data-actor', actor)
    await expect(viewer.locator(`[data-state-path="${state}"]`)).toHaveAttribute('data-active', '')
  }
})
