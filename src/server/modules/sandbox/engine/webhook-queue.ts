import { confirmationExpiredWebhook, transactionWebhook, webhookStateOf, type WebhookState } from '@/domain/webhooks.ts'
import type { Db } from '../../../store/db.ts'
import type { PaymentRow } from '../../../store/sandbox-repo.ts'
import { applyChaosOnEnqueue } from '../../../store/webhook-chaos-repo.ts'
import { webhookRepo } from '../../../store/webhook-repo.ts'
import { record } from './inspect-feed.ts'
import { deliveryStep } from './webhook-deliveries.ts'

/** The fields of an order every transaction webhook carries. */
const orderOf = (row: PaymentRow) => ({
  merchantId: row.merchantId,
  paymentId: row.paymentId,
  merchantPaymentId: row.merchantPaymentId,
  amount: row.amount,
  order: row.order,
  acceptedAtMs: row.acceptedAtMs,
  expiresAtMs: row.expiresAtMs,
})

/** Queues a delivery, and gives it the merchant's chaos request if one waits for it (issue 23). */
async function enqueue(db: Db, row: PaymentRow, state: WebhookState, body: object, nowMs: number) {
  const id = await webhookRepo(db).enqueue({
    merchantId: row.merchantId,
    paymentId: row.paymentId,
    merchantPaymentId: row.merchantPaymentId,
    state,
    body: JSON.stringify(body),
    createdAtMs: nowMs,
  })
  await applyChaosOnEnqueue(db, row.merchantId, id, nowMs)
  // a new delivery's first step, published with the transaction (inspect-feed.ts)
  record(db, deliveryStep({ id, merchantId: row.merchantId, state, merchantPaymentId: row.merchantPaymentId, status: 'pending', attempts: 0 }, null))
  return id
}

/**
 * Queues the transaction webhook a transition sends, if it sends one (call inside the order's transaction).
 * `fields`: the event's own published fields (`reauth_request_id` of an updated authorisation).
 */
export async function enqueueTransactionWebhook(db: Db, before: PaymentRow, after: PaymentRow, nowMs: number, fields: Record<string, string> = {}) {
  const state = webhookStateOf(before, after)
  if (!state) return
  const body = { ...transactionWebhook({ ...orderOf(after), state, nowMs }), ...(state === 'AUTHORIZED' ? fields : {}) }
  await enqueue(db, after, state, body, nowMs)
}

/**
 * Queues the user-confirmation-expired `AUTHORIZED` webhook of a higher-amount reauthorisation whose approval
 * window ended at `confirmationExpiresAtMs` (call inside the transaction that marks the request expired).
 */
export async function enqueueConfirmationExpiredWebhook(db: Db, row: PaymentRow, reauthRequestId: string, confirmationExpiresAtMs: number, nowMs: number) {
  await enqueue(db, row, 'AUTHORIZED', confirmationExpiredWebhook({ ...orderOf(row), reauthRequestId, confirmationExpiresAtMs }), nowMs)
}
