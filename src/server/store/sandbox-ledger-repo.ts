import { eq, sql } from 'drizzle-orm'
import type { Db } from './db.ts'
import { merchantTopUps } from './tables/sandbox.ts'
import { sandboxTestUsers } from './tables/sandbox.ts'

export interface LedgerRow {
  type: 'PAYMENT' | 'REFUND' | 'CASHBACK' | 'CASHBACK_REVERSAL'
  kind: string | null
  id: string
  ref: string
  payment_id: string | null
  status: string
  amount: number
  at_ms: number
}

/**
 * The SQL of the dashboard's views of a merchant's sandbox (part of `sandboxRepo`, reached through the engine's
 * commands): the transaction ledger and the monthly top-up of every test user (issue 12).
 */
export function ledgerQueries(db: Db) {
  /** One merchant's sandbox ledger: payments, refunds, cashbacks and their reversals as one list. */
  const ledger = (merchantId: string) => sql`
    select 'PAYMENT' as type, kind, payment_id as id, merchant_payment_id as ref, payment_id, status, amount::float8 as amount, created_at_ms::float8 as at_ms
      from sandbox_payments where merchant_id = ${merchantId}
    union all
    select 'REFUND', null, merchant_refund_id, merchant_refund_id, payment_id, status, amount::float8, accepted_at_ms::float8
      from sandbox_refunds where merchant_id = ${merchantId}
    union all
    select 'CASHBACK', null, cashback_id, merchant_cashback_id, null, status, amount::float8, accepted_at_ms::float8
      from sandbox_cashbacks where merchant_id = ${merchantId}
    union all
    select 'CASHBACK_REVERSAL', null, merchant_cashback_reversal_id, merchant_cashback_id, null, status, amount::float8, accepted_at_ms::float8
      from sandbox_cashback_reversals where merchant_id = ${merchantId}`
  const rowsOf = <T>(result: unknown) => (result as { rows?: T[] }).rows ?? (result as T[])

  return {
    /** A page of the ledger, newest first (ties broken by type and id so pages never overlap). */
    async ledgerPage(merchantId: string, limit: number, offset: number) {
      const result = await db.execute(sql`select * from (${ledger(merchantId)}) t order by at_ms desc, type, id desc limit ${limit} offset ${offset}`)
      return rowsOf<LedgerRow>(result).map((r) => ({ ...r, amount: Number(r.amount), at_ms: Number(r.at_ms) }))
    },
    async ledgerCount(merchantId: string) {
      const result = await db.execute(sql`select count(*)::int as n from (${ledger(merchantId)}) t`)
      return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0)
    },

    /**
     * The merchant's monthly top-up: records (merchant, month) and credits every test user of the merchant. Run it
     * in a transaction (the engine's `inTx`). Undefined when the month already has its top-up — the primary key
     * decides, so of two racing requests exactly one credits.
     */
    async topUpMerchant(merchantId: string, month: string, amount: number, at: Date) {
      const [won] = await db.insert(merchantTopUps).values({ merchantId, month, amount, createdAt: at }).onConflictDoNothing().returning()
      if (!won) return undefined
      await db
        .update(sandboxTestUsers)
        .set({ balance: sql`${sandboxTestUsers.balance} + ${amount}` })
        .where(eq(sandboxTestUsers.merchantId, merchantId))
      return won
    },
  }
}
