import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { merchants } from './merchants.ts'

/**
 * Snapshots of a merchant's sandbox (issue 14 item 6; docs/sandbox-state.md): every row of the merchant's sandbox
 * tables as JSON, restored exactly by `POST /sandbox/api/snapshots/{id}/restore`. At most
 * `sandboxStateLimits.snapshotsPerMerchant` per merchant, each at most `snapshotMaxBytes`.
 */
export const sandboxSnapshots = pgTable(
  'sandbox_snapshots',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    label: text('label'),
    /** Epoch ms of real time. */
    createdAtMs: bigint('created_at_ms', { mode: 'number' }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Rows per table name: `{ sandbox_payments: [...], … }`, as Drizzle selects them. */
    data: jsonb('data').$type<Record<string, Record<string, unknown>[]>>().notNull(),
  },
  (t) => [index('sandbox_snapshots_merchant_ix').on(t.merchantId, t.createdAtMs)],
)
