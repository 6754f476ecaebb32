import { expect, test } from '../support/hydrated-test.ts'
import { signInThroughApi } from '../support/e2e-account.ts'
import { expectNoSeriousAxeViolations } from '../support/e2e-shell.ts'

/**
 * The portal shell's header as a visitor and a signed-in developer meet it: the language toggle, the header's three
 * layouts, the tool tiles' sign-in popup, and the signed-in header with its profile dropdown.
 */

test('the language toggle switches live, is saved with the spec keys and survives a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/not-found')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ページが見つかりません')
  const toggle = page.getByRole('banner').getByRole('group', { name: '言語' })
  await toggle.getByRole('button', { name: 'English' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
  await expect(page.getByRole('banner').getByRole('button', { name: 'Products' })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toContainText('Developer tools agreement')
  expect(await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('langType'), localStorage.getItem('langTypeIndex')])).toEqual([
    'en',
    'en',
    '1',
  ])
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await page.getByRole('banner').getByRole('group', { name: 'Language' }).getByRole('button', { name: '日本語' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ページが見つかりません')
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('jp')
})

test.describe('header layouts', () => {
  test('phone (375 px): menu button and slide-out with Products, Develop and Resources', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/not-found')
    const banner = page.getByRole('banner')
    await expect(banner.getByRole('button', { name: 'メニューを開く' })).toBeVisible()
    await expect(banner.getByRole('button', { name: 'プロダクト' })).toBeHidden()
    await expect(banner.getByRole('link', { name: 'ログイン' })).toBeHidden()
    await page.screenshot({ path: 'tests/artifacts/header-375.png' })
    await banner.getByRole('button', { name: 'メニューを開く' }).click()
    const drawer = page.getByRole('dialog', { name: 'メニュー' })
    await expect(drawer).toBeVisible()
    const products = await drawer
      .locator('details')
      .first()
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(products).toEqual(['/products/docs/webpayment', '/products/docs/nativepayment', '/products/docs/qrcode', '/products/docs/appinvoke'])
    await drawer.getByText('開発', { exact: true }).click()
    await expect(drawer.getByRole('link', { name: 'APIリファレンス' })).toBeVisible()
    await drawer.getByText('リソース', { exact: true }).click()
    // issue 20: the FAQ is a page of our own now (it was an external host that does not exist), in this tab
    await expect(drawer.getByRole('link', { name: /よくある質問/ })).toHaveAttribute('href', '/faq')
    await expect(drawer.getByRole('link', { name: /よくある質問/ })).not.toHaveAttribute('target', '_blank')
    await expect(drawer.getByRole('link', { name: /ウェビナー/ })).toHaveAttribute('href', '/webinar')
    await expect(drawer.getByRole('group', { name: '言語' })).toBeVisible()
    await page.screenshot({ path: 'tests/artifacts/header-375-menu.png' })
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
    await expect(banner.getByRole('button', { name: 'メニューを開く' })).toBeFocused()
  })

  test('tablet (1000 px): top menu and compact buttons', async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 800 })
    await page.goto('/not-found')
    const banner = page.getByRole('banner')
    await expect(banner.getByRole('button', { name: 'メニューを開く' })).toBeHidden()
    await expect(banner.getByRole('button', { name: 'プロダクト' })).toBeVisible()
    await expect(banner.getByRole('link', { name: '新規登録' })).toBeVisible()
    await expect(banner.getByRole('link', { name: 'ログイン' })).toBeVisible()
    await expect(banner.getByText('Developers', { exact: true })).toBeHidden()
    await page.screenshot({ path: 'tests/artifacts/header-1000.png' })
  })

  test('desktop (1280 px): menu panels open by keyboard, close on Escape and return focus', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/not-found')
    const banner = page.getByRole('banner')
    await expect(banner.getByText('Developers', { exact: true })).toBeVisible()
    const develop = banner.getByRole('button', { name: '開発' })
    await develop.focus()
    await page.keyboard.press('Enter')
    await expect(develop).toHaveAttribute('aria-expanded', 'true')
    await expect(banner.getByRole('button', { name: /PayLab Lab/ })).toBeVisible()
    await page.screenshot({ path: 'tests/artifacts/header-1280-develop.png' })
    await page.keyboard.press('Escape')
    await expect(develop).toHaveAttribute('aria-expanded', 'false')
    await expect(develop).toBeFocused()
    await page.screenshot({ path: 'tests/artifacts/header-1280.png' })
    const search = banner.getByRole('button', { name: 'ドキュメントを検索' })
    await search.click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(search).toBeFocused()
  })
})

test('a logged-out visitor choosing a tool tile gets the sign-in popup with its title', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/not-found')
  const banner = page.getByRole('banner')
  await banner.getByRole('button', { name: '開発' }).click()
  // the resolver is public (docs/dashboard.md): its tile is a plain link, no popup
  await expect(banner.getByRole('link', { name: /レスポンスコード解析/ })).toHaveAttribute('href', '/develop/resolve')
  await expect(banner.getByRole('button', { name: /レスポンスコード解析/ })).toHaveCount(0)
  const tile = banner.getByRole('button', { name: /PayLab Lab/ })
  await tile.click()
  const popup = page.getByRole('dialog', { name: 'PayLab Lab' })
  await expect(popup).toBeVisible()
  await expect(popup.getByRole('link', { name: '新規登録' })).toHaveAttribute('href', '/account/signup')
  await expectNoSeriousAxeViolations(page)
  await popup.getByRole('button', { name: '閉じる' }).click()
  await expect(popup).toBeHidden()
  await banner.getByRole('button', { name: '開発' }).click()
  await banner.getByRole('button', { name: /PayLab Lab/ }).click()
  await page.getByRole('dialog', { name: 'PayLab Lab' }).getByRole('link', { name: 'ログイン' }).click()
  await expect(page).toHaveURL(/\/account\/signin$/)
})

test('a signed-in developer sees the Dashboard button and the profile dropdown, which signs out', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signInThroughApi(page, 'shell')
  await page.goto('/develop/resolve')
  const banner = page.getByRole('banner')
  await expect(banner.getByRole('link', { name: 'ダッシュボード' })).toHaveAttribute('href', '/dashboard/home')
  await expect(banner.getByRole('link', { name: 'ログイン' })).toHaveCount(0)
  await banner.getByRole('button', { name: '開発' }).click()
  await banner.getByRole('link', { name: /取引履歴/ }).click()
  await expect(page).toHaveURL(/\/dashboard\/transactions$/)
  await banner.getByRole('button', { name: 'プロフィール' }).click()
  await banner.getByRole('button', { name: 'ログアウト' }).click()
  await expect(page).toHaveURL(/:\d+\/$/)
  await expect(page.getByRole('banner').getByRole('link', { name: 'ログイン' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('userLoginToken'))).toBeNull()
})
