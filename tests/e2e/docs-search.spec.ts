import { expect, test, type Page } from '../support/hydrated-test.ts'
import { contentParsed, expectAxeClean, useLang } from '../support/e2e-docs.ts'

/** Search of the documentation as a reader meets it (issue 5): in Japanese and English, keyboard-only, and axe on its dialog. */

// the server parses all content once after it starts listening
test.beforeAll(contentParsed)

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

test('axe finds nothing in the open search dialog with results', async ({ page }) => {
  await useLang(page, 'en')
  await page.goto('/')
  const dialog = await openSearch(page)
  await dialog.getByRole('searchbox').fill('payment')
  await expect(dialog.getByRole('link').first()).toBeVisible()
  await expectAxeClean(page)
})
