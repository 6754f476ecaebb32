// What `npm run bench:sandbox` reads (scripts/bench-sandbox.ts): a merchant with every product, one test user
// linked with every scope, and one of each thing a signed GET of the provider's SDK names — a native payment with a
// refund, a money request, a cashback and its reversal. Written through the engine before the server starts.
import { createClock } from '../../src/server/clock.ts'
import { createLogger } from '../../src/server/logger.ts'
import { createSandbox, sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'
import { demoMerchant } from '../../src/server/modules/sandbox/engine/seed.ts'
import { openStore } from '../../src/server/store/db.ts'
import { merchantRepo } from '../../src/server/store/merchant-repo.ts'

export interface BenchMerchant {
  id: string
  apiKey: string
  apiSecret: string
  /** The signed GETs' paths, by the name the table shows (the code-payment read is added once a code exists). */
  reads: Record<string, string>
}

const scopes = ['direct_debit', 'cashback', 'get_balance', 'preauth_capture_native', 'continuous_payments', 'pending_payments']

export async function seedBenchMerchant(options: { dataDir?: string; databaseUrl?: string }): Promise<BenchMerchant> {
  const store = await openStore(options)
  try {
    const repo = merchantRepo(store.db)
    const merchant = await repo.create({ name: 'Bench Cake Shop', products: [...demoMerchant.products] })
    const { apiKey, apiSecret } = await repo.issueCredential(merchant.id)
    const engine = createSandbox({ store, clock: createClock(), log: createLogger('silent') })
    const at = engine.forMerchant(merchant.id)
    const [taro] = await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(merchant.id))
    const session = await sandboxCommands.authorizations.startAuthorizationSession(engine.forMerchant(merchant.id), {
      apiKey,
      kind: 'QR',
      request: {
        scopes,
        nonce: 'bench',
        redirectUrl: 'https://shop.example/linked',
        referenceId: 'bench',
      },
    })
    const { userAuthorizationId } = await sandboxCommands.authorizations.approveAuthorization(engine.ctx, {
      sessionId: session.sessionId,
      testUserId: taro!.id,
    })
    const link = userAuthorizationId!
    const requestedAt = Math.floor(Date.now() / 1000)
    const amount = { amount: 1000, currency: 'JPY' as const }
    const paid = await sandboxCommands.payments.createPayment(at, {
      merchantPaymentId: 'BENCH-NATIVE',
      userAuthorizationId: link,
      amount,
      requestedAt,
      agreeSimilarTransaction: true,
    })
    await sandboxCommands.refunds.refund(at, { merchantRefundId: 'BENCH-REFUND', paymentId: paid.paymentId, amount: { ...amount, amount: 300 }, requestedAt })
    await sandboxCommands.requestMoney.createRequestOrder(at, { merchantPaymentId: 'BENCH-REQUEST', userAuthorizationId: link, amount, requestedAt })
    await sandboxCommands.cashback.giveCashback(at, { merchantCashbackId: 'BENCH-CASHBACK', userAuthorizationId: link, amount, requestedAt })
    await sandboxCommands.cashback.reverseCashback(at, {
      merchantCashbackReversalId: 'BENCH-REVERSAL',
      merchantCashbackId: 'BENCH-CASHBACK',
      amount: { ...amount, amount: 100 },
      requestedAt,
    })
    const reads = {
      'signed GET /v2/payments/{id}': '/v2/payments/BENCH-NATIVE',
      'signed GET /v2/refunds/{id}': '/v2/refunds/BENCH-REFUND',
      'signed GET /v2/user/authorizations': `/v2/user/authorizations?userAuthorizationId=${link}`,
      'signed GET /v2/wallet/check_balance': `/v2/wallet/check_balance?userAuthorizationId=${link}&amount=500&currency=JPY`,
      'signed GET /v1/requestOrder/{id}': '/v1/requestOrder/BENCH-REQUEST',
      'signed GET /v2/cashback/{id}': '/v2/cashback/BENCH-CASHBACK',
      'signed GET /v2/cashback_reversal/{id}/{id}': '/v2/cashback_reversal/BENCH-REVERSAL/BENCH-CASHBACK',
    }
    return { id: merchant.id, apiKey, apiSecret, reads }
  } finally {
    await store.close()
  }
}
