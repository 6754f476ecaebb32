import { isUniqueViolation, storeQueryOf, type Db, type Statement } from './db.ts'
import { momentBatcher } from './moment-batch.ts'
import { paymentOf, readsOf } from './sandbox-reads.ts'
import type { NewCodeRow, PaymentRow } from './sandbox-rows.ts'

/**
 * The codes of one moment in one statement (issue 22: the signed create-code's write): every row of the batch as
 * arrays, inserted in their order. `on conflict do nothing` leaves out a row that any unique index refuses (the
 * merchant's `merchantPaymentId` already taken, by an earlier row or by one of the same batch, committed or not yet):
 * such a row comes back without its payment, which the caller answers as the duplicate a unique violation was before
 * (a replayed request never gets here: OPA-Auth refused it before).
 */
const insertMany: Statement = {
  name: 'paylab_insert_codes',
  text: `with i as (
      select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::bigint[], $8::text[], $9::bigint[],
        $10::bigint[], $11::bigint[], $12::text[], $13::bigint[]) with ordinality
        as t(payment_id, merchant_id, merchant_payment_id, kind, status, is_authorization, amount, code_id, code_expires_at_ms,
          requested_at, expires_at_ms, order_json, created_at_ms, ord)),
    ins as (
      insert into sandbox_payments (payment_id, merchant_id, merchant_payment_id, kind, status, is_authorization, amount, code_id,
        code_expires_at_ms, requested_at, expires_at_ms, "order", created_at_ms)
      select payment_id, merchant_id, merchant_payment_id, kind, status, is_authorization, amount, code_id, code_expires_at_ms,
        requested_at, expires_at_ms, order_json::jsonb, created_at_ms
      from i order by ord
      on conflict do nothing
      returning *)
    select to_jsonb(ins) as payment from ins`,
}

/** The inserted row, or undefined when a unique index refused it (the merchant's merchantPaymentId taken). */
type Inserted = PaymentRow | undefined
const groups = new WeakMap<Db, (row: NewCodeRow) => Promise<Inserted>>()

/** One row in its own statement (prepared once: `readsOf`). */
async function alone(db: Db, row: NewCodeRow): Promise<Inserted> {
  try {
    const [inserted] = await readsOf(db).insertCode.execute(row)
    return inserted!
  } catch (error) {
    if (isUniqueViolation(error)) return undefined
    throw error
  }
}

/**
 * A new QR code's order (POST /v2/codes): grouped with the other inserts of the moment (`groupedCodeInsert`), or
 * alone inside a transaction. Undefined when a unique index refused it (the merchant's merchantPaymentId taken).
 */
export function insertCodeRow(db: Db, row: NewCodeRow): Promise<Inserted> {
  const grouped = groupedCodeInsert(db)
  return grouped ? grouped(row) : alone(db, row)
}

/**
 * A new QR code's order, the inserts of one moment grouped (issue 22): the requests that insert within one turn of
 * the event loop share one statement, one round trip and one commit, at most two statements in flight (what waits
 * meanwhile goes together next). Answers the inserted row, or undefined when a unique index refused it. When a
 * batch fails for another reason (a merchant removed by a reset meanwhile …), each of its rows is inserted alone,
 * so that each request gets its own answer as before. Undefined for a handle inside a transaction.
 */
function groupedCodeInsert(db: Db): ((row: NewCodeRow) => Promise<Inserted>) | undefined {
  const cached = groups.get(db)
  if (cached) return cached
  const query = storeQueryOf(db)
  if (!query) return undefined
  const insert = momentBatcher<NewCodeRow, Inserted>(async (rows) => {
    const column = <T>(of: (row: NewCodeRow) => T) => rows.map(of)
    let result: { payment: unknown }[]
    try {
      result = await query<{ payment: unknown }>(insertMany, [
        column((r) => r.paymentId),
        column((r) => r.merchantId),
        column((r) => r.merchantPaymentId),
        column((r) => r.kind),
        column((r) => r.status),
        column((r) => r.isAuthorization),
        column((r) => r.amount),
        column((r) => r.codeId),
        column((r) => r.codeExpiresAtMs),
        column((r) => r.requestedAt),
        column((r) => r.expiresAtMs),
        column((r) => JSON.stringify(r.order)),
        column((r) => r.createdAtMs),
      ])
    } catch {
      // one bad row fails the whole statement: each goes alone, and answers for itself
      return rows.map((row) => alone(db, row))
    }
    const byId = new Map<string, PaymentRow>()
    for (const { payment } of result) {
      const row = paymentOf(typeof payment === 'string' ? (JSON.parse(payment) as Record<string, unknown>) : (payment as Record<string, unknown>))
      byId.set(row.paymentId, row)
    }
    return rows.map((row) => byId.get(row.paymentId))
  })
  groups.set(db, insert)
  return insert
}
