/** Cashback to a linked user and its reversal: each idempotent on the merchant's id, credited or debited at once. */
import type * as v from 'valibot'
import { ApiError } from '@/domain/errors.ts'
import { limits } from '@/domain/limits.ts'
import type { CashbackRequestSchema, CashbackReversalRequestSchema } from '@/domain/opa-schemas.ts'
import { isUniqueViolation } from '../../../store/db.ts'
import { newPaymentId } from '../../../store/sandbox-repo.ts'
import { activeAuthorization, userScopes } from './authorizations.ts'
import { inTx, nowMs, repoOf, type MerchantCtx } from './context.ts'

const S = limits.sandbox

/** POST /v2/cashback, validated: the amount in yen; `request` keeps the other fields for the details view. */
export type GiveCashbackInput = Pick<v.InferOutput<typeof CashbackRequestSchema>, 'merchantCashbackId' | 'userAuthorizationId' | 'requestedAt'> & {
  amount: number
  request: Record<string, unknown>
}

export async function giveCashback(ctx: MerchantCtx, input: GiveCashbackInput) {
  const { merchantId } = ctx
  const auth = await activeAuthorization(ctx, input.userAuthorizationId, userScopes.cashback)
  const t = nowMs(ctx, merchantId)
  try {
    return await inTx(ctx, async (r) => {
      const row = await r.insertCashback({
        merchantId,
        merchantCashbackId: input.merchantCashbackId,
        cashbackId: newPaymentId(),
        userAuthorizationId: auth.userAuthorizationId,
        testUserId: auth.testUserId,
        amount: input.amount,
        status: 'SUCCESS',
        request: input.request,
        requestedAt: input.requestedAt,
        acceptedAtMs: t,
      })
      if (!(await r.credit(auth.testUserId, input.amount, S.maxBalance))) {
        throw new ApiError('INVALID_PARAMS', { data: { issues: [{ path: 'amount', message: `The test user's balance would pass ${S.maxBalance}` }] } })
      }
      return row
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('VALIDATION_FAILED_EXCEPTION')
    throw error
  }
}

export async function getCashback(ctx: MerchantCtx, input: { merchantCashbackId: string }) {
  const row = await repoOf(ctx).findCashback(ctx.merchantId, input.merchantCashbackId)
  if (!row) throw new ApiError('TRANSACTION_NOT_FOUND')
  return row
}

/** POST /v2/cashback_reversal, validated: the amount in yen; `request` keeps the other fields. */
export type ReverseCashbackInput = Pick<v.InferOutput<typeof CashbackReversalRequestSchema>, 'merchantCashbackReversalId' | 'merchantCashbackId' | 'requestedAt'> & {
  amount: number
  request: Record<string, unknown>
}

export async function reverseCashback(ctx: MerchantCtx, input: ReverseCashbackInput) {
  const { merchantId } = ctx
  const cashback = await repoOf(ctx).findCashback(merchantId, input.merchantCashbackId)
  if (!cashback) throw new ApiError('TRANSACTION_NOT_FOUND')
  const t = nowMs(ctx, merchantId)
  try {
    return await inTx(ctx, async (r) => {
      if (!(await r.addCashbackReversal(merchantId, input.merchantCashbackId, input.amount))) {
        throw new ApiError('INVALID_PARAMS', { message: 'The reversal amount is more than what is left of the cashback.' })
      }
      if (!(await r.debit(cashback.testUserId, input.amount))) throw new ApiError('NO_SUFFICIENT_FUND')
      return r.insertCashbackReversal({
        merchantId,
        merchantCashbackReversalId: input.merchantCashbackReversalId,
        merchantCashbackId: input.merchantCashbackId,
        amount: input.amount,
        status: 'SUCCESS',
        request: input.request,
        requestedAt: input.requestedAt,
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
