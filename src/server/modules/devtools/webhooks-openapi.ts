import * as v from 'valibot'
import {
  putWebhookRequest,
  webhookAttemptReport,
  webhookDeliveryParams,
  webhookDeliverySchema,
  webhookListData,
  webhookListQuery,
  webhookSettingData,
} from '@/domain/webhooks.ts'
import { webhookChaosData, webhookChaosRequest } from '@/domain/webhook-chaos.ts'
import { registerOperations } from '../../content/openapi.ts'

/** Sandbox webhooks (issue 14 item 4) in `/openapi.json`: the OPA-signed calls and the portal's. docs/webhooks.md. */
const tag = 'Sandbox'
const portalTag = 'Developer tools'
const opaAuth = 'opaAuth' as const
const bearer = 'bearer' as const
const delivery = v.object({ ...webhookDeliverySchema.entries, forward: v.boolean() })
const list = v.object({ ...webhookListData.entries, deliveries: v.array(delivery) })

registerOperations([
  {
    method: 'put',
    path: '/sandbox/api/webhooks',
    tag,
    summary: "Set (or clear, with null) the calling merchant's webhook URL: the same setting as Settings → Configuration",
    security: opaAuth,
    body: putWebhookRequest,
    data: webhookSettingData,
  },
  {
    method: 'get',
    path: '/sandbox/api/webhooks',
    tag,
    summary: "The calling merchant's webhook deliveries, newest first (filters: status, limit), each with its body, freshly signed headers and every attempt",
    security: opaAuth,
    query: webhookListQuery,
    data: list,
  },
  {
    method: 'post',
    path: '/sandbox/api/webhooks/{deliveryId}/resend',
    tag,
    summary: 'Send a delivery again now (a fresh retry schedule; its history stays)',
    security: opaAuth,
    params: webhookDeliveryParams,
    data: delivery,
  },
  {
    method: 'post',
    path: '/sandbox/api/webhooks/{deliveryId}/claim',
    tag,
    summary:
      'The forwarder claims a delivery before posting it: claimed false when another forwarder holds it (until its report, at most 30 s), so each attempt is posted once',
    security: opaAuth,
    params: webhookDeliveryParams,
    data: v.object({ claimed: v.boolean(), delivery }),
  },
  {
    method: 'post',
    path: '/sandbox/api/webhooks/{deliveryId}/attempts',
    tag,
    summary: 'The forwarder (npm run sandbox:forward) reports what the local server answered to a delivery',
    security: opaAuth,
    params: webhookDeliveryParams,
    body: webhookAttemptReport,
    data: delivery,
  },
  {
    method: 'get',
    path: '/dev/v1/sandbox/webhooks',
    tag: portalTag,
    summary: "The mode's merchant's webhook deliveries (X-ASSUME-MERCHANT), newest first",
    security: bearer,
    query: webhookListQuery,
    data: list,
  },
  {
    method: 'post',
    path: '/dev/v1/sandbox/webhooks/{deliveryId}/resend',
    tag: portalTag,
    summary: "Send one of the mode's merchant's webhook deliveries again now",
    security: bearer,
    params: webhookDeliveryParams,
    data: delivery,
  },
  {
    method: 'get',
    path: '/dev/v1/sandbox/webhooks/chaos',
    tag: portalTag,
    summary: "The mode's merchant's pending webhook chaos request (null when none)",
    security: bearer,
    data: webhookChaosData,
  },
  {
    method: 'post',
    path: '/dev/v1/sandbox/webhooks/chaos',
    tag: portalTag,
    summary: 'Misbehave on the next webhook: duplicate (twice, same id), reorder (after the one after it), delay (delayMs later on the sandbox clock) or off',
    security: bearer,
    body: webhookChaosRequest,
    data: webhookChaosData,
  },
])
