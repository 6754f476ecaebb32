import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/**
 * A merchant of the provider. Every developer account gets a test (sandbox) merchant at sign-up; a live
 * merchant id appears after activation. Shared by the portal (accounts, dashboard) and the sandbox (OPA-Auth).
 */
export const merchants = pgTable(
  'merchants',
  {
    /** The merchant id shown to developers and sent as assumeMerchant / X-ASSUME-MERCHANT. */
    id: text('id').primaryKey(),
    name: text('name').notNull().default('Merchant Name'),
    logoUrl: text('logo_url'),
    /** The developer account that owns it (null for merchants seeded by the sandbox itself). */
    ownerUserId: text('owner_user_id'),
    /** Product scopes chosen at sign-up (spec §3 product models, e.g. qrcode, autodebit). */
    products: text('products')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    mode: text('mode').notNull().default('test'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('merchants_mode_ck', sql`${t.mode} in ('test', 'live')`),
    index('merchants_owner_ix').on(t.ownerUserId),
    /** One test and at most one live merchant per developer (live activation is idempotent even when it races). */
    uniqueIndex('merchants_owner_mode_uq').on(t.ownerUserId, t.mode),
  ],
)

/** API key and secret pairs of a merchant (OPA-Auth). The secret is kept as issued: HMAC needs it. */
export const merchantCredentials = pgTable(
  'merchant_credentials',
  {
    apiKey: text('api_key').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    apiSecret: text('api_secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Last time the sandbox authenticated a request with this key (written at most once a minute per key). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('merchant_credentials_merchant_ix').on(t.merchantId)],
)
