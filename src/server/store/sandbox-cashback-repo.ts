import { and, eq, sql } from 'drizzle-orm'
import type { Db } from './db.ts'
import type { groupedReads } from './grouped-reads.ts'
import { sandboxCashbackReversals, sandboxCashbacks } from './tables/sandbox.ts'

/** The SQL of cashback and its reversals (part of `sandboxRepo`; `grouped`: its reads on the store's own handle). */
export function cashbackQueries(db: Db, grouped?: ReturnType<typeof groupedReads>) {
  return {
    async insertCashback(row: typeof sandboxCashbacks.$inferInsert) {
      const [inserted] = await db.insert(sandboxCashbacks).values(row).returning()
      return inserted!
    },
    async findCashback(merchantId: string, merchantCashbackId: string, lock = false) {
      if (grouped && !lock) return grouped.cashback(merchantId, merchantCashbackId)
      const q = db
        .select()
        .from(sandboxCashbacks)
        .where(and(eq(sandboxCashbacks.merchantId, merchantId), eq(sandboxCashbacks.merchantCashbackId, merchantCashbackId)))
      return (await (lock ? q.for('update') : q))[0]
    },
    /** A cashback by the provider's cashbackId (the id the dashboard's ledger lists). */
    async findCashbackById(merchantId: string, cashbackId: string) {
      return (
        await db
          .select()
          .from(sandboxCashbacks)
          .where(and(eq(sandboxCashbacks.merchantId, merchantId), eq(sandboxCashbacks.cashbackId, cashbackId)))
      )[0]
    },
    /** Adds to the reversed amount only while it stays within the cashback (CHECK constraint backs it). */
    async addCashbackReversal(merchantId: string, merchantCashbackId: string, amount: number) {
      const [row] = await db
        .update(sandboxCashbacks)
        .set({ reversedAmount: sql`${sandboxCashbacks.reversedAmount} + ${amount}` })
        .where(
          and(
            eq(sandboxCashbacks.merchantId, merchantId),
            eq(sandboxCashbacks.merchantCashbackId, merchantCashbackId),
            sql`${sandboxCashbacks.reversedAmount} + ${amount} <= ${sandboxCashbacks.amount}`,
          ),
        )
        .returning()
      return row
    },
    async insertCashbackReversal(row: typeof sandboxCashbackReversals.$inferInsert) {
      const [inserted] = await db.insert(sandboxCashbackReversals).values(row).returning()
      return inserted!
    },
    async findCashbackReversal(merchantId: string, merchantCashbackReversalId: string) {
      if (grouped) return grouped.cashbackReversal(merchantId, merchantCashbackReversalId)
      return (
        await db
          .select()
          .from(sandboxCashbackReversals)
          .where(and(eq(sandboxCashbackReversals.merchantId, merchantId), eq(sandboxCashbackReversals.merchantCashbackReversalId, merchantCashbackReversalId)))
      )[0]
    },
  }
}
