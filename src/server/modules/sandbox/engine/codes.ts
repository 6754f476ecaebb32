/**
 * Dynamic QR codes (also web payment and app invoke): the merchant creates, reads and deletes them; the payer
 * sees, pays or cancels them on the cashier page.
 */
import { grantsAnyProduct } from '@/domain/products.ts'
import type * as v from 'valibot'
import { ApiError } from '@/domain/errors.ts'
import { limits } from '@/domain/limits.ts'
import type { CreateQrCodeRequestSchema } from '@/domain/opa-schemas.ts'
import { isUniqueViolation } from '../../../store/db.ts'
import { dashboardRepo } from '../../../store/dashboard-repo.ts'
import { merchantRepo } from '../../../store/merchant-repo.ts'
import { newCodeId, newPaymentId } from '../../../store/sandbox-repo.ts'
import { assertRedirectAllowed } from './redirect-allowlist.ts'
import { orderField, paymentView } from './views.ts'
import { inTx, nowMs, repoOf, type MerchantCtx, type SandboxCtx } from './context.ts'
import { lockedApply, orderCreatedAlone, orderOf, refresh, type PaymentStatus } from './orders.ts'

const S = limits.sandbox
/** A code read before its transaction and gone inside it (a reset ran between them). */
const codeGone = () => new ApiError('DYNAMIC_QR_NOT_FOUND')

/** The body of POST /v2/codes, validated. */
export type CreateCodeInput = v.InferOutput<typeof CreateQrCodeRequestSchema>
/** What a code keeps of its request. */
export const codeOrderKeys = [
  'orderDescription',
  'orderItems',
  'storeInfo',
  'storeId',
  'terminalId',
  'productType',
  'redirectUrl',
  'redirectType',
  'userAgent',
  'ipAddress',
] as const

/**
 * POST /v2/codes: a code to pay (CREATED), expiring after `limits.sandbox.qrCodeLifetimeMs`; `isAuthorization`
 * makes it a pre-authorisation. The caller has checked the merchant's redirect allowlist and products.
 */
