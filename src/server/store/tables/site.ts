import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Operator switches of the whole site, e.g. `maintenance` (see `npm run maintenance`). */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The demo API's per-client windows (issue 22): counted here, atomically, so every server process on one database
 * holds a client to the same limit. A window opens with a client's first call and lasts a minute.
 */
export const demoRateWindows = pgTable('demo_rate_windows', {
  client: text('client').primaryKey(),
  windowStartMs: bigint('window_start_ms', { mode: 'number' }).notNull(),
  count: integer('count').notNull(),
})
