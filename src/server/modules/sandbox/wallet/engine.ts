import * as v from 'valibot'
import { ApiError } from '@/domain/errors.ts'
import { limits } from '@/domain/limits.ts'
import type { AppDeps } from '../../../deps.ts'
import { merchantRepo } from '../../../store/merchant-repo.ts'
import { sandboxRepo, type PaymentRow, type TestUserRow } from '../../../store/sandbox-repo.ts'
import { jstMonth } from '../engine/top-up.ts'
import type { CodeState, WalletAuthSession, WalletBackend, WalletCode, WalletTestUser } from './backend.ts'
import { sandboxCommands as run } from '../engine/index.ts'

/**
 * The wallet's seam implemented on the sandbox engine: every state change (pay, cancel, consent, top-up) goes
 * through the engine and its payment machine; the reads that only draw a page come straight from the repos.
 */
export function engineWalletBackend(deps: AppDeps): WalletBackend {
  const engine = deps.sandbox
  const repo = sandboxRepo(deps.store.db)
  const merchants = merchantRepo(deps.store.db)
  const merchantName = async (merchantId: string) => (await merchants.findById(merchantId))?.name

  return {
    merchantName,
    async findCode(codeId) {
      const row = await repo.findPaymentByCode(codeId)
      if (!row) return undefined
      return toWalletCode(row, (await merchantName(row.merchantId)) ?? '', deps.clock.nowMs(row.merchantId))
    },
    async testUsers(merchantId) {
      // the engine gives a merchant its default test users the first time they are listed
      return (await run.testUsers.listTestUsers(engine.forMerchant(merchantId))).map((u) => ({ ...u, merchantId }))
    },
    async findTestUser(id) {
      const row = await repo.findTestUser(id)
      return row ? toWalletUser(row) : undefined
    },
    async payCode(codeId, testUserId) {
      await run.codes.payCode(engine.ctx, { codeId, testUserId })
    },
    async cancelCode(codeId) {
      await run.codes.cancelCodeByUser(engine.ctx, { codeId })
    },
    async findAuthSession(sessionId) {
      const row = await repo.findAuthSession(sessionId)
      if (!row) return undefined
      const now = deps.clock.nowMs(row.merchantId)
      const state: WalletAuthSession['state'] =
        row.status === 'APPROVED' || row.status === 'DENIED' ? row.status : now >= row.expiresAtMs ? 'EXPIRED' : 'PENDING'
      return { sessionId: row.sessionId, merchantId: row.merchantId, merchantName: (await merchantName(row.merchantId)) ?? '', scopes: row.scopes, state }
    },
    approveAuthSession: async (sessionId, testUserId) => (await run.authorizations.approveAuthorization(engine.ctx, { sessionId, testUserId })).redirectUrl,
    denyAuthSession: async (sessionId) => (await run.authorizations.denyAuthorization(engine.ctx, { sessionId })).redirectUrl,
    async topUp(testUserId, amount) {
      const user = await repo.findTestUser(testUserId)
      if (!user) throw new ApiError('SANDBOX_TEST_USER_NOT_FOUND')
      return { ...(await run.topUp.topUp(engine.forMerchant(user.merchantId), { testUserId, amount })), merchantId: user.merchantId }
    },
    async findReauthorization(paymentId, requestId) {
      const row = await repo.findPaymentById(paymentId)
      if (!row) return undefined
      const op = await repo.findOperation(row.merchantId, 'reauthorize', requestId)
      const asked = v.safeParse(pendingReauthorization, op?.response)
      if (!op || op.paymentId !== paymentId || !asked.success) return undefined
      const expired = op.createdAtMs + limits.sandbox.reauthorizeApprovalTtlMs <= deps.clock.nowMs(row.merchantId)
      const approved = asked.output.approvedAtMs !== undefined
      return {
        paymentId,
        requestId,
        merchantId: row.merchantId,
        merchantName: (await merchantName(row.merchantId)) ?? '',
        merchantPaymentId: row.merchantPaymentId,
        currentAmount: row.amount,
        newAmount: asked.output.amount,
        payerTestUserId: row.testUserId,
        state: approved ? 'APPROVED' : expired || row.status !== 'AUTHORIZED' ? 'EXPIRED' : 'PENDING',
      }
    },
    async approveReauthorization(paymentId, requestId) {
      await run.preauth.approveReauthorization(engine.ctx, { paymentId, requestId })
    },
    currentMonth(merchantId) {
      return jstMonth(deps.clock.nowMs(merchantId))
    },
  }
}

const toWalletUser = (row: TestUserRow): WalletTestUser => ({
  id: row.id,
  merchantId: row.merchantId,
  username: row.username,
  balance: row.balance,
  lastTopUpMonth: row.lastTopUpMonth,
})

const money = v.object({ amount: v.number() })
/** What the engine stores for a reauthorization that needs the payer's approval. */
const pendingReauthorization = v.object({ amount: v.number(), pending: v.literal(true), approvedAtMs: v.optional(v.number()) })
const storedOrder = v.object({
  orderDescription: v.optional(v.nullable(v.string())),
  orderItems: v.optional(v.nullable(v.array(v.object({ name: v.string(), quantity: v.optional(v.number(), 1), unitPrice: v.optional(v.nullable(money)) })))),
  redirectUrl: v.optional(v.nullable(v.string())),
  redirectType: v.optional(v.nullable(v.string())),
})

/** What the payer sees of an order: derived from the stored row at `nowMs` (an unpaid code past expiry is expired). */
export function toWalletCode(row: PaymentRow, merchantName: string, nowMs: number): WalletCode {
  const parsed = v.safeParse(storedOrder, row.order)
  const order = parsed.success ? parsed.output : {}
  const paid = row.acceptedAtMs !== null
  let state: CodeState
  if (paid) state = 'PAID'
  else if (row.codeDeleted) state = 'DELETED'
  else if (row.codeExpiresAtMs !== null && (row.canceledAtMs ?? nowMs) >= row.codeExpiresAtMs) state = 'EXPIRED'
  else if (row.status !== 'CREATED') state = 'CANCELED'
  else state = 'OPEN'
  return {
    codeId: row.codeId ?? '',
    merchantId: row.merchantId,
    merchantName,
    merchantPaymentId: row.merchantPaymentId,
    paymentId: row.paymentId,
    state,
    paymentStatus: row.status,
    amount: row.amount,
    orderDescription: order.orderDescription ?? null,
    orderItems: (order.orderItems ?? []).map((item) => ({ name: item.name, quantity: item.quantity, unitPrice: item.unitPrice?.amount ?? null })),
    expiresAt: row.codeExpiresAtMs === null ? null : Math.floor(row.codeExpiresAtMs / 1000),
    isAuthorization: row.isAuthorization,
    redirectUrl: order.redirectUrl ?? null,
    redirectType: order.redirectType === 'WEB_LINK' || order.redirectType === 'APP_DEEP_LINK' ? order.redirectType : null,
    paidByTestUserId: paid ? row.testUserId : null,
  }
}
