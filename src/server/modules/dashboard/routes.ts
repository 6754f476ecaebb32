import { Hono } from 'hono'
import {
  merchantTopUpData,
  testUserParams,
  transactionDetailParams,
  transactionDetailQuery,
  transactionsData,
  transactionsQuery,
} from '@/domain/dashboard-api.ts'
import { ApiError } from '@/domain/errors.ts'
import { limits } from '@/domain/limits.ts'
import type * as v from 'valibot'
import type { AppDeps } from '../../deps.ts'
import type { SandboxEngine } from '../sandbox/engine/index.ts'
import { cashbackView, paymentView, refundView } from '../sandbox/engine/views.ts'
import { invalidParams, paramsIn, queryIn } from '../../http/validator.ts'
import { success } from '../../http/answer.ts'
import { requireUser, type AuthEnv } from '../../http/bearer.ts'
import { describe } from '../../http/openapi.ts'
import { liveModeOf, merchantFor } from '../../http/merchant-context.ts'
import { sandboxCommands as run } from '../sandbox/engine/index.ts'
import type { TestUserView } from '../sandbox/engine/test-users.ts'

type TestUser = TestUserView
/** A test user as the dashboard shows it (spec §3: username and balance). */
export const testUserView = (u: TestUser): v.InferOutput<typeof merchantTopUpData>['test_users'][number] => ({
  test_user_id: u.id,
  username: u.username,
  balance: u.balance,
  last_top_up_month: u.lastTopUpMonth,
})

/**
 * The developer's tools on the server (issue 12; docs/dashboard.md): the monthly top-up (`/dev/user`) and the
 * transaction history from the sandbox ledger (`/v1/getTransactions`). Live activation, profile, test users and
 * API keys (list, generate, revoke) are the accounts module's (`/v1/d-panel`, modules/accounts/routes.ts).
 */
export function dashboardRoutes(deps: AppDeps, engine: SandboxEngine = deps.sandbox) {
  const merchantBalance = new Hono<AuthEnv>()
  const transactions = new Hono<AuthEnv>()
  const auth = requireUser(deps)

  // ── balance top-up: the whole sandbox once a month, or one test user once a month ─────────────────────
  const topUpAll = describe({
    tag: 'Developer tools',
    security: 'bearer',
    summary: "Top up every test user of the mode's merchant, once per month (X-ASSUME-MERCHANT)",
    data: merchantTopUpData,
  })
  merchantBalance.put('/v1merchantBalance', topUpAll, auth, async (c) => {
    const merchant = await merchantFor(deps, c, c.get('auth').user)
    const { month, amount, testUsers } = await run.topUp.topUpMerchant(engine.forMerchant(merchant.id))
    return success(c, { merchant_id: merchant.id, month, amount, test_users: testUsers.map(testUserView) })
  })

  const topUpOne = describe({ tag: 'Developer tools', security: 'bearer', summary: 'Top up one test user, once per month', data: merchantTopUpData })
  merchantBalance.put('/v1merchantBalance/:testUserId', topUpOne, auth, paramsIn(testUserParams, invalidParams('SANDBOX_TEST_USER_NOT_FOUND')), async (c) => {
    const merchant = await merchantFor(deps, c, c.get('auth').user)
    const { testUserId } = c.req.valid('param')
    const updated = await run.topUp.topUp(engine.forMerchant(merchant.id), { testUserId })
    return success(c, { merchant_id: merchant.id, month: updated.lastTopUpMonth, amount: limits.sandbox.topUpAmount, test_users: [testUserView(updated)] })
  })

  // ── transactions: the sandbox ledger, newest first ────────────────────────────────────────────────────
  const list = describe({
    tag: 'Developer tools',
    security: 'bearer',
    summary: "The mode's merchant's sandbox payments, refunds and cashbacks, newest first, paged",
    data: transactionsData,
  })
  transactions.get('/', list, auth, queryIn(transactionsQuery), async (c) => {
    const q = c.req.valid('query')
    const merchant = await merchantFor(deps, c, c.get('auth').user, liveModeOf(c, q.live_mode))
    const m = engine.forMerchant(merchant.id)
    const [rows, total] = await Promise.all([
      run.ledger.listLedger(m, { limit: q.record_per_page, offset: q.page_no * q.record_per_page }),
      run.ledger.countLedger(m),
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
  transactions.get(
    '/:type/:id',
    describe({ tag: 'Developer tools', security: 'bearer', summary: 'One transaction in its published shape (payment, refund or cashback details)' }),
    auth,
    paramsIn(transactionDetailParams, invalidParams('TRANSACTION_NOT_FOUND')),
    queryIn(transactionDetailQuery),
    async (c) => {
      const { type, id } = c.req.valid('param')
      const q = c.req.valid('query')
      const merchant = await merchantFor(deps, c, c.get('auth').user, liveModeOf(c, q.live_mode))
      const m = engine.forMerchant(merchant.id)
      if (type === 'payment') {
        const row = await run.payments.findPaymentById(m, { paymentId: id })
        if (!row) throw new ApiError('TRANSACTION_NOT_FOUND')
        return success(c, { type: 'PAYMENT', kind: row.kind, detail: paymentView(row, await run.payments.refundsOf(m, { paymentId: row.paymentId }), true) })
      }
      if (type === 'refund') {
        const row = await run.refunds.findRefund(m, { merchantRefundId: id })
        if (!row) throw new ApiError('TRANSACTION_NOT_FOUND')
        return success(c, { type: 'REFUND', kind: null, detail: refundView(row) })
      }
      const cashback = await run.cashback.findCashbackById(m, { cashbackId: id })
      if (!cashback) throw new ApiError('TRANSACTION_NOT_FOUND')
      return success(c, { type: 'CASHBACK', kind: null, detail: cashbackView(cashback) })
    },
  )

  return { v1: { '/getTransactions': transactions }, dev: { '/user': merchantBalance } }
}
