import { randomBytes } from 'node:crypto'
import { expect, test } from '../support/hydrated-test.ts'
import { signInThroughApi } from '../support/e2e-account.ts'
import { keysOf } from '../support/e2e-sandbox.ts'
import { epochNow, jpy, opaClient } from '../support/opa-client.ts'

/**
 * Issue 30 item 2: with `?inspect=local` on the sandbox tools page, the signed-in merchant's sandbox payment shows in
 * the local viewer as an actor streamed from the server, moving CREATED → COMPLETED → REFUNDED as the merchant's
 * server (the SDK's signed calls) and the `paylab` command line make it move.
 */
test('a payment made through the API shows in the local viewer with its states as it moves', async ({ page, baseURL }) => {
  await page.route('https://stately.ai/**', (route) => route.abort('internetdisconnected'))
  const token = await signInThroughApi(page, 'inspect-server')
  const keys = await keysOf(page.request, token.access_token)
  const shop = opaClient({ request: (path, init) => fetch(new URL(path, baseURL), init), ...keys })

  await page.goto('/dashboard/sandbox?inspect=local')
  await expect(page.locator('[data-server-machines="live"]')).toBeVisible()
  const viewer = page.frameLocator('iframe[data-inspector="local"]')
  await expect(viewer.getByText('connected')).toBeVisible()

  const merchantPaymentId = `E2E-INSPECT-${randomBytes(3).toString('hex')}`
  const actor = `payment:${merchantPaymentId}`
  const code = await shop.post('/v2/codes', { merchantPaymentId, amount: jpy(500), codeType: 'ORDER_QR' })
  expect(code.status).toBe(201)
  await expect(viewer.locator('#actor option', { hasText: actor })).toHaveCount(1)
  await viewer.locator('#actor').selectOption({ label: actor })
  await expect(viewer.locator('#chart')).toHaveAttribute('data-actor', actor)
  await expect(viewer.locator('[data-state-path="CREATED"]')).toHaveAttribute('data-active', '')

  // the test user pays it, as `npx paylab pay_code <codeId>` has it paid
  expect((await shop.post('/sandbox/api/commands/pay_code', { code: code.body.data.codeId })).status).toBe(200)
  await expect(viewer.locator('[data-state-path="COMPLETED"]')).toHaveAttribute('data-active', '')
  await expect(viewer.locator('[data-state-path="CREATED"]')).not.toHaveAttribute('data-active', '')

  const paymentId = (await shop.get(`/v2/codes/payments/${merchantPaymentId}`)).body.data.paymentId as string
  const refund = await shop.post('/v2/refunds', { merchantRefundId: `RF-${merchantPaymentId}`, paymentId, amount: jpy(500), requestedAt: epochNow() })
  expect(refund.status).toBe(200)
  await expect(viewer.locator('[data-state-path="REFUNDED"]')).toHaveAttribute('data-active', '')

  // the event log: the actor started, then its snapshots in order, each after the event that moved it
  const log = viewer.locator(`li[data-actor="${actor}"]`)
  await expect(log.and(viewer.locator('[data-type="@xstate.actor"]'))).toHaveCount(1)
  await expect(log.and(viewer.locator('[data-type="@xstate.snapshot"]'))).toHaveCount(3)
  expect(await log.and(viewer.locator('[data-type="@xstate.snapshot"]')).evaluateAll((items) => items.map((li) => li.getAttribute('data-detail')))).toEqual([
    'CREATED',
    'COMPLETED',
    'REFUNDED',
  ])
  expect(await log.and(viewer.locator('[data-type="@xstate.event"]')).evaluateAll((items) => items.map((li) => li.getAttribute('data-detail')))).toEqual([
    'xstate.init',
    'user.paid',
    'merchant.refund',
  ])
})

test('without ?inspect the sandbox tools page opens no stream and says nothing of it', async ({ page }) => {
  await signInThroughApi(page, 'inspect-server-off')
  const streams: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/dev/v1/sandbox/inspect') streams.push(request.url())
  })
  await page.goto('/dashboard/sandbox')
  await expect(page.locator('#sandbox-webhooks')).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(streams).toEqual([])
  await expect(page.locator('[data-server-machines]')).toHaveCount(0)
  await expect(page.locator('iframe[data-inspector]')).toHaveCount(0)
})
