/** Refunds of completed payments: idempotent on merchantRefundId. */
import type * as v from 'valibot'
import { ApiError } from '@/domain/errors.ts'
import { opaCodeIds } from '@/domain/errors-sandbox.ts'
import type { RefundRequestSchema } from '@/domain/opa-schemas.ts'
import { isUniqueViolation } from '../../../store/db.ts'
import { inTx, nowMs, repoOf, type MerchantCtx } from './context.ts'
import { lockedApply, sameTarget } from './orders.ts'

const refundReuse = opaCodeIds.refundInvalidParams
const refundGone = () => new ApiError('RESOURCE_NOT_FOUND', { codeId: opaCodeIds.refundResourceNotFound })

/** The body of POST /v2/refunds, validated. */
export type RefundInput = v.InferOutput<typeof RefundRequestSchema>

/**
 * Refund, idempotent on merchantRefundId: every repeat (concurrent ones too, on PostgreSQL as on PGlite)
 * answers the first refund. The order row is locked first and the id looked up again inside the
 * transaction, so a repeat that waited for the lock finds the winner's refund instead of a refunded order.
 * The id reused on another payment is refused (INVALID_PARAMS, the refund's codeId).
 */
export async function refund(ctx: MerchantCtx, input: RefundInput) {
  const { merchantId } = ctx
  const repo = repoOf(ctx)
  const previous = await repo.findRefund(merchantId, input.merchantRefundId)
  if (previous) return sameTarget(previous, input.paymentId, 'merchantRefundId', refundReuse)
  const row = await repo.findPaymentById(input.paymentId)
  if (!row || row.merchantId !== merchantId) throw refundGone()
  const t = nowMs(ctx, merchantId)
  try {
    return await inTx(ctx, merchantId, async (r) => {
      if (!(await r.findPaymentById(row.paymentId, true))) throw refundGone()
      const won = await r.findRefund(merchantId, input.merchantRefundId)
      if (won) return sameTarget(won, input.paymentId, 'merchantRefundId', refundReuse)
      await lockedApply(r, row, { type: 'merchant.refund', nowMs: t, amount: input.amount.amount }, {}, refundGone)
      return r.insertRefund({
        merchantId,
        merchantRefundId: input.merchantRefundId,
        paymentId: row.paymentId,
        amount: input.amount.amount,
        status: 'REFUNDED',
        reason: input.reason ?? null,
        requestedAt: input.requestedAt,
        acceptedAtMs: t,
      })
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    const same = await repo.findRefund(merchantId, input.merchantRefundId)
    if (same) return sameTarget(same, input.paymentId, 'merchantRefundId', refundReuse)
    throw new ApiError('MERCHANT_MULTIPLE_REFUND_REJECTED')
  }
}

/** A merchant's refund by its merchantRefundId, as stored; undefined when it has none (the dashboard's transaction detail). */
export const findRefund = (ctx: MerchantCtx, input: { merchantRefundId: string }) => repoOf(ctx).findRefund(ctx.merchantId, input.merchantRefundId)

/** GET /v2/refunds/{merchantRefundId}; `paymentId`, when given, must be the refund's. */
export async function getRefund(ctx: MerchantCtx, input: { merchantRefundId: string; paymentId?: string }) {
  const found = await repoOf(ctx).findRefund(ctx.merchantId, input.merchantRefundId)
  if (!found || (input.paymentId !== undefined && found.paymentId !== input.paymentId)) throw new ApiError('NO_SUCH_REFUND_ORDER')
  return found
}
