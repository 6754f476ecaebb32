import { test, expect } from '../support/hydrated-test.ts'
import { signInThroughApi } from '../support/e2e-account.ts'
import { keysOf, setLang, signed } from '../support/e2e-sandbox.ts'

/**
 * The sandbox tools page's reset, snapshots and seed controls (issue 14 item 6; docs/sandbox-state.md): each one
 * used as a developer would, its effect checked through the merchant's own signed OPA calls; ja and en at 390 and
 * 1440 px (screenshots in the test output).
 */

test('reset, snapshot, restore, seed and delete from the sandbox tools page', async ({ page }) => {
  // one walk through every control plus four looks (two languages, two widths): ~25 s alone, more beside other workers
  test.setTimeout(90_000)
  const token = await signInThroughApi(page, 'sandbox-state')
  await setLang(page, 'en')
  const keys = await keysOf(page.request, token.access_token)
  const code = async (id: string) =>
    (
      await signed(page.request, keys, 'POST', '/v2/codes', {
        merchantPaymentId: id,
        amount: { amount: 100, currency: 'JPY' },
        codeType: 'ORDER_QR',
        requestedAt: Math.floor(Date.now() / 1000),
      })
    ).status()
  const statusOf = async (id: string) => {
    const res = await signed(page.request, keys, 'GET', `/v2/codes/payments/${id}`)
    const body = await res.json()
    return res.status() === 200 ? body.data.status : body.resultInfo.code
  }
  expect(await code('kept')).toBe(201)

  await page.goto('/dashboard/sandbox')
  const panel = page.getByRole('region', { name: 'Reset, snapshots and seed' })
  const outcome = panel.getByTestId('sandbox-state-outcome')
  const confirmBox = panel.getByRole('alertdialog')
  await expect(panel.getByTestId('sandbox-snapshots-empty')).toBeVisible()

  // a snapshot is taken at once
  await panel.getByLabel('Snapshot label').fill('one code')
  await panel.getByRole('button', { name: 'Take snapshot' }).click()
  await expect(outcome).toHaveText('Snapshot taken.')
  await expect(panel.getByTestId('sandbox-snapshots').getByRole('listitem')).toHaveCount(1)
  await expect(panel.getByTestId('sandbox-snapshots')).toContainText('one code')
  await expect(panel.getByTestId('sandbox-snapshots')).toContainText('payments: 1')
  expect(await code('later')).toBe(201)

  // reset asks first; Cancel changes nothing, Confirm empties the sandbox
  await panel.getByRole('button', { name: 'Reset sandbox' }).click()
  await expect(confirmBox).toContainText('Reset the sandbox?')
  await page.screenshot({ path: test.info().outputPath('sandbox-state-confirm-en-1440.png'), fullPage: true })
  await confirmBox.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirmBox).toHaveCount(0)
  expect(await statusOf('kept')).toBe('CREATED')
  await panel.getByRole('button', { name: 'Reset sandbox' }).click()
  await confirmBox.getByRole('button', { name: 'Confirm' }).click()
  await expect(outcome).toHaveText('The sandbox was reset.')
  expect(await statusOf('kept')).toBe('DYNAMIC_QR_PAYMENT_NOT_FOUND')

  // restore brings the snapshot's sandbox back: the first code, not the later one
  await panel.getByRole('button', { name: 'Restore' }).click()
  await expect(confirmBox).toContainText('Restore the snapshot "one code"?')
  await confirmBox.getByRole('button', { name: 'Confirm' }).click()
  await expect(outcome).toHaveText('Snapshot restored.')
  expect(await statusOf('kept')).toBe('CREATED')
  expect(await statusOf('later')).toBe('DYNAMIC_QR_PAYMENT_NOT_FOUND')

  // a bad seed file is refused with its bad path; the example file loads
  const load = async (name: string, content: string) => {
    await panel.getByLabel('Seed file (JSON)').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(content) })
    await panel.getByRole('button', { name: 'Load seed file' }).click()
    await expect(confirmBox).toContainText(`Load the seed file "${name}"?`)
    await confirmBox.getByRole('button', { name: 'Confirm' }).click()
  }
  await load('bad.json', JSON.stringify({ version: 1, payments: [{ kind: 'QR', merchantPaymentId: 'x', amount: 0, status: 'CREATED' }] }))
  await expect(outcome).toContainText('Not done: SANDBOX_SEED_INVALID')
  await expect(outcome.locator('code')).toHaveText(['payments.0.amount'])
  expect(await statusOf('kept')).toBe('CREATED')
  const { readFile } = await import('node:fs/promises')
  await load('sandbox-seed.example.json', await readFile(new URL('../../docs/sandbox-seed.example.json', import.meta.url), 'utf8'))
  await expect(outcome).toHaveText('Seed file loaded.')
  expect(await statusOf('seed-qr-paid')).toBe('COMPLETED')
  expect(await statusOf('kept')).toBe('DYNAMIC_QR_PAYMENT_NOT_FOUND')

  // both languages, phone and desktop: the panel fits, the confirmation included
  for (const lang of ['ja', 'en'] as const) {
    await setLang(page, lang)
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 })
      await page.reload()
      const region = page.locator('section[aria-labelledby="sandbox-state"]')
      await region
        .locator('button')
        .filter({ hasText: lang === 'ja' ? '削除' : 'Delete' })
        .click()
      await expect(region.getByRole('alertdialog')).toBeVisible()
      const widest = await page.evaluate(() =>
        Math.max(
          ...Array.from(
            document.querySelectorAll('section[aria-labelledby="sandbox-state"], section[aria-labelledby="sandbox-state"] *'),
            (el) => el.getBoundingClientRect().right,
          ),
        ),
      )
      expect(widest).toBeLessThanOrEqual(width)
      await region.scrollIntoViewIfNeeded()
      await region.screenshot({ path: test.info().outputPath(`sandbox-state-${lang}-${width}.png`) })
      await region.getByRole('alertdialog').getByRole('button').last().click()
    }
  }

  // delete asks, then the list is empty
  await setLang(page, 'en')
  await page.reload()
  await panel.getByRole('button', { name: 'Delete' }).click()
  await expect(confirmBox).toContainText('Delete the snapshot "one code"?')
  await confirmBox.getByRole('button', { name: 'Confirm' }).click()
  await expect(outcome).toHaveText('Snapshot deleted.')
  await expect(panel.getByTestId('sandbox-snapshots-empty')).toBeVisible()
})
