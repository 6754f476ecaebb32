import { and, eq, getTableColumns, sql } from 'drizzle-orm'
import { runStatement, type Db, type Statement } from './db.ts'
import { momentBatcher } from './moment-batch.ts'
import { sandboxPayments, sandboxRefunds } from './tables/sandbox.ts'

type RefundRow = typeof sandboxRefunds.$inferSelect
type PaymentRow = typeof sandboxPayments.$inferSelect

/**
 * The signed-call hot path's reads (issue 22: get-payment) and the create-code insert, built once per database handle: Drizzle builds their
 * SQL once, and PostgreSQL prepares them once per connection under their names.
 */
const preparedReads = new WeakMap<Db, ReturnType<typeof prepareReads>>()
function prepareReads(db: Db) {
  return {
    payment: db
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.merchantId, sql.placeholder('merchantId')), eq(sandboxPayments.merchantPaymentId, sql.placeholder('merchantPaymentId'))))
      .prepare('paylab_find_payment'),
    refunds: db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentId, sql.placeholder('paymentId')))
      .prepare('paylab_refunds_of'),
    /** A new QR code's order (POST /v2/codes, the signed create-code): the columns it sets, the rest their defaults. */
    insertCode: db
      .insert(sandboxPayments)
      .values({
        paymentId: sql.placeholder('paymentId'),
        merchantId: sql.placeholder('merchantId'),
        merchantPaymentId: sql.placeholder('merchantPaymentId'),
        kind: sql.placeholder('kind'),
        status: sql.placeholder('status'),
        isAuthorization: sql.placeholder('isAuthorization'),
        amount: sql.placeholder('amount'),
        codeId: sql.placeholder('codeId'),
        codeExpiresAtMs: sql.placeholder('codeExpiresAtMs'),
        requestedAt: sql.placeholder('requestedAt'),
        expiresAtMs: sql.placeholder('expiresAtMs'),
        order: sql.placeholder('order'),
        createdAtMs: sql.placeholder('createdAtMs'),
      })
      .returning()
      .prepare('paylab_insert_code'),
  }
}
export function readsOf(db: Db) {
  let reads = preparedReads.get(db)
  if (!reads) preparedReads.set(db, (reads = prepareReads(db)))
  return reads
}

/** Each payment column's property and SQL name (every column is text, boolean, a JSON-exact number or JSON). */
const paymentColumns = Object.entries(getTableColumns(sandboxPayments)).map(([key, column]) => [key, column.name] as const)
export const paymentOf = (json: Record<string, unknown>) => Object.fromEntries(paymentColumns.map(([key, name]) => [key, json[name]])) as PaymentRow

type Found = { payment: PaymentRow; refunds: RefundRow[] } | undefined
type ReadRow = { ord: number; payment: Record<string, unknown> | string; refunds: RefundRow[] | string }

/** Each payment ($2) of a merchant ($1) with its refunds: row `ord` answers input `ord` (1-based). */
const groupedRead: Statement = {
  name: 'paylab_payments_with_refunds',
  text: `with i as (select * from unnest($1::text[], $2::text[]) with ordinality as t(merchant_id, merchant_payment_id, ord))
    select i.ord::int as ord, to_jsonb(p) as payment, coalesce((select json_agg(json_build_object(
      'merchantId', r.merchant_id, 'merchantRefundId', r.merchant_refund_id, 'paymentId', r.payment_id, 'amount', r.amount,
      'status', r.status, 'reason', r.reason, 'requestedAt', r.requested_at, 'acceptedAtMs', r.accepted_at_ms))
      from sandbox_refunds r where r.payment_id = p.payment_id), '[]'::json) as refunds
    from i join sandbox_payments p on p.merchant_id = i.merchant_id and p.merchant_payment_id = i.merchant_payment_id`,
}
const groups = new WeakMap<Db, (merchantId: string, merchantPaymentId: string) => Promise<Found>>()

/**
 * A merchant's payment with its refunds, the reads of one moment grouped (issue 22: the signed get-payment's read):
 * the requests that ask within one turn of the event loop share one statement, at most two in flight. Each answer is
 * the row as of its statement, as a read of its own would be.
 */
export function groupedPaymentRead(db: Db) {
  let read = groups.get(db)
  if (read) return read
  const batch = momentBatcher<{ merchantId: string; merchantPaymentId: string }, Found>(async (items) => {
    const rows = await runStatement<ReadRow>(db, groupedRead, [items.map((i) => i.merchantId), items.map((i) => i.merchantPaymentId)])
    const byOrd = new Map(rows.map((row) => [Number(row.ord), row]))
    return items.map((_, index) => {
      const row = byOrd.get(index + 1)
      if (!row) return undefined
      const payment = typeof row.payment === 'string' ? (JSON.parse(row.payment) as Record<string, unknown>) : row.payment
      const refunds = typeof row.refunds === 'string' ? (JSON.parse(row.refunds) as RefundRow[]) : row.refunds
      return { payment: paymentOf(payment), refunds }
    })
  })
  read = (merchantId: string, merchantPaymentId: string) => batch({ merchantId, merchantPaymentId })
  groups.set(db, read)
  return read
}
