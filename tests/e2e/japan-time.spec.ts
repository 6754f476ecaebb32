import { formatJst } from '../../src/domain/time-format.ts'
import { signInThroughApi } from '../support/e2e-account.ts'
import { keysOf, setLang, signed } from '../support/e2e-sandbox.ts'
import { expect, test } from '../support/hydrated-test.ts'

/**
 * One time zone, labelled (issue 20): a browser in New York still reads the sandbox's request log in Japan time with
 * "JST" after it, as every other screen of the portal shows it (src/domain/time-format.ts).
 */

test.use({ timezoneId: 'America/New_York' })

for (const lang of ['ja', 'en'] as const) {
  test(`the request log shows Japan time labelled JST in a browser in another zone (${lang})`, async ({ page }) => {
    const token = await signInThroughApi(page, `jst-${lang}`)
    await setLang(page, lang)
    const keys = await keysOf(page.request, token.access_token)
    expect((await signed(page.request, keys, 'GET', `/v2/codes/payments/JST-${Date.now()}`)).status()).toBeLessThan(500)
    const log = await (await page.request.get('/dev/v1/sandbox/requests', { headers: { authorization: `Bearer ${token.access_token}` } })).json()
    const at: string = log.data.requests[0].at

    await page.goto('/dashboard/sandbox')
    const meta = page.getByTestId('request-log-entry').first().locator('.sandbox-entry__meta')
    await expect(meta).toContainText(`${formatJst(lang, at, 'log')} · `)
    await expect(meta).toContainText(' JST · ')
    // the browser's own zone would show New York's hour
    const newYork = new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-GB', {
      dateStyle: 'short',
      timeStyle: 'medium',
      timeZone: 'America/New_York',
    }).format(new Date(at))
    await expect(meta).not.toContainText(newYork)
  })
}
