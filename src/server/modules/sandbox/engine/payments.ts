/**
 * Orders paid at once from a linked user's wallet — native payment, pre-authorisation, continuous payments —
 * and what the merchant reads or cancels of any order; the wallet balance check.
 */
import type * as v from 'valibot'
import { ApiError } from '@/domain/errors.ts'
import { opaCodeIds } from '@/domain/errors-sandbox.ts'
import { limits } from '@/domain/limits.ts'
import type { CheckBalanceQuerySchema, CreatePaymentRequestSchema, PreauthorizeRequestSchema } from '@/domain/opa-schemas.ts'
import { isUniqueViolation } from '../../../store/db.ts'
import { newPaymentId } from '../../../store/sandbox-repo.ts'
import { activeAuthorization, userScopes } from './authorizations.ts'
import { inTx, nowMs, repoOf, type MerchantCtx, type SandboxCtx } from './context.ts'
import { apply, findOrder, lockedApply, orderOf, paymentOrderKeys, refresh } from './orders.ts'
import type { CancelDirective } from '@/domain/sandbox-force.ts'

const S = limits.sandbox

/** The body of POST /v2/payments and /v1/subscription/payments, validated. */
export type CreatePaymentInput = v.InferOutput<typeof CreatePaymentRequestSchema>
/** The body of POST /v2/payments/preauthorize, validated. */
export type PreauthorizeInput = v.InferOutput<typeof PreauthorizeRequestSchema>

export interface SimilarTransactionOption {
  /** `?agreeSimilarTransaction=true`: skip the check for the same amount by the same user within a minute. */
  agreeSimilarTransaction: boolean
}

/** POST /v2/payments: a native payment, COMPLETED at once. */
export const createPayment = (ctx: MerchantCtx, input: CreatePaymentInput & SimilarTransactionOption) =>
  createPaidOrder(ctx, 'NATIVE', input, input.agreeSimilarTransaction)

/** POST /v2/payments/preauthorize: an order AUTHORIZED at once (the amount is held until `expiresAt`). */
export const preauthorize = (ctx: MerchantCtx, input: PreauthorizeInput & SimilarTransactionOption) =>
  createPaidOrder(ctx, 'PREAUTH', input, input.agreeSimilarTransaction)

/** POST /v1/subscription/payments: a continuous payment (no similar-transaction check). */
export const subscriptionPayment = (ctx: MerchantCtx, input: CreatePaymentInput) => createPaidOrder(ctx, 'SUBSCRIPTION', input, true)

/** Creates an order paid at once from a linked user's wallet; a repeated merchantPaymentId answers the first order. */
async function createPaidOrder(
  ctx: MerchantCtx,
  kind: 'NATIVE' | 'PREAUTH' | 'SUBSCRIPTION',
  input: CreatePaymentInput & { expiresAt?: number | null },
  agreeSimilarTransaction: boolean,
) {
  const { merchantId } = ctx
  const repo = repoOf(ctx)
  const auth = await activeAuthorization(ctx, input.userAuthorizationId, userScopes[kind])
  const t = nowMs(ctx, merchantId)
  const existing = await repo.findPayment(merchantId, input.merchantPaymentId)
  if (existing) return refresh(ctx, existing)
  if (!agreeSimilarTransaction && kind !== 'SUBSCRIPTION') {
    const similar = await repo.findSimilarPayment(merchantId, auth.userAuthorizationId, input.amount.amount, t - 60_000)
    if (similar) throw new ApiError('SUSPECTED_DUPLICATE_ORDER')
  }
  let expiresAtMs: number | null = null
  if (kind === 'PREAUTH') {
    expiresAtMs = input.expiresAt !== undefined && input.expiresAt !== null ? input.expiresAt * 1000 : t + S.preauthDefaultExpiryMs
    if (expiresAtMs <= t || expiresAtMs > t + S.preauthMaxExpiryMs) throw new ApiError('PRE_AUTH_CAPTURE_INVALID_EXPIRY_DATE')
  }
  try {
    return await inTx(ctx, async (r) => {
      const row = await r.insertPayment({
        paymentId: newPaymentId(),
        merchantId,
        merchantPaymentId: input.merchantPaymentId,
        kind,
        status: 'CREATED',
        isAuthorization: kind === 'PREAUTH',
        amount: input.amount.amount,
        testUserId: auth.testUserId,
        userAuthorizationId: auth.userAuthorizationId,
        requestedAt: input.requestedAt,
        expiresAtMs,
        order: orderOf(input, paymentOrderKeys),
        createdAtMs: t,
      })
      return apply(r, row, { type: 'user.paid', nowMs: t })
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    const winner = await repo.findPayment(merchantId, input.merchantPaymentId)
    if (!winner) throw error
    return winner
  }
}

/** GET /v2/payments/{merchantPaymentId}: the order, brought up to date. */
export async function getPayment(ctx: MerchantCtx, input: { merchantPaymentId: string }) {
  const row = await findOrder(ctx, ctx.merchantId, input.merchantPaymentId)
  if (!row) throw new ApiError('RESOURCE_NOT_FOUND', { codeId: opaCodeIds.orderNotFound })
  return row
}

/** The refunds of a payment (for its wire view). */
export const refundsOf = (ctx: SandboxCtx, input: { paymentId: string }) => repoOf(ctx).refundsOf(input.paymentId)

/**
 * Cancel (202): an unknown order is accepted too, as the provider guarantees no later payment succeeds. With the
 * `late` directive (`X-Sandbox-Cancel: late`, spec §4 "cancel is asynchronous") the accepted cancel reaches the
 * order only after the next payment: nothing changes now, so a payment made next still succeeds.
 */
export async function cancelPayment(ctx: MerchantCtx, input: { merchantPaymentId: string; directive?: CancelDirective }) {
  const row = await repoOf(ctx).findPayment(ctx.merchantId, input.merchantPaymentId)
  if (!row || input.directive === 'late') return
  await inTx(ctx, (r) => lockedApply(r, row, { type: 'merchant.cancel', nowMs: nowMs(ctx, ctx.merchantId) }))
}

/** GET /v2/wallet/check_balance: whether the linked user has `amount` yen. */
export async function hasEnoughBalance(ctx: MerchantCtx, input: Pick<v.InferOutput<typeof CheckBalanceQuerySchema>, 'userAuthorizationId' | 'amount'>) {
  const auth = await activeAuthorization(ctx, input.userAuthorizationId, userScopes.checkBalance)
  const user = await repoOf(ctx).findTestUser(auth.testUserId)
  return (user?.balance ?? 0) >= input.amount
}
