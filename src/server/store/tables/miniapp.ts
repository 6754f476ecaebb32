import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Mini apps uploaded to the studio (issue 21; src/server/modules/miniapp): the files as `path → base64`, bounded
 * at upload (200 files, 5 MB). `editTokenHash`: sha256 of the token handed out at creation, which replacing the
 * files needs. `version` goes up with every replacement (the studio's change events read it).
 */
export const miniApps = pgTable('miniapp_apps', {
  id: text('id').primaryKey(),
  editTokenHash: text('edit_token_hash').notNull(),
  files: jsonb('files').$type<Record<string, string>>().notNull(),
  totalBytes: integer('total_bytes').notNull(),
  version: integer('version').notNull().default(1),
  /** The merchant the app pays when a signed-in developer created it; null: a visitor's (the demo merchant). */
  ownerUserId: text('owner_user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
})

/**
 * The sandbox's mini-app signing keys (ES256): the JWS of pp.makePayment, pp.topup and pp.getUAID answers is signed
 * with the newest; every key stays published by its kid (`GET /v2/miniapp/publicKey?kid=`), stable across restarts.
 */
export const miniAppKeys = pgTable('miniapp_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<Record<string, string>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, string>>().notNull(),
  createdAtMs: bigint('created_at_ms', { mode: 'number' }).notNull(),
})
