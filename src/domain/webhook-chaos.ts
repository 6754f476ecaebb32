import * as v from 'valibot'

/**
 * Webhook chaos on demand (issue 23; docs/webhooks.md): what the next webhook delivery of a merchant does wrong, so
 * the merchant can prove its handler idempotent and order-proof. `off` withdraws a request not yet used.
 */
export const webhookChaosModes = ['duplicate', 'reorder', 'delay', 'off'] as const
export type WebhookChaosMode = (typeof webhookChaosModes)[number]

/** The longest `delay` (the merchant's clock can be moved past it). */
export const maxWebhookChaosDelayMs = 24 * 60 * 60_000

/** What the portal's sandbox tools page sends (`POST /dev/v1/sandbox/webhooks/chaos`). */
export const webhookChaosRequest = v.object({
  mode: v.picklist(webhookChaosModes),
  delayMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1000), v.maxValue(maxWebhookChaosDelayMs))),
})
export type WebhookChaosRequest = v.InferOutput<typeof webhookChaosRequest>

/** The merchant's chaos request as the calls answer it: null when none is pending or under way. */
export const webhookChaosState = v.object({
  mode: v.picklist(webhookChaosModes),
  delayMs: v.number(),
  /** The delivery it took (null while waiting for the next one). */
  deliveryId: v.nullable(v.string()),
})
export type WebhookChaosState = v.InferOutput<typeof webhookChaosState>

/** What the chaos calls answer: the merchant and its pending request. */
export const webhookChaosData = v.object({ merchantId: v.string(), chaos: v.nullable(webhookChaosState) })
