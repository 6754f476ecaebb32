import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { merchants } from './merchants.ts'

/*
 * Sandbox webhooks (issue 14 item 4; docs/webhooks.md). Times are epoch milliseconds: `createdAtMs`, `at` of an
 * attempt and `nextAttemptAtMs` on the merchant's sandbox clock (a moved clock brings retries forward).
 */

const ms = (name: string) => bigint(name, { mode: 'number' })

export interface WebhookAttempt {
  atMs: number
  via: 'sandbox' | 'forwarder'
  /** HTTP status of the receiver's answer; 0 when none came (refused, timed out, too large). */
  status: number
  /** Excerpt of the receiver's answer. */
  body: string
  error: string | null
}

/** The queue and the delivery log in one: one row per transaction webhook, kept until pruned (newest N per merchant). */
export const sandboxWebhookDeliveries = pgTable(
  'sandbox_webhook_deliveries',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    paymentId: text('payment_id').notNull(),
    merchantPaymentId: text('merchant_payment_id').notNull(),
    /** The webhook's `state` (AUTHORIZED, COMPLETED, CANCELED, EXPIRED). */
    state: text('state').notNull(),
    /** The exact JSON body sent, every attempt the same. */
    body: text('body').notNull(),
    /** pending | delivered | failed */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When the sandbox next tries (pending only); a dispatcher claims a row by moving this forward. */
    nextAttemptAtMs: ms('next_attempt_at_ms'),
    history: jsonb('history').$type<WebhookAttempt[]>().notNull(),
    /**
     * A forwarder's claim on its next attempt (issue 22): until this instant (server clock) no other forwarder
     * posts it; its report clears it. Null: unclaimed.
     */
    forwardClaimedUntilMs: ms('forward_claimed_until_ms'),
    createdAtMs: ms('created_at_ms').notNull(),
  },
  (t) => [
    index('sandbox_webhook_deliveries_merchant_ix').on(t.merchantId, t.createdAtMs),
    index('sandbox_webhook_deliveries_due_ix').on(t.status, t.nextAttemptAtMs),
  ],
)

/** Each merchant's webhook signing secret (made on first use; the HMAC key of the signature header). */
export const sandboxWebhookSecrets = pgTable('sandbox_webhook_secrets', {
  merchantId: text('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
})

/**
 * Webhook chaos on demand (issue 23; docs/webhooks.md): one request per merchant for its next delivery —
 * `duplicate` (delivered twice, same id), `reorder` (held until the delivery after it has been answered) or `delay`
 * (due `delayMs` later on the merchant's clock). `deliveryId` is the delivery it took; `laterId` the one after it.
 */
export const sandboxWebhookChaos = pgTable('sandbox_webhook_chaos', {
  merchantId: text('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  mode: text('mode').notNull(),
  delayMs: ms('delay_ms').notNull().default(0),
  deliveryId: text('delivery_id'),
  laterId: text('later_id'),
  requestedAtMs: ms('requested_at_ms').notNull(),
})
