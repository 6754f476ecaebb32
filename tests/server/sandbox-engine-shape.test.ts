import * as v from 'valibot'
import { afterEach, describe, expect, it } from 'vitest'
import { limits } from '../../src/domain/limits.ts'
import { CashbackRequestSchema, CreatePaymentRequestSchema, CreateQrCodeRequestSchema, RefundRequestSchema } from '../../src/domain/opa-schemas.ts'
import { createAnalyticsSink } from '../../src/server/analytics.ts'
import { createApp } from '../../src/server/app.ts'
import { createClock } from '../../src/server/clock.ts'
import { loadConfig } from '../../src/server/config.ts'
import { appDeps, type AppDeps } from '../../src/server/deps.ts'
import { createLogger } from '../../src/server/logger.ts'
import { demoMerchant } from '../../src/server/modules/sandbox/engine/seed.ts'
import { merchantCtx } from '../../src/server/modules/sandbox/engine/context.ts'
import { sandboxCommands, type SandboxEngine } from '../../src/server/modules/sandbox/engine/index.ts'
import { sandboxModule } from '../../src/server/modules/sandbox/index.ts'
import { engineWalletBackend } from '../../src/server/modules/sandbox/wallet/engine.ts'
import { webhookDispatcher } from '../../src/server/modules/sandbox/webhooks/webhooks.ts'
import type { Store } from '../../src/server/store/db.ts'
import { merchantRepo } from '../../src/server/store/merchant-repo.ts'
import { sandboxRepo } from '../../src/server/store/sandbox-repo.ts'
import { demoShopApp } from '../support/app.ts'
import { epochNow, jpy, linkTestUser, opaClient } from '../support/opa-client.ts'
import { openTestStore, storeKinds } from '../support/store.ts'

/**
 * The shape of the sandbox engine (issue 19): created once with the app's deps and handed down, nothing run when
 * a router is built, and commands that run in-process with their merchant and clock given explicitly.
 */
