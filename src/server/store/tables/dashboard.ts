import { sql } from 'drizzle-orm'
import { boolean, check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { merchants } from './merchants.ts'

/*
 * The signed-in developer's tools (issue 12; docs/dashboard.md): per-merchant settings and the monthly top-up.
 */

/** Settings tab 'Configuration' of one merchant: webhook URL and the allowed redirect domains (spec §5). */
export const merchantSettings = pgTable('merchant_settings', {
  merchantId: text('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  webhookUrl: text('webhook_url'),
  /** Host names a WEB_LINK redirectUrl may point to (each also allows its sub-domains); empty = any HTTPS host. */
  redirectDomains: text('redirect_domains')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  /** Spec §4: paid test QR payments cancel themselves within a minute unless this is off (docs/sandbox-powers.md). */
  qrAutoCancel: boolean('qr_auto_cancel').notNull().default(true),
})

/**
 * Balance top-ups of a merchant's sandbox (spec §6, §9: once a month). The primary key (merchant, Japan-time
 * month) is what enforces "once": of two racing requests exactly one insert succeeds.
 */
export const merchantTopUps = pgTable(
  'merchant_top_ups',
  {
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** `YYYY-MM`, Japan time. */
    month: text('month').notNull(),
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.month] }), check('merchant_top_ups_amount_ck', sql`${t.amount} > 0`)],
)
