/** Request money: the merchant asks a linked user to pay an order; the user pays it in the wallet. */
import type * as v from 'valibot'
import { ApiError } from '@/domain/errors.ts'
import { limits } from '@/domain/limits.ts'
import type { CreateRequestOrderRequestSchema } from '@/domain/opa-schemas.ts'
import { isForeignKeyViolation, isUniqueViolation } from '../../../store/db.ts'
import { newPaymentId } from '../../../store/sandbox-repo.ts'
import { activeAuthorization, userScopes } from './authorizations.ts'
import { inTx, nowMs, repoOf, type MerchantCtx } from './context.ts'
import { lockedApply, orderCreated, orderOf, paymentOrderKeys, refresh, type PaymentStatus } from './orders.ts'

/** The body of POST /v1/requestOrder, validated: as a payment, with the request's own expiry (epoch seconds). */
export type CreateRequestOrderInput = v.InferOutput<typeof CreateRequestOrderRequestSchema>

/** An order read before its transaction and gone inside it (a reset ran between them). */
const requestGone = () => new ApiError('REQUEST_ORDER_NOT_FOUND')

export async function createRequestOrder(ctx: MerchantCtx, input: CreateRequestOrderInput) {
  const t = nowMs(ctx, ctx.merchantId)
  try {
    return await inTx(ctx, ctx.merchantId, async (r) => {
      // the link read under the sandbox-state lock: a reset cannot take its test user away before the insert
      const auth = await activeAuthorization(ctx, input.userAuthorizationId, userScopes.REQUEST_ORDER, r)
      const row = await r.insertPayment({
        paymentId: newPaymentId(),
        merchantId: ctx.merchantId,
        merchantPaymentId: input.merchantPaymentId,
        kind: 'REQUEST_ORDER',
        status: 'CREATED',
        amount: input.amount.amount,
        testUserId: auth.testUserId,
        userAuthorizationId: auth.userAuthorizationId,
        codeExpiresAtMs: input.expiryDate ? input.expiryDate * 1000 : t + limits.sandbox.refundWindowMs,
        requestedAt: input.requestedAt,
        order: orderOf(input, paymentOrderKeys),
        createdAtMs: t,
      })
      orderCreated(r.db, row)
      return row
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('DUPLICATE_REQUEST_ORDER')
    if (isForeignKeyViolation(error)) throw new ApiError('INVALID_USER_AUTHORIZATION_ID')
    throw error
  }
}

/** GET /v1/requestOrder/{id}: REQUEST_ORDER_NOT_FOUND answers `notFoundStatus`. */
export async function getRequestOrder(ctx: MerchantCtx, input: { merchantPaymentId: string; notFoundStatus: 400 | 404 }) {
  return (await getRequestOrderWithRefunds(ctx, input)).row
}

/** The order with its refunds, in one grouped read (issue 33: every signed read on the fast path). */
export async function getRequestOrderWithRefunds(ctx: MerchantCtx, input: { merchantPaymentId: string; notFoundStatus: 400 | 404 }) {
  const found = await repoOf(ctx).findPaymentWithRefunds(ctx.merchantId, input.merchantPaymentId)
  if (!found || found.payment.kind !== 'REQUEST_ORDER') throw new ApiError('REQUEST_ORDER_NOT_FOUND', { status: input.notFoundStatus })
  return { row: await refresh(ctx, found.payment), refunds: found.refunds }
}

export async function cancelRequestOrder(ctx: MerchantCtx, input: { merchantPaymentId: string }) {
  const row = await repoOf(ctx).findPayment(ctx.merchantId, input.merchantPaymentId)
  if (!row || row.kind !== 'REQUEST_ORDER') throw new ApiError('REQUEST_ORDER_NOT_FOUND')
  await inTx(ctx, ctx.merchantId, (r) => lockedApply(r, row, { type: 'merchant.cancelRequest', nowMs: nowMs(ctx, ctx.merchantId) }, {}, requestGone))
}

/** The requested user pays the order in the wallet. */
export async function payRequestOrder(ctx: MerchantCtx, input: { merchantPaymentId: string; testUserId: string }) {
  const row = await repoOf(ctx).findPayment(ctx.merchantId, input.merchantPaymentId)
  if (!row || row.kind !== 'REQUEST_ORDER') throw new ApiError('REQUEST_ORDER_NOT_FOUND')
  if (row.testUserId !== input.testUserId) throw new ApiError('SANDBOX_TEST_USER_NOT_FOUND')
  const paid = await inTx(ctx, ctx.merchantId, (r) => lockedApply(r, row, { type: 'user.paid', nowMs: nowMs(ctx, ctx.merchantId) }, {}, requestGone))
  return { status: paid.status as PaymentStatus, paymentId: paid.paymentId }
}