describe.each(storeKinds())('sandbox engine shape [%s]', (kind) => {
  const stores: Store[] = []
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()))
  })

  /** Deps over a fresh, empty store, built the way startServer builds them — without starting anything. */
  async function freshDeps(): Promise<AppDeps> {
    const store = await openTestStore(kind)
    stores.push(store)
    const config = loadConfig({ DATA_DIR: '.test-data/unused', WEB_DIST: 'dist/web' })
    const log = createLogger('info', {}, () => {})
    return appDeps({ config, store, clock: createClock(), log, analytics: createAnalyticsSink(log) })
  }
  const demoInStore = async (deps: AppDeps) => (await merchantRepo(deps.store.db).findById(demoMerchant.id)) !== undefined

  it('building the app or a router seeds nothing; ready() seeds the demo merchant once, whoever asks', async () => {
    const deps = await freshDeps()
    createApp(deps)
    sandboxModule(deps)
    expect(await demoInStore(deps)).toBe(false)
    expect(deps.sandbox.ready()).toBe(deps.sandbox.ready())
    await deps.sandbox.ready()
    expect(await demoInStore(deps)).toBe(true)
    expect(await sandboxRepo(deps.store.db).countTestUsers(demoMerchant.id)).toBe(3)
  })

  it('without an explicit start, the first signed OPA request waits for the seed and is served', async () => {
    const deps = await freshDeps()
    const app = createApp(deps)
    expect(await demoInStore(deps)).toBe(false)
    const opa = opaClient({ request: (path, init) => app.request(path, init) })
    const clock = await opa.get('/sandbox/api/clock')
    expect([clock.status, clock.body.data.merchantId]).toEqual([200, demoMerchant.id])
  })

  it('is created once per deps: the routes, the wallet and the webhook dispatcher all use deps.sandbox', async () => {
    const deps = await freshDeps()
    expect(appDeps(deps)).toBe(deps)
    // a "restarted" copy with a fresh clock gets a sandbox of its own, reading that clock
    const restarted = appDeps({ ...deps, clock: createClock() })
    expect(restarted.sandbox).not.toBe(deps.sandbox)
    expect(restarted.sandbox.ctx.clock).toBe(restarted.clock)

    // one door: every adapter reaches the engine through deps.sandbox (its context, or a merchant's from forMerchant)
    const calls: string[] = []
    const base = deps.sandbox
    const ctx = {
      db: base.ctx.db,
      get clock() {
        calls.push('ctx')
        return base.ctx.clock
      },
    }
    const forMerchant: SandboxEngine['forMerchant'] = (merchantId, products) => {
      calls.push(`forMerchant ${merchantId}`)
      return base.forMerchant(merchantId, products)
    }
    const spied: AppDeps = { ...deps, sandbox: { ...base, ctx, forMerchant } }
    expect(appDeps(spied)).toBe(spied)

    const app = createApp(spied)
    const opa = opaClient({ request: (path, init) => app.request(path, init) })
    expect((await opa.get('/v2/payments/SHAPE-NONE')).body.resultInfo.code).toBe('RESOURCE_NOT_FOUND')
    expect(calls).toContain(`forMerchant ${demoMerchant.id}`)
    calls.length = 0
    await engineWalletBackend(spied).testUsers(demoMerchant.id)
    expect(calls).toEqual([`forMerchant ${demoMerchant.id}`])
    calls.length = 0
    await webhookDispatcher(spied, async () => ({ status: 200, body: '', error: null })).runDue()
    expect(calls).toContain('ctx')
  })

  it('runs a command in-process with its merchant and clock given in the context, as the CLI and MCP tools will', async () => {
    const deps = await freshDeps()
    await deps.sandbox.ready()
    const at = Date.UTC(2030, 0, 31, 20, 0) // 05:00 on 1 February in Japan
    const ctx = merchantCtx({ db: deps.store.db, clock: createClock(() => at) }, demoMerchant.id)

    // the input is the request body as the schema validated it: the same one the HTTP route takes
    const body = v.parse(CreateQrCodeRequestSchema, { merchantPaymentId: 'SHAPE-CMD-1', amount: jpy(700), codeType: 'ORDER_QR', orderDescription: 'Cake' })
    const row = await sandboxCommands.codes.createCode(ctx, body)
    expect([row.merchantId, row.createdAtMs, row.codeExpiresAtMs]).toEqual([demoMerchant.id, at, at + limits.sandbox.qrCodeLifetimeMs])

    // the HTTP route answers the same order
    const opa = opaClient({ request: (path, init) => createApp(deps).request(path, init) })
    const read = await opa.get('/v2/codes/payments/SHAPE-CMD-1')
    expect([read.status, read.body.data.amount.amount, read.body.data.orderDescription]).toEqual([200, 700, 'Cake'])

    // the month of a top-up is the context clock's (Japan time), not the server's
    const [taro] = await sandboxCommands.testUsers.listTestUsers(ctx)
    const topped = await sandboxCommands.topUp.topUp(ctx, { testUserId: taro!.id, amount: 1000 })
    expect([topped.balance, topped.lastTopUpMonth]).toEqual([taro!.balance + 1000, '2030-02'])
  })

  it('a payment, refund and cashback made by commands from validated bodies are kept as the HTTP routes keep them', async () => {
    const { t, opa } = await demoShopApp(kind)
    stores.push(t.deps.store)
    const { userAuthorizationId } = await linkTestUser(t, 'hanako')
    const ctx = t.deps.sandbox.forMerchant(demoMerchant.id)
    const payment = (id: string) => ({
      merchantPaymentId: id,
      userAuthorizationId,
      amount: jpy(300),
      requestedAt: epochNow(),
      orderDescription: 'Tea',
      storeId: 'S-1',
      metadata: { table: 4 },
    })

    const byCommand = await sandboxCommands.payments.createPayment(ctx, {
      ...v.parse(CreatePaymentRequestSchema, payment('SHAPE-PAY-CMD')),
      agreeSimilarTransaction: true,
    })
    expect((await opa.post('/v2/payments?agreeSimilarTransaction=true', payment('SHAPE-PAY-HTTP'))).status).toBe(201)
    const byRoute = (await sandboxRepo(t.deps.store.db).findPayment(demoMerchant.id, 'SHAPE-PAY-HTTP'))!
    expect([byCommand.status, byCommand.amount, byCommand.order]).toEqual([byRoute.status, byRoute.amount, byRoute.order])
    expect(byCommand.order).toEqual({ orderDescription: 'Tea', storeId: 'S-1', metadata: { table: 4 } })

    const refund = v.parse(RefundRequestSchema, {
      merchantRefundId: 'SHAPE-REF-CMD',
      paymentId: byCommand.paymentId,
      amount: jpy(120),
      requestedAt: epochNow(),
      reason: 'cold',
    })
    await sandboxCommands.refunds.refund(ctx, refund)
    const readRefund = await opa.get(`/v2/refunds/SHAPE-REF-CMD?paymentId=${byCommand.paymentId}`)
    expect([readRefund.body.data.amount, readRefund.body.data.reason]).toEqual([jpy(120), 'cold'])

    const cashback = v.parse(CashbackRequestSchema, {
      merchantCashbackId: 'SHAPE-CB-CMD',
      userAuthorizationId,
      amount: jpy(50),
      requestedAt: epochNow(),
      walletType: 'PREPAID',
      orderDescription: 'Thanks',
    })
    await sandboxCommands.cashback.giveCashback(ctx, cashback)
    const readCashback = await opa.get('/v2/cashback/SHAPE-CB-CMD')
    expect(readCashback.body.data).toMatchObject({ amount: jpy(50), walletType: 'PREPAID', orderDescription: 'Thanks', cashbackStatus: 'SUCCESS' })
  })
})
