import { readdirSync } from 'node:fs'
import { expect, test } from '../support/hydrated-test.ts'
import { contentParsed, useLang } from '../support/e2e-docs.ts'

/**
 * Issue 30, item 6: a product owner reads the flows in the portal (docs/flows-pages.md): /flows lists every machine,
 * /flows/<machine> shows its diagram, its states and transitions in the page's language, and a simulator running the
 * machine, whose buttons move the highlighted state. Run alone: `E2E_PORT=4332 npx playwright test tests/e2e/flows-pages.spec.ts`.
 */
test.beforeAll(contentParsed)

const flows = readdirSync('machines')
  .filter((file) => file.endsWith('.machine.model.ts'))
  .map((file) => file.replace(/\.machine\.model\.ts$/, ''))
  .sort()
const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/

for (const lang of ['ja', 'en'] as const) {
  test(`/flows lists every machine with its purpose, linked from the footer (${lang})`, async ({ page }) => {
    await useLang(page, lang)
    await page.goto('/')
    await page.locator('footer a[href="/flows"]').click()
    await expect(page).toHaveURL(/\/flows$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'ja' ? 'フロー' : 'Flows')
    const items = page.locator('.flows-index__item')
    await expect(items).toHaveCount(flows.length)
    expect(await items.evaluateAll((els) => els.map((el) => el.getAttribute('data-flow')))).toEqual(flows)
    const purpose = (await page.locator('[data-flow="sign-in"] .flows-index__purpose').textContent()) ?? ''
    if (lang === 'ja') expect(purpose).toMatch(japanese)
    else expect(purpose).not.toMatch(japanese)
  })
}

test('a flow page in English: diagram, states, transitions, and the simulator moves with the buttons', async ({ page }) => {
  await useLang(page, 'en')
  await page.goto('/flows/forgot-password')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('forgot-password')
  await expect(page.locator('.shell-page__lead')).toContainText('Forgot password: the user gives the e-mail address')
  const diagram = page.locator('.flow-page__diagram img')
  await expect(diagram).toBeVisible()
  expect(await diagram.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  const states = page.locator('.flow-states__item')
  await expect(page.locator('#flow-states')).toHaveText(`States (${await states.count()})`)
  await expect(states.locator('xpath=.').and(page.locator('[data-state-id="forgotPassword.submitting"]'))).toHaveCount(1)
  await expect(page.locator('.flow-transitions__item').first()).toContainText('The user types the e-mail address')

  const active = page.locator('.flow-states__item[aria-current="step"]')
  await expect(active).toHaveAttribute('data-state-id', 'forgotPassword.editing')
  await page.locator('.flow-sim__event[data-event="forgot.submit"]').click()
  await expect(active).toHaveAttribute('data-state-id', 'forgotPassword.submitting')
  // the request is a stand-in that waits: what the server answers is a button
  await page.locator('.flow-sim__event[data-event="xstate.done.actor.requestReset"]').click()
  await expect(active).not.toHaveAttribute('data-state-id', 'forgotPassword.submitting')
  await expect(page.locator('.flow-sim__log li')).toHaveCount(2)
  await page.getByRole('button', { name: 'Start again' }).click()
  await expect(active).toHaveAttribute('data-state-id', 'forgotPassword.editing')
})

for (const name of ['sign-in', 'payment', 'otp']) {
  test(`/flows/${name} in Japanese: texts in Japanese, and every click in the simulator changes what it shows`, async ({ page }) => {
    await useLang(page, 'ja')
    await page.goto(`/flows/${name}`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
    await expect(page.locator('.shell-page__lead')).toHaveText(japanese)
    await expect(page.locator('.flow-states__description').first()).toHaveText(japanese)
    await expect(page.locator('[data-simulator="running"]')).toBeVisible()
    for (let step = 0; step < 3; step++) {
      const buttons = page.locator('.flow-sim__event')
      if ((await buttons.count()) === 0) break
      await expect(buttons.first()).toHaveText(japanese)
      await buttons.first().click()
      await expect(page.locator('.flow-sim__log li')).toHaveCount(step + 1)
    }
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(scroll).toBeLessThanOrEqual(0)
  })
}

test('an unknown flow is the 404 page', async ({ page }) => {
  const answer = await page.goto('/flows/no-such-flow')
  expect(answer?.status()).toBe(404)
})
