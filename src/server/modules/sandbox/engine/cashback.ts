/** Cashback to a linked user and its reversal: each idempotent on the merchant's id, credited or debited at once. */
import type * as v from 'valibot'
import { ApiError } from '@/domain/errors.ts'
import { limits } from '@/domain/limits.ts'
import type { CashbackRequestSchema, CashbackReversalRequestSchema } from '@/domain/opa-schemas.ts'
import { isForeignKeyViolation, isUniqueViolation } from '../../../store/db.ts'
import { newPaymentId } from '../../../store/sandbox-repo.ts'
import { activeAuthorization, userScopes } from './authorizations.ts'
import { inTx, nowMs, repoOf, type MerchantCtx } from './context.ts'

const S = limits.sandbox

/** The body of POST /v2/cashback, validated. */
export type GiveCashbackInput = v.InferOutput<typeof CashbackRequestSchema>

/** Credits a linked user at once (202 on the wire); the fields beyond the ids and amount are kept for the details view. */
export async function giveCashback(ctx: MerchantCtx, input: GiveCashbackInput) {
  const { merchantId } = ctx
  const {
    merchantCashbackId,
    userAuthorizationId,
    amount: { amount },
    requestedAt,
    ...request
  } = input
  const t = nowMs(ctx, merchantId)
  try {
    return await inTx(ctx, merchantId, async (r) => {
      // the link read under the sandbox-state lock: a reset cannot take its test user away before the insert
      const auth = await activeAuthorization(ctx, userAuthorizationId, userScopes.cashback, r)
      const row = await r.insertCashback({
        merchantId,
        merchantCashbackId,
        cashbackId: newPaymentId(),
        userAuthorizationId: auth.userAuthorizationId,
        testUserId: auth.testUserId,
        amount,
        status: 'SUCCESS',
        request,
        requestedAt,
        acceptedAtMs: t,
      })
      if (!(await r.credit(auth.testUserId, amount, S.maxBalance))) {
        throw new ApiError('INVALID_PARAMS', { data: { issues: [{ path: 'amount', message: `The test user's balance would pass ${S.maxBalance}` }] } })
      }
      return row
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('VALIDATION_FAILED_EXCEPTION')
    if (isForeignKeyViolation(error)) throw new ApiError('INVALID_USER_AUTHORIZATION_ID')
    throw error
  }
}

export async function getCashback(ctx: MerchantCtx, input: { merchantCashbackId: string }) {
  const row = await repoOf(ctx).findCashback(ctx.merchantId, input.merchantCashbackId)
  if (!row) throw new ApiError('TRANSACTION_NOT_FOUND')
  return row
}

/** A merchant's cashback by the provider's cashbackId (the dashboard's transaction detail); undefined when it has none. */
export const findCashbackById = (ctx: MerchantCtx, input: { cashbackId: string }) => repoOf(ctx).findCashbackById(ctx.merchantId, input.cashbackId)

/** The body of POST /v2/cashback_reversal, validated. */
export type ReverseCashbackInput = v.InferOutput<typeof CashbackReversalRequestSchema>

/** Takes back (part of) a cashback from the user's balance; the reversals of one cashback never pass its amount. */
export async function reverseCashback(ctx: MerchantCtx, input: ReverseCashbackInput) {
  const { merchantId } = ctx
  const {
    merchantCashbackReversalId,
    merchantCashbackId,
    amount: { amount },
    requestedAt,
    ...request
  } = input
  const t = nowMs(ctx, merchantId)
  try {
    return await inTx(ctx, merchantId, async (r) => {
      const cashback = await r.findCashback(merchantId, merchantCashbackId)
      if (!cashback) throw new ApiError('TRANSACTION_NOT_FOUND')
      if (!(await r.addCashbackReversal(merchantId, merchantCashbackId, amount))) {
        throw new ApiError('INVALID_PARAMS', { message: 'The reversal amount is more than what is left of the cashback.' })
      }
      if (!(await r.debit(cashback.testUserId, amount))) throw new ApiError('NO_SUFFICIENT_FUND')
      return r.insertCashbackReversal({
        merchantId,
        merchantCashbackReversalId,
        merchantCashbackId,
        amount,
        status: 'SUCCESS',
        request,
        requestedAt,
        acceptedAtMs: t,
      })
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('VALIDATION_FAILED_EXCEPTION')
    throw error
  }
}

export async function getCashbackReversal(ctx: MerchantCtx, input: { merchantCashbackReversalId: string; merchantCashbackId: string }) {
  const row = await repoOf(ctx).findCashbackReversal(ctx.merchantId, input.merchantCashbackReversalId)
  if (!row || row.merchantCashbackId !== input.merchantCashbackId) throw new ApiError('TRANSACTION_NOT_FOUND')
  return row
}
