/**
 * Pre-authorisation after the order is AUTHORIZED: capture, revert, reauthorize (with the payer's approval above
 * the authorised amount), and the expiries the webhook dispatcher drives.
 */
import type * as v from 'valibot'
import { ApiError } from '@/domain/errors.ts'
import { opaCodeIds } from '@/domain/errors-sandbox.ts'
import { limits } from '@/domain/limits.ts'
import type { CaptureRequestSchema, ReauthorizeRequestSchema, RevertRequestSchema } from '@/domain/opa-schemas.ts'
import { isUniqueViolation } from '../../../store/db.ts'
import { enqueueConfirmationExpiredWebhook, enqueueTransactionWebhook } from './webhook-queue.ts'
import { captureView, money, sec } from './views.ts'
import { inTx, nowMs, repoOf, type MerchantCtx, type SandboxCtx } from './context.ts'
import { apply, decide, refresh, refreshLocked, sameTarget } from './orders.ts'

const S = limits.sandbox

/** The stored answer of a capture (200 with the captured order, or 202 waiting for the user). */
const operationAnswer = (op: { status: number; response: Record<string, unknown> }) =>
  op.status === 202 ? { status: 202, data: null } : { status: op.status, data: op.response }

/** The highest capture the user may be asked to confirm for an authorised amount (spec §4 "within a range"). */
export const maxCaptureAmount = (authorised: number) => Math.floor(authorised * S.higherCaptureMaxRatio)

/** The body of POST /v2/payments/capture, validated. */
export type CaptureInput = v.InferOutput<typeof CaptureRequestSchema>

/**
 * Capture (spec §4): 200 with the captured order, 202 USER_CONFIRMATION_REQUIRED above the authorised amount up to
 * `maxCaptureAmount`, 400 LIMIT_EXCEEDED beyond it.
 */
