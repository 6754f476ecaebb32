import type { Page } from '@playwright/test'
import { expect, test } from '../support/hydrated-test.ts'
import { createAccountThroughApi } from '../support/e2e-account.ts'
import { png } from '../support/png.ts'

/**
 * Issue 20: sign-up step 3 says the merchant's name and logo can be changed later — Settings → Configuration does
 * it, with sign-up's rules and messages (JPG or PNG, square, at most 222 px), in English and Japanese.
 */
async function signedIn(page: Page, lang: 'ja' | 'en', tag: string) {
  const { token } = await createAccountThroughApi(page.request, tag)
  await page.context().addCookies([{ name: 'lang', value: lang === 'ja' ? 'jp' : 'en', url: test.info().project.use.baseURL! }])
  await page.addInitScript(
    ([stored, token]) => {
      localStorage.setItem('lang', stored)
      if (!localStorage.getItem('userLoginToken')) localStorage.setItem('userLoginToken', token)
    },
    [lang === 'ja' ? 'jp' : 'en', JSON.stringify(token)] as const,
  )
}

test('en: the merchant name and logo are changed in Settings, kept after a reload, and shown in the profile menu', async ({ page }) => {
  await signedIn(page, 'en', 'profile-en')
  await page.goto('/settings')
  const section = page.getByRole('region', { name: 'Merchant name and logo' })
  await expect(section).toBeVisible()
  const name = section.getByLabel('Merchant name')

  // sign-up's rule and message: a logo that is not square is refused before it is sent
  await section.locator('input[type="file"]').setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: png(200, 100) })
  await expect(section.getByRole('alert')).toHaveText('Kindly upload your logo!')
  // issue 20: beside it, which rule the file broke
  await expect(section.getByText('The image is 200×100 px; it must be square (1:1).')).toBeVisible()

  await section.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(120, 120) })
  await expect(section.getByRole('img', { name: 'Merchant logo' })).toHaveAttribute('src', /^\/v1\/dpSignup\/logo\/logo_/)
  await expect(section.getByRole('alert')).toHaveCount(0)
  await name.fill('Second Bakery')
  await section.getByRole('button', { name: 'Save name and logo' }).click()
  await expect(section.getByRole('status')).toHaveText('Saved successfully')

  await page.reload()
  await expect(name).toHaveValue('Second Bakery')
  await expect(section.getByRole('img', { name: 'Merchant logo' })).toHaveAttribute('src', /^\/v1\/dpSignup\/logo\/logo_/)
  await page.getByRole('banner').getByRole('button', { name: 'Profile' }).click()
  await expect(page.getByText('Second Bakery', { exact: true }).first()).toBeVisible()

  // back to no logo
  await section.getByRole('button', { name: 'Remove logo' }).click()
  await section.getByRole('button', { name: 'Save name and logo' }).click()
  await expect(section.getByRole('status')).toHaveText('Saved successfully')
  await page.reload()
  await expect(section.getByRole('button', { name: 'Remove logo' })).toHaveCount(0)
})

test('ja: the same form in Japanese saves the name', async ({ page }) => {
  await signedIn(page, 'ja', 'profile-ja')
  await page.goto('/settings')
  const section = page.getByRole('region', { name: '加盟店名とロゴ' })
  await section.getByLabel('加盟店名').fill('二号店')
  await section.locator('input[type="file"]').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: png(300, 300) })
  await expect(section.getByRole('alert')).toHaveText('サービスロゴをアップロードしてください')
  await section.getByRole('button', { name: '加盟店名とロゴを保存' }).click()
  await expect(section.getByRole('status')).toHaveText('保存しました')
  await page.reload()
  await expect(section.getByLabel('加盟店名')).toHaveValue('二号店')
})
