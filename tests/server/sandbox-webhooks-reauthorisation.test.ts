import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSandbox } from '../../src/server/modules/sandbox/engine/index.ts'
import { webhookDispatcher } from '../../src/server/modules/sandbox/webhooks/webhooks.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { developer, linkDeveloperUser } from './devtools-helpers.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'
import { advance, deliveries, hookUrl, scriptedTransport } from './sandbox-webhooks-helpers.ts'

/** The webhooks of a reauthorisation above the authorised amount, which the payer must approve within 6 hours (sandbox-webhooks-*.test.ts). */

describe.each(storeKinds())('sandbox webhooks [%s]', (kind) => {
  let t: TestApp
  let seq = 0

  beforeAll(async () => {
    // a shared server (listening beyond loopback), as for the other sandbox-webhooks suites
    t = await createTestApp(kind, { host: '0.0.0.0' })
  })
  afterAll(() => t.close())

  describe('a higher-amount reauthorisation waiting for the payer', () => {
    const sixHours = 6 * 3600_000
    const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().replace('.000Z', 'Z')
    /** A fresh merchant with a webhook URL, a pre-authorisation of 300 yen (its AUTHORIZED sent) and a reauthorisation to 500 the payer must approve. */
    const askedHigher = async () => {
      const d = await developer(t)
      await d.opa.put('/sandbox/api/webhooks', { url: hookUrl })
      expect((await t.json('PUT', '/dev/v1/user/putProducts', { products: [1, 2, 3, 4, 5, 6, 7] }, d.auth)).status).toBe(200)
      const { userAuthorizationId } = await linkDeveloperUser(t, d, 'hanako')
      const merchantPaymentId = `WH-UC-${kind}-${++seq}`
      const pre = await d.opa.post('/v2/payments/preauthorize?agreeSimilarTransaction=true', {
        merchantPaymentId,
        userAuthorizationId,
        amount: jpy(300),
        requestedAt: epochNow(),
        expiresAt: epochNow() + 24 * 3600,
        storeId: 'store-9',
      })
      expect(pre.status).toBe(201)
      const paymentId: string = pre.body.data.paymentId
      const receiver = scriptedTransport()
      const dispatcher = webhookDispatcher(t.deps, receiver.send)
      expect(await dispatcher.runDue()).toBe(1)
      const requestId = `RQ-UC-${kind}-${seq}`
      const reauth = await d.opa.post('/v2/payments/reauthorize', { requestId, paymentId, updatedAmount: jpy(500), requestedAt: epochNow() })
      expect([reauth.status, reauth.body.resultInfo.code]).toEqual([201, 'USER_CONFIRMATION_REQUIRED'])
      return { d, merchantPaymentId, paymentId, requestId, pre: pre.body.data, approvalExpiresAt: reauth.body.data.expiresAt as number, receiver, dispatcher }
    }

    it('not approved within 6 hours of the merchant clock: exactly one signed AUTHORIZED webhook with confirmation_expires_at and reauth_request_id, no paid_at; the payment stays AUTHORIZED and a late approval is refused', async () => {
      const { d, merchantPaymentId, paymentId, requestId, pre, approvalExpiresAt, receiver, dispatcher } = await askedHigher()
      await advance(d, sixHours - 1_000)
      expect(await dispatcher.runDue()).toBe(0)
      await advance(d, 1_000)
      // two server processes tick at once: the request is marked expired, and its webhook queued, by one of them
      const engines = [createSandbox(t.deps), createSandbox(t.deps)]
      expect((await Promise.all(engines.map((e) => sandboxCommands.preauth.expireReauthorizationsDue(e.ctx)))).reduce((n, m) => n + m)).toBe(1)
      expect((await Promise.all([dispatcher.runDue(), webhookDispatcher(t.deps, receiver.send).runDue()])).sort()).toEqual([0, 1])
      await advance(d, sixHours)
      expect(await dispatcher.runDue()).toBe(0)

      expect(receiver.received).toHaveLength(2)
      const hit = receiver.received[1]!
      const event = JSON.parse(hit.body)
      // the published EXPIRED_USER_CONFIRMATION example, field for field and in its order
      expect(Object.keys(event)).toEqual([
        'notification_type',
        'merchant_id',
        'store_id',
        'pos_id',
        'order_id',
        'merchant_order_id',
        'authorized_at',
        'expires_at',
        'confirmation_expires_at',
        'order_amount',
        'reauth_request_id',
        'state',
      ])
      expect(event).toEqual({
        notification_type: 'Transaction',
        merchant_id: d.merchantId,
        store_id: 'store-9',
        pos_id: '',
        order_id: paymentId,
        merchant_order_id: merchantPaymentId,
        authorized_at: iso(pre.acceptedAt),
        expires_at: iso(pre.expiresAt),
        confirmation_expires_at: iso(approvalExpiresAt),
        order_amount: '300',
        reauth_request_id: requestId,
        state: 'AUTHORIZED',
      })
      const list = await deliveries(d)
      const signature = createHmac('sha256', list.signingSecret).update(`${hit.headers['x-paylab-webhook-timestamp']}.${hit.body}`).digest('base64')
      expect(hit.headers['x-paylab-webhook-signature']).toBe(`v1=${signature}`)
      expect(list.deliveries[0]).toMatchObject({ deliveryId: hit.headers['x-paylab-webhook-id'], state: 'AUTHORIZED', status: 'delivered' })

      await expect(sandboxCommands.preauth.approveReauthorization(t.deps.sandbox.ctx, { paymentId, requestId })).rejects.toMatchObject({
        code: 'REAUTHORIZE_REJECTED',
      })
      expect((await d.opa.get(`/v2/payments/${merchantPaymentId}`)).body.data).toMatchObject({ status: 'AUTHORIZED', amount: jpy(300) })
      expect(await dispatcher.runDue()).toBe(0)
    })

    it('approved in time: the AUTHORIZED update with the new amount, and no expiry webhook once the 6 hours are past', async () => {
      const { d, paymentId, requestId, receiver, dispatcher } = await askedHigher()
      await advance(d, sixHours - 60_000)
      await sandboxCommands.preauth.approveReauthorization(t.deps.sandbox.ctx, { paymentId, requestId })
      expect(await dispatcher.runDue()).toBe(1)
      await advance(d, sixHours)
      expect(await dispatcher.runDue()).toBe(0)
      const events = receiver.received.map((r) => JSON.parse(r.body))
      expect(events.map((e) => [e.state, e.order_amount, e.reauth_request_id, 'confirmation_expires_at' in e])).toEqual([
        ['AUTHORIZED', '300', undefined, false],
        ['AUTHORIZED', '500', requestId, false],
      ])
    })
  })
})
