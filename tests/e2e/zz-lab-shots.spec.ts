import { products } from '../../src/domain/products.ts'
import { createAccountThroughApi } from '../support/e2e-account.ts'
import { test } from '../support/hydrated-test.ts'

for (const lang of ['ja', 'en'] as const)
  for (const width of [390, 1024, 1440])
    test(`shots ${lang} ${width}`, async ({ page }) => {
      test.setTimeout(60_000)
      await page.setViewportSize({ width, height: 900 })
      await page.context().addCookies([{ name: 'lang', value: lang === 'ja' ? 'jp' : 'en', url: test.info().project.use.baseURL! }])
      await page.addInitScript((stored) => localStorage.setItem('lang', stored), lang === 'ja' ? 'jp' : 'en')
      await page.goto('/develop/resolve?api_name=createQRCode&code=UNAUTHORIZED&code_id=08100016')
      await page.locator('[data-part=fix]').waitFor()
      await page.screenshot({ path: `/tmp/lab-shots/resolve-${lang}-${width}.png`, fullPage: true })
      await page.goto('/develop/resolve?code=UNAUTHORISED')
      await page.locator('.resolver-card--unknown').waitFor()
      await page.screenshot({ path: `/tmp/lab-shots/unknown-${lang}-${width}.png` })
      const { token } = await createAccountThroughApi(page.request, 'shots')
      await page.request.put('/dev/v1/user/putProducts', { headers: { authorization: `Bearer ${token.access_token}` }, data: { products: products.map((p) => p.id) } })
      await page.evaluate((stored) => localStorage.setItem('userLoginToken', JSON.stringify(stored)), token)
      await page.goto('/develop/paylab-lab?product=qrcode&endpoint=deleteCodes&scenario=model2')
      await page.locator('.lab-endpoint').first().waitFor()
      await page.locator('.lab-endpoint details').first().click()
      await page.getByRole('button', { name: lang === 'ja' ? '実行' : 'Run', exact: true }).click()
      await page.locator('.lab-call[data-purpose=send]').waitFor()
      await page.locator('.lab-call[data-purpose=send] button').first().click()
      await page.locator('[data-part=curl]').waitFor()
      await page.screenshot({ path: `/tmp/lab-shots/lab-${lang}-${width}.png`, fullPage: true })
    })
