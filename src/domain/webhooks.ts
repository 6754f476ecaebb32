import * as v from 'valibot'
import { webhookUrlSchema } from './settings.ts'

/**
 * Sandbox webhooks (issue 14 item 4; docs/webhooks.md): the published transaction webhook (notification_type
 * `Transaction`, sent on the transitions the provider's status table marks), PayLab's signature (an extension:
 * the provider documents none), the retry schedule and the bounds on what a receiver may answer. One source for
 * the sandbox, the portal, the forwarder and the docs.
 */

export const webhookLimits = {
  /**
   * Delay before each retry after a failed attempt (attempt 1 is immediate): 7 attempts over about 1 h 43 min,
   * counted on the merchant's sandbox clock (moving the clock forward brings the next retry forward too).
   */
  retryDelaysMs: [10_000, 30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000],
  /** A receiver must answer within this (the whole answer, headers and body). */
  timeoutMs: 10_000,
  /** Of the receiver's answer at most this many bytes are read; the log keeps an excerpt of this many characters. */
  maxResponseBytes: 64 * 1024,
  responseExcerptChars: 1024,
  /** Deliveries kept per merchant (older ones are deleted with each insert). */
  perMerchant: 200,
  /** Page size of a list call. */
  defaultPage: 50,
  maxPage: 200,
  /** A receiver should refuse a signature whose timestamp is further than this from its own clock. */
  replayWindowSeconds: 300,
  /** Deliveries a dispatcher tick attempts at most (the rest wait for the next tick). */
  batch: 20,
}

export const maxWebhookAttempts = webhookLimits.retryDelaysMs.length + 1

/** Headers of every delivery (PayLab extension; docs/webhooks.md#signature). */
export const webhookHeaders = {
  id: 'x-paylab-webhook-id',
  timestamp: 'x-paylab-webhook-timestamp',
  signature: 'x-paylab-webhook-signature',
} as const

/** The signature version prefix: `v1=<base64 HMAC-SHA256(secret, timestamp + "." + body)>`. */
export const webhookSignatureVersion = 'v1'

/** What the HMAC covers: the timestamp (epoch seconds, as sent), a dot, the exact body bytes. */
export const webhookSignedPayload = (timestamp: number | string, body: string) => `${timestamp}.${body}`

/** The states a transaction webhook announces (published status table: CREATED, FAILED by cancel and REFUNDED send none). */
export const webhookStates = ['AUTHORIZED', 'COMPLETED', 'CANCELED', 'EXPIRED'] as const
export type WebhookState = (typeof webhookStates)[number]

/**
 * The webhook a transition sends, from the published "basic status transition" table: a user's payment
 * (CREATED → AUTHORIZED | COMPLETED), a capture (AUTHORIZED → COMPLETED), an update of the authorization
 * (AUTHORIZED → AUTHORIZED with a new amount), an expiry (→ EXPIRED) and a revert (→ CANCELED). Cancel (→ FAILED)
 * and refund (→ REFUNDED) send none.
 */
export function webhookStateOf(before: { status: string; amount: number }, after: { status: string; amount: number }): WebhookState | undefined {
  if (after.status === 'AUTHORIZED')
    return before.status === 'CREATED' || (before.status === 'AUTHORIZED' && before.amount !== after.amount) ? 'AUTHORIZED' : undefined
  if (after.status === before.status) return undefined
  if (after.status === 'COMPLETED') return before.status === 'CREATED' || before.status === 'AUTHORIZED' ? 'COMPLETED' : undefined
  if (after.status === 'CANCELED' || after.status === 'EXPIRED') return before.status === 'AUTHORIZED' ? after.status : undefined
  return undefined
}

/** ISO-8601 in UTC without milliseconds, as the published examples (`2020-03-13T13:35:30Z`). */
export const webhookTime = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? null : new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z')

export interface TransactionWebhookInput {
  merchantId: string
  paymentId: string
  merchantPaymentId: string
  amount: number
  state: WebhookState
  order: Record<string, unknown>
  acceptedAtMs: number | null
  expiresAtMs: number | null
  nowMs: number
}

/** The published transaction webhook body (fields of the provider's TransactionEvents; `order_amount` a string as in its examples). */
export function transactionWebhook(p: TransactionWebhookInput) {
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return {
    notification_type: 'Transaction' as const,
    merchant_id: p.merchantId,
    store_id: text(p.order.storeId),
    pos_id: text(p.order.terminalId),
    order_id: p.paymentId,
    merchant_order_id: p.merchantPaymentId,
    authorized_at: webhookTime(p.acceptedAtMs),
    expires_at: webhookTime(p.expiresAtMs),
    paid_at: p.state === 'COMPLETED' ? webhookTime(p.nowMs) : null,
    order_amount: String(p.amount),
    state: p.state,
  }
}