export async function capture(ctx: MerchantCtx, input: CaptureInput) {
  const { merchantId } = ctx
  const repo = repoOf(ctx)
  const row = await repo.findPayment(merchantId, input.merchantPaymentId)
  const replay = await repo.findOperation(merchantId, 'capture', input.merchantCaptureId)
  if (replay) return operationAnswer(sameTarget(replay, row?.paymentId, 'merchantCaptureId'))
  if (!row) throw new ApiError('RESOURCE_NOT_FOUND', { codeId: opaCodeIds.orderNotFound })
  const t = nowMs(ctx, merchantId)
  const amount = input.amount.amount
  const entry = { merchantCaptureId: input.merchantCaptureId, amount: money(amount), orderDescription: input.orderDescription, requestedAt: input.requestedAt }
  try {
    return await inTx(ctx, merchantId, async (r) => {
      const locked = await refreshLocked(ctx, r, row)
      // a repeat that waited for the lock answers what the first capture answered
      const won = await r.findOperation(merchantId, 'capture', input.merchantCaptureId)
      if (won) return operationAnswer(sameTarget(won, locked.paymentId, 'merchantCaptureId'))
      const d = decide(locked, { type: 'merchant.capture', nowMs: t, amount })
      if (d.rejection === 'USER_CONFIRMATION_REQUIRED') {
        // above the authorised amount: the user is asked only within the range, beyond it the capture is refused
        if (amount > maxCaptureAmount(locked.amount)) throw new ApiError('LIMIT_EXCEEDED')
        await r.updatePayment(locked.paymentId, {
          captures: [...locked.captures, { ...entry, acceptedAt: null, expiresAt: sec(t + S.reauthorizeApprovalTtlMs), status: 'USER_REQUESTED' }],
        })
        await r.insertOperation({
          merchantId,
          kind: 'capture',
          operationId: input.merchantCaptureId,
          paymentId: locked.paymentId,
          status: 202,
          response: {},
          createdAtMs: t,
        })
        return { status: 202, data: null }
      }
      const captured = await apply(
        r,
        locked,
        { type: 'merchant.capture', nowMs: t, amount },
        {
          captures: [...locked.captures, { ...entry, acceptedAt: sec(t), status: 'COMPLETED' }],
        },
      )
      const data = captureView(captured)
      await r.insertOperation({
        merchantId,
        kind: 'capture',
        operationId: input.merchantCaptureId,
        paymentId: locked.paymentId,
        status: 200,
        response: data,
        createdAtMs: t,
      })
      return { status: 200, data }
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    const again = await repo.findOperation(merchantId, 'capture', input.merchantCaptureId)
    if (!again) throw error
    return operationAnswer(sameTarget(again, row.paymentId, 'merchantCaptureId'))
  }
}

/** The body of POST /v2/payments/preauthorize/revert, validated. */
export type RevertInput = v.InferOutput<typeof RevertRequestSchema>

/** Revert an authorisation (idempotent on merchantRevertId): the held amount goes back to the payer. */
export async function revert(ctx: MerchantCtx, input: RevertInput) {
  const { merchantId } = ctx
  const repo = repoOf(ctx)
  const replay = await repo.findOperation(merchantId, 'revert', input.merchantRevertId)
  if (replay) return sameTarget(replay, input.paymentId, 'merchantRevertId').response
  const row = await repo.findPaymentById(input.paymentId)
  if (!row || row.merchantId !== merchantId) throw new ApiError('RESOURCE_NOT_FOUND', { codeId: opaCodeIds.orderNotFound })
  const t = nowMs(ctx, merchantId)
  const reverted = { acceptedAt: sec(t), merchantRevertId: input.merchantRevertId, requestedAt: input.requestedAt, reason: input.reason ?? null }
  try {
    return await inTx(ctx, merchantId, async (r) => {
      const locked = await refreshLocked(ctx, r, row)
      const won = await r.findOperation(merchantId, 'revert', input.merchantRevertId)
      if (won) return sameTarget(won, locked.paymentId, 'merchantRevertId').response
      await apply(r, locked, { type: 'merchant.revert', nowMs: t }, { revert: reverted })
      const data = { status: 'CANCELED', acceptedAt: sec(t)!, paymentId: row.paymentId, requestedAt: input.requestedAt, reason: input.reason ?? null }
      await r.insertOperation({
        merchantId,
        kind: 'revert',
        operationId: input.merchantRevertId,
        paymentId: row.paymentId,
        status: 200,
        response: data,
        createdAtMs: t,
      })
      return data
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    const again = await repo.findOperation(merchantId, 'revert', input.merchantRevertId)
    if (!again) throw error
    return sameTarget(again, row.paymentId, 'merchantRevertId').response
  }
}

/** The body of POST /v2/payments/reauthorize, validated, and the origin the approval url is built on. */
export type ReauthorizeInput = v.InferOutput<typeof ReauthorizeRequestSchema> & { origin: string }

/** Reauthorize: lower → 200; higher → 201 USER_CONFIRMATION_REQUIRED with an approval url; a reused requestId is rejected. */
export async function reauthorize(ctx: MerchantCtx, input: ReauthorizeInput) {
  const { merchantId } = ctx
  const repo = repoOf(ctx)
  if (await repo.findOperation(merchantId, 'reauthorize', input.requestId)) throw new ApiError('REAUTHORIZE_REJECTED')
  const row = await repo.findPaymentById(input.paymentId)
  if (!row || row.merchantId !== merchantId) throw new ApiError('RESOURCE_NOT_FOUND', { codeId: opaCodeIds.orderNotFound })
  const t = nowMs(ctx, merchantId)
  const amount = input.updatedAmount.amount
  try {
    return await inTx(ctx, merchantId, async (r) => {
      const locked = await refreshLocked(ctx, r, row)
      const d = decide(locked, { type: 'merchant.reauthorize', nowMs: t, amount })
      if (d.rejection === 'USER_CONFIRMATION_REQUIRED') {
        await r.updatePayment(locked.paymentId, { reauthCount: d.context.reauthCount })
        const data = {
          expiresAt: sec(t + S.reauthorizeApprovalTtlMs)!,
          url: `${input.origin}/sandbox/reauthorize/${locked.paymentId}/${encodeURIComponent(input.requestId)}`,
        }
        await r.insertOperation({
          merchantId,
          kind: 'reauthorize',
          operationId: input.requestId,
          paymentId: locked.paymentId,
          status: 201,
          response: { ...data, amount, pending: true },
          createdAtMs: t,
        })
        return { status: 201 as const, data }
      }
      const updated = await apply(r, locked, { type: 'merchant.reauthorize', nowMs: t, amount }, {}, { reauth_request_id: input.requestId })
      const data = {
        requestId: input.requestId,
        paymentId: updated.paymentId,
        updatedAmount: money(updated.amount),
        requestedAt: input.requestedAt ?? sec(t)!,
        acceptedAt: sec(t)!,
        expiresAt: sec(updated.expiresAtMs)!,
        paymentMethods: [{ amount: money(updated.amount), type: 'WALLET' }],
      }
      await r.insertOperation({
        merchantId,
        kind: 'reauthorize',
        operationId: input.requestId,
        paymentId: updated.paymentId,
        status: 200,
        response: data,
        createdAtMs: t,
      })
      return { status: 200 as const, data }
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('REAUTHORIZE_REJECTED')
    throw error
  }
}

// ── the payer's side (wallet pages): the payment names the merchant ──────────────────────────────────────

/** The user approves a higher-amount reauthorisation (wallet page): the extra amount is blocked too. */
export async function approveReauthorization(ctx: SandboxCtx, input: { paymentId: string; requestId: string }) {
  const { paymentId, requestId } = input
  const repo = repoOf(ctx)
  const row = await repo.findPaymentById(paymentId)
  if (!row) throw new ApiError('RESOURCE_NOT_FOUND', { codeId: opaCodeIds.orderNotFound })
  const op = await repo.findOperation(row.merchantId, 'reauthorize', requestId)
  const amount = op?.response.amount
  if (!op || op.response.pending !== true || typeof amount !== 'number') throw new ApiError('REAUTHORIZE_REJECTED')
  const t = nowMs(ctx, row.merchantId)
  if (op.createdAtMs + S.reauthorizeApprovalTtlMs <= t) throw new ApiError('REAUTHORIZE_REJECTED')
  return inTx(ctx, row.merchantId, async (r) => {
    const locked = await refreshLocked(ctx, r, row)
    if (locked.status !== 'AUTHORIZED' || !locked.testUserId) throw new ApiError('REAUTHORIZE_REJECTED')
    // single use: a second approval (or a parallel one) finds the request approved and is refused
    if (!(await r.closePendingOperation(row.merchantId, 'reauthorize', requestId, 'approvedAtMs', t))) throw new ApiError('REAUTHORIZE_REJECTED')
    if (!(await r.debit(locked.testUserId, amount - locked.heldAmount))) throw new ApiError('NO_SUFFICIENT_FUND')
    const updated = await r.updatePayment(locked.paymentId, { amount, heldAmount: amount })
    await enqueueTransactionWebhook(r.db, locked, updated, t, { reauth_request_id: requestId })
    return updated
  })
}

/** The user confirms a capture that was above the authorised amount (202 USER_CONFIRMATION_REQUIRED). */
export async function approveCapture(ctx: SandboxCtx, input: { paymentId: string; merchantCaptureId: string }) {
  const { paymentId, merchantCaptureId } = input
  const row = await repoOf(ctx).findPaymentById(paymentId)
  if (!row) throw new ApiError('RESOURCE_NOT_FOUND', { codeId: opaCodeIds.orderNotFound })
  const t = nowMs(ctx, row.merchantId)
  return inTx(ctx, row.merchantId, async (r) => {
    const locked = await refreshLocked(ctx, r, row)
    const pending = locked.captures.find((c) => c.merchantCaptureId === merchantCaptureId && c.status === 'USER_REQUESTED')
    const amount = (pending?.amount as { amount?: unknown } | undefined)?.amount
    if (!pending || typeof amount !== 'number') throw new ApiError('ORDER_NOT_CAPTURABLE')
    if (typeof pending.expiresAt === 'number' && pending.expiresAt * 1000 <= t) throw new ApiError('ORDER_NOT_CAPTURABLE')
    const captures = locked.captures.map((c) => (c === pending ? { ...c, status: 'COMPLETED', acceptedAt: sec(t) } : c))
    const captured = await apply(r, locked, { type: 'user.confirmedCapture', nowMs: t, amount }, { captures })
    // a replay of this merchantCaptureId now answers the completed capture instead of 202 again
    await r.settleOperation(locked.merchantId, 'capture', merchantCaptureId, 202, 200, captureView(captured))
    return captured
  })
}

// ── time: driven by the webhook dispatcher's tick ────────────────────────────────────────────────────────

/**
 * Expires the authorisations whose time has passed (the dispatcher calls it every tick, so their EXPIRED
 * webhooks go out as after real waiting, read or not). Answers how many moved.
 */
export async function expireDue(ctx: SandboxCtx, input: { limit?: number } = {}) {
  const rows = await repoOf(ctx).authorizationsExpiredBy(nowMs(ctx), input.limit ?? 20)
  const moved = await Promise.all(rows.map((row) => refresh(ctx, row)))
  return moved.filter((row) => row.status !== 'AUTHORIZED').length
}

/**
 * Expires the higher-amount reauthorisations the payer did not approve within their window (the dispatcher calls
 * it every tick): each is marked expired exactly once, in the transaction that queues its user-confirmation-
 * expired AUTHORIZED webhook; the authorisation is unchanged. A request whose payment is no longer AUTHORIZED
 * (captured, reverted, expired) is closed without a webhook. Answers how many webhooks were queued.
 */
export async function expireReauthorizationsDue(ctx: SandboxCtx, input: { limit?: number } = {}) {
  const ops = await repoOf(ctx).reauthorizationsUnapprovedBy(nowMs(ctx), S.reauthorizeApprovalTtlMs, input.limit ?? 20)
  const queued = await Promise.all(
    ops.map((op) =>
      inTx(ctx, op.merchantId, async (r) => {
        // the order first, as an approval locks it: the two never wait on each other crosswise (a payment gone with
        // a restored sandbox state just closes its request)
        const locked = (await r.findPaymentById(op.paymentId)) && (await refreshLocked(ctx, r, op))
        const t = nowMs(ctx, op.merchantId)
        if (!(await r.closePendingOperation(op.merchantId, 'reauthorize', op.operationId, 'expiredAtMs', t))) return false
        if (locked?.status !== 'AUTHORIZED') return false
        await enqueueConfirmationExpiredWebhook(r.db, locked, op.operationId, op.createdAtMs + S.reauthorizeApprovalTtlMs, t)
        return true
      }),
    ),
  )
  return queued.filter(Boolean).length
}
