import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { maxWebhookAttempts, webhookLimits } from '../../src/domain/webhooks.ts'
import { httpWebhookTransport, webhookDispatcher } from '../../src/server/modules/sandbox/webhooks/webhooks.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { developer, linkDeveloperUser, type Developer } from './devtools-helpers.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'
import { advance, deliveries, hookUrl, scriptedTransport } from './sandbox-webhooks-helpers.ts'

/**
 * The transaction webhooks a merchant's server receives (sandbox-webhooks-*.test.ts): delivery, signature, retries,
 * pre-authorisation states, isolation between merchants, the URLs refused, and the bounds of the transport.
 */

describe.each(storeKinds())('sandbox webhooks [%s]', (kind) => {
  let t: TestApp
  let a: Developer
  let b: Developer
  let seq = 0

  /** A QR payment of `d`'s merchant paid by its test user: CREATED → COMPLETED sends the COMPLETED webhook. */
  const paidQr = async (d: Developer, amount = 1200) => {
    const merchantPaymentId = `WH-${kind}-${++seq}`
    const code = await d.opa.post('/v2/codes', { merchantPaymentId, amount: jpy(amount), codeType: 'ORDER_QR', requestedAt: epochNow(), storeId: 'store-7' })
    expect(code.status).toBe(201)
    const engine = t.deps.sandbox
    const [user] = await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(d.merchantId))
    const paid = await sandboxCommands.codes.payCode(engine.ctx, { codeId: code.body.data.codeId, testUserId: user!.id })
    return { merchantPaymentId, paymentId: paid.paymentId }
  }

  beforeAll(async () => {
    // a shared server (listening beyond loopback): localhost URLs wait for the forwarder, as asserted below; a server
    // on loopback only posts to them itself (tests/server/sandbox-webhooks-local.test.ts)
    t = await createTestApp(kind, { host: '0.0.0.0' })
    a = await developer(t)
    b = await developer(t)
  })
  afterAll(() => t.close())

  it('delivers the published transaction webhook, signed, to the URL set by PUT /sandbox/api/webhooks when a payment completes', async () => {
    const put = await a.opa.put('/sandbox/api/webhooks', { url: hookUrl })
    expect([put.status, put.body.data.url]).toEqual([200, hookUrl])
    // the same setting as Settings → Configuration
    expect((await t.json('GET', '/dev/v1/configSettings/getSettings', undefined, a.auth)).body.data.webhook_url).toBe(hookUrl)

    const { merchantPaymentId, paymentId } = await paidQr(a)
    const receiver = scriptedTransport()
    expect(await webhookDispatcher(t.deps, receiver.send).runDue()).toBe(1)

    expect(receiver.received).toHaveLength(1)
    const [hit] = receiver.received
    expect(hit!.url).toBe(hookUrl)
    const event = JSON.parse(hit!.body)
    expect(event).toMatchObject({
      notification_type: 'Transaction',
      merchant_id: a.merchantId,
      store_id: 'store-7',
      order_id: paymentId,
      merchant_order_id: merchantPaymentId,
      order_amount: '1200',
      state: 'COMPLETED',
      expires_at: null,
    })
    expect(event.paid_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)

    const list = await deliveries(a)
    const signature = createHmac('sha256', list.signingSecret).update(`${hit!.headers['x-paylab-webhook-timestamp']}.${hit!.body}`).digest('base64')
    expect(hit!.headers['x-paylab-webhook-signature']).toBe(`v1=${signature}`)
    expect(Math.abs(Number(hit!.headers['x-paylab-webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60)

    const [delivery] = list.deliveries
    expect(delivery).toMatchObject({
      deliveryId: hit!.headers['x-paylab-webhook-id'],
      state: 'COMPLETED',
      status: 'delivered',
      attempts: 1,
      nextAttemptAt: null,
      waiting: null,
    })
    expect(delivery.request.body).toBe(hit!.body)
    expect(delivery.history).toEqual([expect.objectContaining({ via: 'sandbox', status: 200, body: 'OK', error: null })])
    // a refund sends none (published status table)
    const refund = await a.opa.post('/v2/refunds', { merchantRefundId: `R-${merchantPaymentId}`, paymentId, amount: jpy(1200), requestedAt: epochNow() })
    expect(refund.status).toBe(200)
    expect((await deliveries(a)).deliveries).toHaveLength(1)
  })

  it('backs off on failure on the sandbox clock, stops retrying after a success, and gives up after the last attempt', async () => {
    await paidQr(a)
    const receiver = scriptedTransport([500, 503, 200])
    const dispatcher = webhookDispatcher(t.deps, receiver.send)
    const [first, second] = webhookLimits.retryDelaysMs as [number, number]

    expect(await dispatcher.runDue()).toBe(1)
    expect(await dispatcher.runDue()).toBe(0)
    let [delivery] = (await deliveries(a)).deliveries
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1 })
    expect(Date.parse(delivery.nextAttemptAt) - Date.parse(delivery.history[0].at)).toBe(first)

    await advance(a, first - 2_000)
    expect(await dispatcher.runDue()).toBe(0)
    await advance(a, 2_000)
    expect(await dispatcher.runDue()).toBe(1)
    await advance(a, second - 2_000)
    expect(await dispatcher.runDue()).toBe(0)
    await advance(a, 2_000)
    expect(await dispatcher.runDue()).toBe(1)
    ;[delivery] = (await deliveries(a)).deliveries
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, nextAttemptAt: null })
    expect(delivery.history.map((h: { status: number }) => h.status)).toEqual([500, 503, 200])

    await advance(a, 24 * 3600_000)
    expect(await dispatcher.runDue()).toBe(0)
    expect(receiver.received).toHaveLength(3)

    // a receiver that never succeeds: every scheduled attempt, then 'failed'
    await paidQr(a)
    const down = scriptedTransport(Array(maxWebhookAttempts + 3).fill(500))
    const failing = webhookDispatcher(t.deps, down.send)
    for (const delay of [0, ...webhookLimits.retryDelaysMs]) {
      await advance(a, delay)
      expect(await failing.runDue()).toBe(1)
    }
    await advance(a, 24 * 3600_000)
    expect(await failing.runDue()).toBe(0)
    ;[delivery] = (await deliveries(a)).deliveries
    expect(delivery).toMatchObject({ status: 'failed', attempts: maxWebhookAttempts, nextAttemptAt: null })
    expect((await deliveries(a, '?status=failed')).deliveries.map((d: { deliveryId: string }) => d.deliveryId)).toEqual([delivery.deliveryId])

    // resend: due at once, a fresh schedule, the history kept
    const resent = await a.opa.post(`/sandbox/api/webhooks/${delivery.deliveryId}/resend`, undefined)
    expect(resent.body.data).toMatchObject({ status: 'pending', attempts: maxWebhookAttempts })
    const ok = scriptedTransport([200])
    expect(await webhookDispatcher(t.deps, ok.send).runDue()).toBe(1)
    ;[delivery] = (await deliveries(a)).deliveries
    expect(delivery).toMatchObject({ status: 'delivered', attempts: maxWebhookAttempts + 1 })
    expect(ok.received[0]!.body).toBe(down.received[0]!.body)
    await a.opa.post('/sandbox/api/clock', { reset: true })
  })

  it('a pre-authorisation sends AUTHORIZED, AUTHORIZED with reauth_request_id on a reauthorisation, and EXPIRED once its expiry passes on the sandbox clock, with no read in between', async () => {
    expect((await t.json('PUT', '/dev/v1/user/putProducts', { products: [1, 2, 3, 4, 5, 6, 7] }, a.auth)).status).toBe(200)
    const { userAuthorizationId } = await linkDeveloperUser(t, a, 'hanako')
    const merchantPaymentId = `WH-PA-${kind}`
    const pre = await a.opa.post('/v2/payments/preauthorize?agreeSimilarTransaction=true', {
      merchantPaymentId,
      userAuthorizationId,
      amount: jpy(300),
      requestedAt: epochNow(),
      expiresAt: epochNow() + 3600,
    })
    expect([pre.status, pre.body.resultInfo.code, pre.body.data?.status]).toEqual([201, 'SUCCESS', 'AUTHORIZED'])
    const receiver = scriptedTransport()
    const dispatcher = webhookDispatcher(t.deps, receiver.send)
    expect(await dispatcher.runDue()).toBe(1)
    // a lower reauthorisation: AUTHORIZED again, with its request id
    const reauth = await a.opa.post('/v2/payments/reauthorize', {
      requestId: `RQ-${kind}`,
      paymentId: pre.body.data.paymentId,
      updatedAmount: jpy(200),
      requestedAt: epochNow(),
    })
    expect(reauth.status).toBe(200)
    expect(await dispatcher.runDue()).toBe(1)
    await advance(a, 3601_000)
    expect(await dispatcher.runDue()).toBe(1)
    const events = receiver.received.map((r) => JSON.parse(r.body))
    expect(events.map((e) => [e.state, e.order_amount, e.reauth_request_id])).toEqual([
      ['AUTHORIZED', '300', undefined],
      ['AUTHORIZED', '200', `RQ-${kind}`],
      ['EXPIRED', '200', undefined],
    ])
    expect(events.every((e) => e.merchant_order_id === merchantPaymentId && e.paid_at === null)).toBe(true)
    expect(events[0].expires_at).toBe(new Date(pre.body.data.expiresAt * 1000).toISOString().replace('.000Z', 'Z'))
    await a.opa.post('/sandbox/api/clock', { reset: true })
  })

  it("never shows or resends another merchant's deliveries", async () => {
    const [own] = (await deliveries(a)).deliveries
    const other = await deliveries(b)
    expect(other.deliveries).toEqual([])
    expect(other.signingSecret).not.toBe((await deliveries(a)).signingSecret)
    for (const call of [
      () => b.opa.post(`/sandbox/api/webhooks/${own.deliveryId}/resend`, undefined),
      () => b.opa.post(`/sandbox/api/webhooks/${own.deliveryId}/attempts`, { status: 200 }),
      () => t.json('POST', `/dev/v1/sandbox/webhooks/${own.deliveryId}/resend`, undefined, b.auth),
    ]) {
      const answer = await call()
      expect([answer.status, answer.body.resultInfo.code]).toEqual([404, 'SANDBOX_WEBHOOK_NOT_FOUND'])
    }
    expect((await t.json('GET', '/dev/v1/sandbox/webhooks', undefined, { ...b.auth, 'X-ASSUME-MERCHANT': a.merchantId })).status).toBe(403)
    // the portal call answers the owner's log
    const portal = await t.json('GET', '/dev/v1/sandbox/webhooks?limit=1', undefined, a.auth)
    expect(portal.body.data.deliveries.map((d: { deliveryId: string }) => d.deliveryId)).toEqual([own.deliveryId])
  })

  it('refuses webhook URLs the sandbox must not call; a URL on this machine waits for the forwarder', async () => {
    for (const url of [
      'http://hooks.shop.example/x',
      'javascript:alert(1)',
      'ftp://hooks.shop.example/',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.8/hook',
      'https://[fd00::1]/hook',
      'https://metadata.google.internal/x',
      'https://user:pw@hooks.shop.example/',
      `https://hooks.shop.example/${'x'.repeat(2100)}`,
      'hooks.shop.example',
    ]) {
      const answer = await b.opa.put('/sandbox/api/webhooks', { url })
      expect([url, answer.status, answer.body.resultInfo.code]).toEqual([url, 400, 'INVALID_PARAMS'])
    }
    expect((await b.opa.put('/sandbox/api/webhooks', {})).status).toBe(400)
    expect((await deliveries(b)).url).toBeNull()

    // localhost is accepted (local development) but the sandbox never posts there itself
    expect((await b.opa.put('/sandbox/api/webhooks', { url: 'http://localhost:9999/hook' })).status).toBe(200)
    await paidQr(b)
    const receiver = scriptedTransport()
    expect(await webhookDispatcher(t.deps, receiver.send).runDue()).toBe(0)
    expect(receiver.received).toEqual([])
    const [waiting] = (await deliveries(b)).deliveries
    expect(waiting).toMatchObject({ status: 'pending', waiting: 'forwarder-only', forward: true, attempts: 0 })
    // the forwarder reports what the local server answered
    const report = await b.opa.post(`/sandbox/api/webhooks/${waiting.deliveryId}/attempts`, { status: 200, body: 'OK' })
    expect(report.body.data).toMatchObject({ status: 'delivered', forward: false, history: [expect.objectContaining({ via: 'forwarder', status: 200 })] })
    expect((await b.opa.post(`/sandbox/api/webhooks/${waiting.deliveryId}/attempts`, { status: 1000 })).status).toBe(400)
    expect((await b.opa.put('/sandbox/api/webhooks', { url: null })).body.data.url).toBeNull()
  })

  it('bounds what a receiver answers (time, size, redirects) and refuses loopback addresses itself', async () => {
    const server: Server = createServer((req, res) => {
      if (req.url === '/slow') return // never answers
      if (req.url === '/big') return void res.end('x'.repeat(1024 * 1024))
      if (req.url === '/moved') return void res.writeHead(302, { location: 'http://169.254.169.254/' }).end()
      res.end('OK')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
    try {
      const post = httpWebhookTransport({ timeoutMs: 300, maxResponseBytes: 4000, checkAddress: false })
      expect(await post(`${base}/slow`, {}, '{}')).toMatchObject({ status: 0, error: 'no answer within 300 ms' })
      const big = await post(`${base}/big`, {}, '{}')
      expect([big.status, big.body.length, big.error]).toEqual([200, webhookLimits.responseExcerptChars, 'answer cut at 4000 bytes'])
      expect(await post(`${base}/moved`, {}, '{}')).toMatchObject({ status: 302, error: 'redirects are not followed' })
      const guarded = await httpWebhookTransport()(`${base}/ok`, {}, '{}')
      expect(guarded).toMatchObject({ status: 0 })
      expect(guarded.error).toMatch(/^refused/)
    } finally {
      server.closeAllConnections()
      server.close()
    }
  })
})
