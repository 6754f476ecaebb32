import { expect, test } from '@playwright/test'

test('the home page answers in Japanese by default', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('PayLab 開発者ポータル')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
})

test('an unknown path lands on the 404 page, whose button replaces the route with home', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page).toHaveURL(/\/not-found$/)
  await expect(page.getByRole('heading', { name: 'ページが見つかりません' })).toBeVisible()
  await page.getByRole('link', { name: 'ホームページへ' }).click()
  await expect(page).toHaveURL(/\/$/)
})
