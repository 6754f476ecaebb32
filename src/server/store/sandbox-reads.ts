import { and, eq, sql } from 'drizzle-orm'
import type { Db } from './db.ts'
import { sandboxPayments, sandboxRefunds } from './tables/sandbox.ts'

type RefundRow = typeof sandboxRefunds.$inferSelect

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
    /** A payment and its refunds in one statement (every refund column is text or a JSON-exact number). */
    paymentWithRefunds: db
      .select({
        payment: sandboxPayments,
        refunds: sql<RefundRow[]>`coalesce((select json_agg(json_build_object(
          'merchantId', r.merchant_id, 'merchantRefundId', r.merchant_refund_id, 'paymentId', r.payment_id, 'amount', r.amount,
          'status', r.status, 'reason', r.reason, 'requestedAt', r.requested_at, 'acceptedAtMs', r.accepted_at_ms))
          from ${sandboxRefunds} r where r.payment_id = ${sandboxPayments.paymentId}), '[]'::json)`,
      })
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.merchantId, sql.placeholder('merchantId')), eq(sandboxPayments.merchantPaymentId, sql.placeholder('merchantPaymentId'))))
      .prepare('paylab_find_payment_with_refunds'),
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
