import { expect, test } from '../support/hydrated-test.ts'

test('the home page answers in Japanese by default, inside the site header and footer', async ({ page }) => {
  await page.goto('/')
  // the first visit of a run may wait for the server's content library to warm up
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 })
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
  await expect(page.getByRole('banner').getByRole('group', { name: '言語' })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toContainText('開発者ツール利用規約')
})

test('an unknown path lands on the 404 page, whose button replaces the route with home', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page).toHaveURL(/\/not-found$/)
  await expect(page.getByRole('heading', { name: 'ページが見つかりません' })).toBeVisible()
  await page.getByRole('link', { name: 'ホームページへ' }).click()
  await expect(page).toHaveURL(/:\d+\/$/)
})
