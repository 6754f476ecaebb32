import { sql } from 'drizzle-orm'
import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { merchants } from './merchants.ts'

/*
 * The signed-in developer's tools (issue 12; docs/dashboard.md): per-merchant settings. (The monthly top-up is the
 * sandbox's: tables/sandbox.ts `merchantTopUps`.)
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
