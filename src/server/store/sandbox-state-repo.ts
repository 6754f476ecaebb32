import { and, desc, eq, getTableColumns, getTableName, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from './db.ts'
import { merchantTopUps } from './tables/sandbox.ts'
import {
  sandboxAuthSessions,
  sandboxCashbackReversals,
  sandboxCashbacks,
  sandboxClocks,
  sandboxOperations,
  sandboxPayments,
  sandboxRefunds,
  sandboxTestUsers,
  sandboxUserAuthorizations,
} from './tables/sandbox.ts'
import { sandboxForceNext } from './tables/sandbox-powers.ts'
import { sandboxSnapshots } from './tables/sandbox-state.ts'
import { sandboxWebhookChaos, sandboxWebhookDeliveries } from './tables/webhooks.ts'

/**
 * What "a merchant's sandbox" is (docs/sandbox-state.md): every table holding its simulated money and orders,
 * in the order rows can be inserted (parents first; deletion runs backwards). Reset empties them, a snapshot
 * copies them, a restore puts the copy back. Not in it: the request log, settings (the webhook
 * signing secret included), API keys, OPA nonces.
 */
export const merchantSandboxTables = [
  sandboxTestUsers,
  sandboxUserAuthorizations,
  sandboxPayments,
  sandboxRefunds,
  sandboxOperations,
  sandboxAuthSessions,
  sandboxCashbacks,
  sandboxCashbackReversals,
  sandboxClocks,
  merchantTopUps,
  // the webhooks the payments above caused: a reset sends none for payments that are gone (the signing secret,
  // like the webhook URL, is a setting and stays)
  sandboxWebhookDeliveries,
  // a pending webhook chaos request (issue 23) is part of the sandbox's state: a reset withdraws it
  sandboxWebhookChaos,
  // so is a pending "force the next error" directive (issue 23)
  sandboxForceNext,
] as const

type MerchantTable = (typeof merchantSandboxTables)[number]
export type SandboxRows = Record<string, Record<string, unknown>[]>
export type SnapshotRow = typeof sandboxSnapshots.$inferSelect

const merchantColumn = (table: MerchantTable) => table.merchantId
/** Rows per INSERT statement (well under PostgreSQL's 65,535 parameters for the widest table). */
const chunk = 500

/** JSON turns timestamps into strings: this puts the Date back for the columns that hold one. */
function revive(table: MerchantTable, row: Record<string, unknown>) {
  const out = { ...row }
  for (const [key, column] of Object.entries(getTableColumns(table as PgTable))) {
    if (column.dataType === 'date' && typeof out[key] === 'string') out[key] = new Date(out[key])
  }
  return out
}

/** The key of a merchant's sandbox-state lock: taken exclusively here, shared by the engine's writes (sandbox-repo.ts). */
export const sandboxStateKey = (merchantId: string) => sql`hashtext(${'sandbox-state:' + merchantId})`

/** The SQL of reset, snapshots and seed files. Pass a transaction as `db` to group calls. */
export function sandboxStateRepo(db: Db) {
  return {
    /** Deletes every row of the merchant's sandbox (children first); other merchants' rows are never touched. */
    async clear(merchantId: string) {
      for (const table of [...merchantSandboxTables].reverse()) await db.delete(table).where(eq(merchantColumn(table), merchantId))
    },
    /** Every row of the merchant's sandbox, per table name, in a stable order. */
    async rowsOf(merchantId: string): Promise<SandboxRows> {
      const out: SandboxRows = {}
      for (const table of merchantSandboxTables) {
        const rows = (await db
          .select()
          .from(table as PgTable)
          .where(eq(merchantColumn(table), merchantId))) as Record<string, unknown>[]
        // a stable order (the store's own order changes with updates), so equal sandboxes give equal snapshots
        out[getTableName(table)] = rows
          .map((row) => [JSON.stringify(row), row] as const)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([, row]) => row)
      }
      return out
    },
    /** Inserts rows as `rowsOf` (or a seed) gave them, parents first. Tables missing from `rows` stay empty. */
    async insertRows(rows: SandboxRows) {
      for (const table of merchantSandboxTables) {
        const list = (rows[getTableName(table)] ?? []).map((r) => revive(table, r))
        for (let i = 0; i < list.length; i += chunk) await db.insert(table).values(list.slice(i, i + chunk) as never)
      }
    },

    // ── snapshots ──────────────────────────────────────────────────────────────────────────────────────
    async countSnapshots(merchantId: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(sandboxSnapshots)
        .where(eq(sandboxSnapshots.merchantId, merchantId))
      return row?.n ?? 0
    },
    /** Newest first, with the number of rows per table instead of the rows themselves. */
    listSnapshots(merchantId: string) {
      const { data: _data, ...columns } = getTableColumns(sandboxSnapshots)
      const rows = sql<
        Record<string, number>
      >`(select coalesce(jsonb_object_agg(key, jsonb_array_length(value)), '{}'::jsonb) from jsonb_each(${sandboxSnapshots.data}))`
      return db
        .select({ ...columns, rows })
        .from(sandboxSnapshots)
        .where(eq(sandboxSnapshots.merchantId, merchantId))
        .orderBy(desc(sandboxSnapshots.createdAtMs), desc(sandboxSnapshots.id))
    },
    async findSnapshot(merchantId: string, id: string) {
      return (
        await db
          .select()
          .from(sandboxSnapshots)
          .where(and(eq(sandboxSnapshots.merchantId, merchantId), eq(sandboxSnapshots.id, id)))
      )[0]
    },
    async insertSnapshot(row: typeof sandboxSnapshots.$inferInsert) {
      await db.insert(sandboxSnapshots).values(row)
    },
    async deleteSnapshot(merchantId: string, id: string) {
      const rows = await db
        .delete(sandboxSnapshots)
        .where(and(eq(sandboxSnapshots.merchantId, merchantId), eq(sandboxSnapshots.id, id)))
        .returning({ id: sandboxSnapshots.id })
      return rows.length === 1
    },
    /**
     * The merchant's sandbox-state lock (issue 22; docs/sandbox-state.md): a transaction-scoped advisory lock, held
     * until the transaction ends, that reset, seed, restore and snapshot take first. Calls of one merchant wait for
     * each other (in every process on the database); other merchants' calls never do (another key; a hash collision
     * only makes two merchants wait, never mixes their rows). An advisory lock rather than the merchant row's
     * `FOR UPDATE`: the inserts' foreign-key checks take `FOR KEY SHARE` on that row, which would deadlock with it.
     */
    async lockSandboxState(merchantId: string) {
      await db.execute(sql`select pg_advisory_xact_lock(${sandboxStateKey(merchantId)})`)
    },
  }
}