export async function createCode(ctx: MerchantCtx, input: CreateCodeInput) {
  // the rules of the published API, whichever adapter calls: a WEB_LINK redirect on the merchant's allowed list
  // (spec §5), and a pre-authorised code only for a key whose products include preauth_capture
  await assertRedirectAllowed(ctx.db, ctx.merchantId, input)
  const products = ctx.products ?? []
  if (input.isAuthorization && !grantsAnyProduct(products, 'preauth_capture')) throw new ApiError('PRE_AUTH_CAPTURE_UNSUPPORTED_MERCHANT')
  const t = nowMs(ctx, ctx.merchantId)
  const isAuthorization = input.isAuthorization ?? false
  let expiresAtMs: number | null = null
  if (isAuthorization) {
    expiresAtMs = input.authorizationExpiry !== undefined ? input.authorizationExpiry * 1000 : t + S.preauthDefaultExpiryMs
    if (expiresAtMs <= t || expiresAtMs > t + S.preauthMaxExpiryMs) throw new ApiError('PRE_AUTH_CAPTURE_INVALID_EXPIRY_DATE')
  }
  let inserted
  try {
    inserted = await repoOf(ctx).insertCodePayment({
      paymentId: newPaymentId(),
      merchantId: ctx.merchantId,
      merchantPaymentId: input.merchantPaymentId,
      kind: 'QR',
      status: 'CREATED',
      isAuthorization,
      amount: input.amount.amount,
      codeId: newCodeId(),
      codeExpiresAtMs: t + S.qrCodeLifetimeMs,
      requestedAt: input.requestedAt ?? null,
      expiresAtMs,
      order: orderOf(input, codeOrderKeys),
      createdAtMs: t,
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('DUPLICATE_DYNAMIC_QR_REQUEST')
    throw error
  }
  // the merchant's merchantPaymentId is taken (idempotency: the first request's code stands)
  if (!inserted) throw new ApiError('DUPLICATE_DYNAMIC_QR_REQUEST')
  await orderCreatedAlone(ctx, inserted)
  return inserted
}

/** DELETE /v2/codes/{codeId}. */
export async function deleteCode(ctx: MerchantCtx, input: { codeId: string }) {
  const row = await repoOf(ctx).findPaymentByCode(input.codeId)
  if (!row || row.merchantId !== ctx.merchantId || row.codeDeleted) throw new ApiError('DYNAMIC_QR_NOT_FOUND')
  await inTx(ctx, ctx.merchantId, (r) => lockedApply(r, row, { type: 'code.deleted', nowMs: nowMs(ctx, ctx.merchantId) }, { codeDeleted: true }, codeGone))
}

/** The order of a code id, as stored (a deleted code's too); undefined when unknown or another merchant's. */
export async function findCodeOrder(ctx: MerchantCtx, input: { codeId: string }) {
  const row = await repoOf(ctx).findPaymentByCode(input.codeId)
  return row?.merchantId === ctx.merchantId ? row : undefined
}

/** GET /v2/codes/payments/{id}: an unpaid code that expired or was deleted has no payment any more. */
export async function getCodePayment(ctx: MerchantCtx, input: { merchantPaymentId: string }) {
  // the order and its refunds in one read (issue 22: the hot path); bringing the order up to date leaves refunds alone
  const found = await repoOf(ctx).findPaymentWithRefunds(ctx.merchantId, input.merchantPaymentId)
  const row = found ? await refresh(ctx, found.payment) : undefined
  if (!row || (row.status === 'FAILED' && row.acceptedAtMs === null)) throw new ApiError('DYNAMIC_QR_PAYMENT_NOT_FOUND')
  return paymentView(row, found!.refunds, false)
}

// ── the payer's side (cashier page): the code names the merchant ─────────────────────────────────────────

/** What the cashier page shows (amount, merchant, status, expiry). */
export async function getCashierCode(ctx: SandboxCtx, input: { codeId: string }) {
  const { codeId } = input
  const found = await repoOf(ctx).findPaymentByCode(codeId)
  if (!found) throw new ApiError('DYNAMIC_QR_NOT_FOUND')
  const row = await refresh(ctx, found)
  const merchant = await merchantRepo(ctx.db).findById(row.merchantId)
  return {
    codeId,
    merchantId: row.merchantId,
    merchantName: merchant?.name ?? '',
    merchantPaymentId: row.merchantPaymentId,
    amount: row.amount,
    currency: 'JPY' as const,
    orderDescription: orderField<string>(row, 'orderDescription') ?? null,
    status: row.status as PaymentStatus,
    isAuthorization: row.isAuthorization,
    expiresAtMs: row.codeExpiresAtMs,
    payable: row.status === 'CREATED' && !row.codeDeleted,
    redirectUrl: orderField<string>(row, 'redirectUrl') ?? null,
  }
}

/** A test user pays a code: CREATED → COMPLETED / AUTHORIZED; NO_SUFFICIENT_FUND, DYNAMIC_QR_PAYMENT_NOT_FOUND (expired) … */
export async function payCode(ctx: SandboxCtx, input: { codeId: string; testUserId: string }) {
  const { codeId, testUserId } = input
  const repo = repoOf(ctx)
  const row = await repo.findPaymentByCode(codeId)
  if (!row || row.codeDeleted) throw new ApiError('DYNAMIC_QR_NOT_FOUND')
  const user = await repo.findTestUser(testUserId)
  if (!user || user.merchantId !== row.merchantId) throw new ApiError('SANDBOX_TEST_USER_NOT_FOUND')
  const paidAtMs = nowMs(ctx, row.merchantId)
  // spec §4: a paid test QR payment cancels itself a minute later unless the merchant switched it off
  const autoCancel = row.kind === 'QR' && !row.isAuthorization && ((await dashboardRepo(ctx.db).settingsOf(row.merchantId))?.qrAutoCancel ?? true)
  const extra = { testUserId, ...(autoCancel ? { autoCancelAtMs: paidAtMs + S.qrAutoCancelMs } : {}) }
  const paid = await inTx(ctx, row.merchantId, async (r) => {
    // the payer again, under the lock: a restore since may have brought the order back without them
    if ((await r.findTestUser(testUserId))?.merchantId !== row.merchantId) throw new ApiError('SANDBOX_TEST_USER_NOT_FOUND')
    return lockedApply(r, row, { type: 'user.paid', nowMs: paidAtMs }, extra, codeGone)
  })
  return { status: paid.status as PaymentStatus, paymentId: paid.paymentId, merchantPaymentId: paid.merchantPaymentId }
}

/** The payer cancels on the cashier page (order → FAILED). */
export async function cancelCodeByUser(ctx: SandboxCtx, input: { codeId: string }) {
  const row = await repoOf(ctx).findPaymentByCode(input.codeId)
  if (!row) throw new ApiError('DYNAMIC_QR_NOT_FOUND')
  const canceled = await inTx(ctx, row.merchantId, (r) => lockedApply(r, row, { type: 'code.deleted', nowMs: nowMs(ctx, row.merchantId) }, {}, codeGone))
  return { status: canceled.status as PaymentStatus }
}
