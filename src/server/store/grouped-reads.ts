import { getTableColumns, getTableName } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { runStatement, type Db, type Statement } from './db.ts'
import { momentBatcher } from './moment-batch.ts'
import { sandboxCashbackReversals, sandboxCashbacks, sandboxRefunds, sandboxUserAuthorizations } from './tables/sandbox.ts'

/**
 * Every signed read on the fast path (issue 33; docs/sandbox-wallet.md, "Every signed read on the fast path"): the
 * lookups of one moment by a table's unique key share one named statement — one round trip, parsed once per
 * connection (PGlite: once per process) — as the payment read does (`groupedPaymentRead`, sandbox-reads.ts). Each
 * answers the row as of its statement, as a read of its own would; undefined when there is none.
 */

type Json = Record<string, unknown>
const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as Json

/** A table's row from `to_jsonb` of it (its columns are text, boolean, JSON-exact numbers, arrays or JSON). */
function rowDecoder<T extends PgTable>(table: T) {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name] as const)
  return (json: unknown) => {
    const row = parsed(json)
    return Object.fromEntries(columns.map(([key, name]) => [key, row[name]])) as T['$inferSelect']
  }
}

type ReadRow = { ord: number; row: unknown; also?: unknown }

/**
 * Lookups of `table` by `keys` (text columns forming a unique key) grouped per moment. `also`: one more SQL
 * expression over the found row `x`, answered beside it (a test user's balance with its link).
 */
function groupedByKey<T extends PgTable, A = never>(name: string, table: T, keys: PgColumn[], also?: string) {
  const statement: Statement = {
    name,
    text: `with i as (select * from unnest(${keys.map((_, i) => `$${i + 1}::text[]`).join(', ')}) with ordinality as t(${keys.map((_, i) => `k${i}`).join(', ')}, ord))
      select i.ord::int as ord, to_jsonb(x) as row${also ? `, ${also} as also` : ''}
      from i join ${getTableName(table)} x on ${keys.map((column, i) => `x.${column.name} = i.k${i}`).join(' and ')}`,
  }
  const decode = rowDecoder(table)
  type Found = { row: T['$inferSelect']; also: A } | undefined
  const perDb = new WeakMap<Db, (key: string[]) => Promise<Found>>()
  return (db: Db) => {
    let read = perDb.get(db)
    if (read) return read
    read = momentBatcher<string[], Found>(async (items) => {
      const rows = await runStatement<ReadRow>(
        db,
        statement,
        keys.map((_, k) => items.map((item) => item[k]!)),
      )
      const byOrd = new Map(rows.map((row) => [Number(row.ord), row]))
      return items.map((_, index) => {
        const found = byOrd.get(index + 1)
        return found ? { row: decode(found.row), also: found.also as A } : undefined
      })
    })
    perDb.set(db, read)
    return read
  }
}

const S = sandboxUserAuthorizations
/** A user authorization by id, with its test user's balance (GET /v2/user/authorizations, /profile/secure, /wallet/check_balance). */
const authorizations = groupedByKey<typeof S, number | string | null>(
  'paylab_user_authorizations',
  S,
  [S.userAuthorizationId],
  '(select u.balance from sandbox_test_users u where u.id = x.test_user_id)',
)
const refunds = groupedByKey('paylab_refunds', sandboxRefunds, [sandboxRefunds.merchantId, sandboxRefunds.merchantRefundId])
const cashbacks = groupedByKey('paylab_cashbacks', sandboxCashbacks, [sandboxCashbacks.merchantId, sandboxCashbacks.merchantCashbackId])
const reversals = groupedByKey('paylab_cashback_reversals', sandboxCashbackReversals, [
  sandboxCashbackReversals.merchantId,
  sandboxCashbackReversals.merchantCashbackReversalId,
])

/** The grouped reads of the signed GETs, on `db` (the store's handle; on a transaction's they run through Drizzle). */
export function groupedReads(db: Db) {
  return {
    /** A user authorization and its test user's balance (null when the user is gone). */
    async userAuthorization(userAuthorizationId: string) {
      const found = await authorizations(db)([userAuthorizationId])
      return found && { authorization: found.row, balance: found.also === null ? null : Number(found.also) }
    },
    refund: async (merchantId: string, merchantRefundId: string) => (await refunds(db)([merchantId, merchantRefundId]))?.row,
    cashback: async (merchantId: string, merchantCashbackId: string) => (await cashbacks(db)([merchantId, merchantCashbackId]))?.row,
    cashbackReversal: async (merchantId: string, merchantCashbackReversalId: string) => (await reversals(db)([merchantId, merchantCashbackReversalId]))?.row,
  }
}
