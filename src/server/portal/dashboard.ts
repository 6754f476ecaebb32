import { Hono } from 'hono'
import {
  apiKeyRevokeParams,
  merchantTopUpData,
  testUserParams,
  transactionDetailParams,
  transactionDetailQuery,
  transactionsQuery,
} from '@/domain/dashboard-api.ts'
import { ApiError } from '@/domain/errors.ts'
import { limits } from '@/domain/limits.ts'
import type * as v from 'valibot'
import type { AppDeps } from '../deps.ts'
import { jstMonth, type SandboxEngine } from '../modules/sandbox/engine/index.ts'
import { cashbackView, paymentView, refundView } from '../modules/sandbox/views.ts'
import { dashboardRepo } from '../store/dashboard-repo.ts'
import { merchantRepo } from '../store/merchant-repo.ts'
import { sandboxRepo } from '../store/sandbox-repo.ts'
import { paramsOf, queryOf } from '../validate.ts'
import { success } from './accounts-flows.ts'
import { requireUser, type AuthEnv } from './auth.ts'
import './devtools-openapi.ts'
import { liveModeOf, merchantFor } from './merchant-context.ts'

type TestUser = Awaited<ReturnType<SandboxEngine['listTestUsers']>>[number]
/** A test user as the dashboard shows it (spec §3: username and balance). */
export const testUserView = (u: TestUser): v.InferOutput<typeof merchantTopUpData>['test_users'][number] => ({
  test_user_id: u.id,
  username: u.username,
  balance: u.balance,
  last_top_up_month: u.lastTopUpMonth,
})

/**
 * The developer's tools on the server (issue 12; docs/dashboard.md): key revocation, the monthly top-up, the
 * transaction history from the sandbox ledger. Live activation, profile, test users and key listing stay with the
 * account routes (accounts.ts).
 */
export function dashboardRoutes(deps: AppDeps) {
  const app = new Hono<AuthEnv>()
  const engine = deps.sandbox
  const auth = requireUser(deps)
  const merchants = merchantRepo(deps.store.db)
  const repo = dashboardRepo(deps.store.db)

  // ── keys: revoke (list and generate are GET/POST /v1/d-panel/{id}/apiKey) ────────────────────────────
  app.delete('/v1/d-panel/:id/apiKey/:apiKey', auth, async (c) => {
    const { user } = c.get('auth')
    const { id, apiKey } = paramsOf(c, apiKeyRevokeParams, 'API_KEY_NOT_FOUND')
    const merchant = await merchants.findById(id)
    if (!merchant || merchant.ownerUserId !== user.id) throw new ApiError('RESOURCE_NOT_FOUND')
    const active = await merchants.credentialsOf(merchant.id)
    if (!active.some((k) => k.apiKey === apiKey)) throw new ApiError('API_KEY_NOT_FOUND')
    if (active.length <= 1) throw new ApiError('API_KEY_LAST')
    const revoked = await merchants.revokeCredential(merchant.id, apiKey, deps.clock.now())
    if (!revoked) throw new ApiError('API_KEY_NOT_FOUND')
    return success(c, { merchant_id: merchant.id, api_key: revoked.apiKey, revoked_at: revoked.revokedAt!.toISOString() })
  })

  // ── balance top-up: the whole sandbox once a month, or one test user once a month ─────────────────────
  app.put('/dev/user/v1merchantBalance', auth, async (c) => {
    const merchant = await merchantFor(deps, c, c.get('auth').user)
    await engine.ensureTestUsers(merchant.id)
    const month = jstMonth(deps.clock.nowMs(merchant.id))
    const amount = limits.sandbox.topUpAmount
    const won = await repo.topUpMerchant(merchant.id, month, amount, deps.clock.now())
    if (!won) throw new ApiError('MERCHANT_TOP_UP_LIMIT', { data: { month } })
    const users = await engine.listTestUsers(merchant.id)
    return success(c, { merchant_id: merchant.id, month, amount, test_users: users.map(testUserView) })
  })

  app.put('/dev/user/v1merchantBalance/:testUserId', auth, async (c) => {
    const merchant = await merchantFor(deps, c, c.get('auth').user)
    const { testUserId } = paramsOf(c, testUserParams, 'SANDBOX_TEST_USER_NOT_FOUND')
    const updated = await engine.topUp(merchant.id, testUserId)
    return success(c, { merchant_id: merchant.id, month: updated.lastTopUpMonth, amount: limits.sandbox.topUpAmount, test_users: [testUserView(updated)] })
  })

  // ── transactions: the sandbox ledger, newest first ────────────────────────────────────────────────────
  app.get('/v1/getTransactions', auth, async (c) => {
    const q = queryOf(c, transactionsQuery)
    const merchant = await merchantFor(deps, c, c.get('auth').user, liveModeOf(c, q.live_mode))
    const [rows, total] = await Promise.all([
      repo.ledgerPage(merchant.id, q.record_per_page, q.page_no * q.record_per_page),
      repo.ledgerCount(merchant.id),
    ])
    return success(c, {
      merchant_id: merchant.id,
      live_mode: merchant.mode === 'live',
      page_no: q.page_no,
      record_per_page: q.record_per_page,
      total_records: total,
      total_pages: Math.ceil(total / q.record_per_page),
      data: rows.map((r) => ({
        type: r.type,
        kind: r.kind,
        id: r.id,
        merchant_reference_id: r.ref,
        payment_id: r.payment_id,
        status: r.status,
        amount: { amount: r.amount, currency: 'JPY' as const },
        at: new Date(r.at_ms).toISOString(),
      })),
    })
  })

  /** One entry in the published shape of its kind: payment details, refund details, cashback details. */
  app.get('/v1/getTransactions/:type/:id', auth, async (c) => {
    const { type, id } = paramsOf(c, transactionDetailParams, 'TRANSACTION_NOT_FOUND')
    const q = queryOf(c, transactionDetailQuery)
    const merchant = await merchantFor(deps, c, c.get('auth').user, liveModeOf(c, q.live_mode))
    const sandbox = sandboxRepo(deps.store.db)
    if (type === 'payment') {
      const row = await sandbox.findPaymentById(id)
      if (!row || row.merchantId !== merchant.id) throw new ApiError('TRANSACTION_NOT_FOUND')
      return success(c, { type: 'PAYMENT', kind: row.kind, detail: paymentView(row, await sandbox.refundsOf(row.paymentId), true) })
    }
    if (type === 'refund') {
      const row = await sandbox.findRefund(merchant.id, id)
      if (!row) throw new ApiError('TRANSACTION_NOT_FOUND')
      return success(c, { type: 'REFUND', kind: null, detail: refundView(row) })
    }
    const cashback = await repo.cashbackById(merchant.id, id)
    if (!cashback) throw new ApiError('TRANSACTION_NOT_FOUND')
    return success(c, { type: 'CASHBACK', kind: null, detail: cashbackView(cashback) })
  })

  return app
}
