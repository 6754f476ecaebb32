import { transactionWebhook, webhookStateOf } from '@/domain/webhooks.ts'
import type { Db } from '../store/db.ts'
import type { PaymentRow } from '../store/sandbox-repo.ts'
import { webhookRepo } from '../store/webhook-repo.ts'

/**
 * Queues the transaction webhook a transition sends, if it sends one (call inside the order's transaction).
 * `fields`: the event's own published fields (`reauth_request_id` of an updated authorisation).
 */
export async function enqueueTransactionWebhook(db: Db, before: PaymentRow, after: PaymentRow, nowMs: number, fields: Record<string, string> = {}) {
  const state = webhookStateOf(before, after)
  if (!state) return
  const body = {
    ...transactionWebhook({
      merchantId: after.merchantId,
      paymentId: after.paymentId,
      merchantPaymentId: after.merchantPaymentId,
      amount: after.amount,
      state,
      order: after.order,
      acceptedAtMs: after.acceptedAtMs,
      expiresAtMs: after.expiresAtMs,
      nowMs,
    }),
    ...(state === 'AUTHORIZED' ? fields : {}),
  }
  await webhookRepo(db).enqueue({ merchantId: after.merchantId, paymentId: after.paymentId, merchantPaymentId: after.merchantPaymentId, state, body: JSON.stringify(body), createdAtMs: nowMs })
}