/**
 * The user-confirmation-expired variant of `AUTHORIZED` (the provider's EXPIRED_USER_CONFIRMATION): a higher-amount
 * reauthorisation the payer did not approve in time. As published: `confirmation_expires_at` and
 * `reauth_request_id` added, no `paid_at`; the authorisation itself is unchanged.
 */
export function confirmationExpiredWebhook(p: Omit<TransactionWebhookInput, 'state' | 'nowMs'> & { reauthRequestId: string; confirmationExpiresAtMs: number }) {
  const { notification_type, merchant_id, store_id, pos_id, order_id, merchant_order_id, authorized_at, expires_at, order_amount, state } = transactionWebhook({
    ...p,
    state: 'AUTHORIZED',
    nowMs: p.confirmationExpiresAtMs,
  })
  return {
    notification_type,
    merchant_id,
    store_id,
    pos_id,
    order_id,
    merchant_order_id,
    authorized_at,
    expires_at,
    confirmation_expires_at: webhookTime(p.confirmationExpiresAtMs)!,
    order_amount,
    reauth_request_id: p.reauthRequestId,
    state,
  }
}

// ── payloads of the webhook calls ──────────────────────────────────────────────────────────────────────────

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number]

/** `PUT /sandbox/api/webhooks`: the same setting as Settings → Configuration (null or "" clears it). */
export const putWebhookRequest = v.object({ url: v.nullable(v.union([v.literal(''), webhookUrlSchema])) })

const limitParam = v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(webhookLimits.maxPage))
export const webhookListQuery = v.object({
  status: v.optional(v.picklist(webhookDeliveryStatuses)),
  limit: v.optional(limitParam),
})
export type WebhookListQuery = v.InferOutput<typeof webhookListQuery>

export const webhookDeliveryParams = v.object({ deliveryId: v.pipe(v.string(), v.regex(/^wh_[0-9a-f]{14,40}$/)) })

/** What the forwarder reports after posting a delivery to the local server (`POST …/{deliveryId}/attempts`). */
export const webhookAttemptReport = v.object({
  /** HTTP status the local server answered; 0 when it did not answer (refused, timed out). */
  status: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(599)),
  body: v.optional(v.pipe(v.string(), v.maxLength(webhookLimits.responseExcerptChars)), ''),
  error: v.optional(v.pipe(v.string(), v.maxLength(200))),
})
export type WebhookAttemptReport = v.InferOutput<typeof webhookAttemptReport>

const attemptSchema = v.object({
  at: v.string(),
  via: v.picklist(['sandbox', 'forwarder']),
  status: v.number(),
  body: v.string(),
  error: v.nullable(v.string()),
})

export const webhookDeliverySchema = v.object({
  deliveryId: v.string(),
  createdAt: v.string(),
  state: v.picklist(webhookStates),
  paymentId: v.string(),
  merchantPaymentId: v.string(),
  status: v.picklist(webhookDeliveryStatuses),
  attempts: v.number(),
  nextAttemptAt: v.nullable(v.string()),
  /** Where the sandbox posts it (the merchant's URL now); null: none set, or one only the forwarder can reach. */
  url: v.nullable(v.string()),
  /** Why the sandbox does not post it itself (no URL, a local or private address): the forwarder delivers it. */
  waiting: v.nullable(v.picklist(['no-url', 'forwarder-only'])),
  request: v.object({ body: v.string(), headers: v.record(v.string(), v.string()) }),
  history: v.array(attemptSchema),
})
export type WebhookDelivery = v.InferOutput<typeof webhookDeliverySchema>

export const webhookListData = v.object({
  merchantId: v.string(),
  url: v.nullable(v.string()),
  /** The merchant's webhook signing secret (HMAC key of the signature). */
  signingSecret: v.string(),
  /** How a webhook to a `localhost` URL is delivered on this server: posted by the sandbox, or by the forwarder. */
  localDelivery: v.optional(v.picklist(['direct', 'forwarder'])),
  deliveries: v.array(webhookDeliverySchema),
})
export const webhookSettingData = v.object({ merchantId: v.string(), url: v.nullable(v.string()) })

/** A delivery as the API answers it (`forward`: whether the forwarder is the one to deliver it), for `/openapi.json`. */
export const webhookDeliveryDoc = v.object({ ...webhookDeliverySchema.entries, forward: v.boolean() })
export const webhookListDoc = v.object({ ...webhookListData.entries, deliveries: v.array(webhookDeliveryDoc) })
