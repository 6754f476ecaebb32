/**
 * Orders paid at once from a linked user's wallet — native payment, pre-authorisation, continuous payments —
 * and what the merchant reads or cancels of any order; the wallet balance check.
 */
import type * as v from 'valibot'
import { ApiError } from '@/domain/errors.ts'
import { opaCodeIds } from '@/domain/errors-sandbox.ts'
import { limits } from '@/domain/limits.ts'
import type { CheckBalanceQuerySchema, CreatePaymentRequestSchema, PreauthorizeRequestSchema } from '@/domain/opa-schemas.ts'
import { isForeignKeyViolation, isUniqueViolation } from '../../../store/db.ts'
import { newPaymentId } from '../../../store/sandbox-repo.ts'
import { paymentView } from './views.ts'
import { activeAuthorization, checkedAuthorization, userScopes } from './authorizations.ts'
import { inTx, nowMs, repoOf, type MerchantCtx, type SandboxCtx } from './context.ts'
import { apply, lockedApply, orderCreated, orderOf, paymentOrderKeys, refresh } from './orders.ts'
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

/**
 * Creates an order paid at once from a linked user's wallet; a repeated merchantPaymentId answers the first order.
 * One transaction decides it (issue 33): it holds the merchant's sandbox-state lock shared (a reset runs wholly
 * before or after it) and the link's row locked, so the orders of one link are decided one after the other. Thus a
 * retry finds the order its twin just made and answers it, and of two similar orders (same link and amount within a
 * minute, other merchantPaymentIds) sent at once exactly one is made and the other refused as
 * SUSPECTED_DUPLICATE_ORDER — on every store, in one process or several.
 */
async function createPaidOrder(
  ctx: MerchantCtx,
  kind: 'NATIVE' | 'PREAUTH' | 'SUBSCRIPTION',
  input: CreatePaymentInput & { expiresAt?: number | null },
  agreeSimilarTransaction: boolean,
) {
  const { merchantId } = ctx
  const t = nowMs(ctx, merchantId)
  try {
    const made = await inTx(ctx, merchantId, async (r) => {
      const auth = await activeAuthorization(ctx, input.userAuthorizationId, userScopes[kind], r)
      const existing = await r.findPayment(merchantId, input.merchantPaymentId)
      if (existing) return { row: existing, created: false }
      if (!agreeSimilarTransaction && kind !== 'SUBSCRIPTION') {
        // the order's own merchantPaymentId is never its duplicate (a retry of a different link lost the unique index)
        if (await r.findSimilarPayment(merchantId, auth.userAuthorizationId, input.amount.amount, t - 60_000, input.merchantPaymentId)) {
          throw new ApiError('SUSPECTED_DUPLICATE_ORDER')
        }
      }
      let expiresAtMs: number | null = null
      if (kind === 'PREAUTH') {
        expiresAtMs = input.expiresAt !== undefined && input.expiresAt !== null ? input.expiresAt * 1000 : t + S.preauthDefaultExpiryMs
        if (expiresAtMs <= t || expiresAtMs > t + S.preauthMaxExpiryMs) throw new ApiError('PRE_AUTH_CAPTURE_INVALID_EXPIRY_DATE')
      }
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
      orderCreated(r.db, row)
      return { row: await apply(r, row, { type: 'user.paid', nowMs: t }), created: true }
    })
    return made.created ? made.row : await refresh(ctx, made.row)
  } catch (error) {
    // the link's test user gone: a reset the lock did not see (it cannot happen while every write takes the lock)
    if (isForeignKeyViolation(error)) throw new ApiError('INVALID_USER_AUTHORIZATION_ID')
    if (!isUniqueViolation(error)) throw error
    // the same merchantPaymentId made at once through another link: the first order stands
    const winner = await repoOf(ctx).findPayment(merchantId, input.merchantPaymentId)
    if (!winner) throw error
    return refresh(ctx, winner)
  }
}

/** GET /v2/payments/{merchantPaymentId}: the order, brought up to date. */
export async function getPayment(ctx: MerchantCtx, input: { merchantPaymentId: string }) {
  return (await getPaymentWithRefunds(ctx, input)).row
}

/**
 * The order brought up to date, with its refunds: one grouped read (issue 33: every signed read on the fast path, as
 * GET /v2/codes/payments/{id}); bringing the order up to date leaves its refunds alone.
 */
export async function getPaymentWithRefunds(ctx: MerchantCtx, input: { merchantPaymentId: string }) {
  const found = await repoOf(ctx).findPaymentWithRefunds(ctx.merchantId, input.merchantPaymentId)
  if (!found) throw new ApiError('RESOURCE_NOT_FOUND', { codeId: opaCodeIds.orderNotFound })
  return { row: await refresh(ctx, found.payment), refunds: found.refunds }
}

/** GET /v2/payments/{merchantPaymentId} on the wire. */
export async function getPaymentDetails(ctx: MerchantCtx, input: { merchantPaymentId: string }) {
  const { row, refunds } = await getPaymentWithRefunds(ctx, input)
  return paymentView(row, refunds, true)
}

/** A merchant's order as stored (not brought up to date); undefined when it has none by that id. */
export const findPayment = (ctx: MerchantCtx, input: { merchantPaymentId: string }) => repoOf(ctx).findPayment(ctx.merchantId, input.merchantPaymentId)

/** A merchant's order by the provider's paymentId, as stored; undefined when unknown or another merchant's. */
export async function findPaymentById(ctx: MerchantCtx, input: { paymentId: string }) {
  const row = await repoOf(ctx).findPaymentById(input.paymentId)
  return row?.merchantId === ctx.merchantId ? row : undefined
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
  await inTx(ctx, ctx.merchantId, async (r) => {
    // an order gone since (a reset ran) is unknown now, and an unknown order's cancel is accepted
    if (await r.findPaymentById(row.paymentId)) await lockedApply(r, row, { type: 'merchant.cancel', nowMs: nowMs(ctx, ctx.merchantId) })
  })
}

/** GET /v2/wallet/check_balance: whether the linked user has `amount` yen. */
export async function hasEnoughBalance(ctx: MerchantCtx, input: Pick<v.InferOutput<typeof CheckBalanceQuerySchema>, 'userAuthorizationId' | 'amount'>) {
  // the link and its user's balance in one grouped read (issue 33: the fast path)
  const found = await repoOf(ctx).findUserAuthorizationWithBalance(input.userAuthorizationId)
  checkedAuthorization(ctx, found?.authorization, userScopes.checkBalance)
  return (found?.balance ?? 0) >= input.amount
}
