import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SandboxEngine } from '../../src/server/modules/sandbox/engine/index.ts'
import { merchantRepo } from '../../src/server/store/merchant-repo.ts'
import { sandboxUserAuthorizations } from '../../src/server/store/tables/sandbox.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy, opaClient, requestToken, type OpaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'

const outOfScope = { code: 'OP_OUT_OF_SCOPE', codeId: '08100023' }

/** Consent (user authorization): decided once, one authorization per user, and its scopes enforced per endpoint. */
describe.each(storeKinds())('sandbox user consent [%s]', (kind) => {
  let t: TestApp
  let engine: SandboxEngine
  let shop: OpaClient
  let merchantId: string
  let apiKey: string
  let secret: Uint8Array<ArrayBuffer>
  let seq = 0
  const id = (prefix: string) => `${prefix}-${kind}-${++seq}`

  const userId = async (username: string) =>
    (await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(merchantId))).find((u) => u.username === username)!.id
  const balanceOf = async (username: string) =>
    (await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(merchantId))).find((u) => u.username === username)!.balance
  const authorizationsOf = async (testUserId: string) =>
    t.deps.store.db
      .select()
      .from(sandboxUserAuthorizations)
      .where(and(eq(sandboxUserAuthorizations.merchantId, merchantId), eq(sandboxUserAuthorizations.testUserId, testUserId)))

  /** Opens a consent session the way a merchant's server does (GET /v2/user_authorization with a request token). */
  async function openSession(scope: string) {
    const token = await requestToken({ scope, referenceId: id('ref') }, secret)
    const res = await t.app.request(`/v2/user_authorization?apiKey=${apiKey}&requestToken=${token}`)
    expect(res.status).toBe(302)
    return (res.headers.get('location') ?? '').split('/sandbox/authorize/')[1]!
  }
  async function link(username: string, scope: string) {
    const approved = await sandboxCommands.authorizations.approveAuthorization(engine.ctx, {
      sessionId: await openSession(scope),
      testUserId: await userId(username),
    })
    return approved.userAuthorizationId!
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    engine = t.deps.sandbox
    const merchants = merchantRepo(t.deps.store.db)
    const merchant = await merchants.create({ name: 'Consent Bakery', products: [] })
    const key = await merchants.issueCredential(merchant.id)
    merchantId = merchant.id
    apiKey = key.apiKey
    secret = new Uint8Array(Buffer.from(key.apiSecret, 'base64'))
    shop = opaClient({ request: (path, init) => t.app.request(path, init), apiKey, apiSecret: key.apiSecret, merchantId })
    await sandboxCommands.testUsers.ensureTestUsers(engine.forMerchant(merchantId))
  })
  afterAll(() => t.close())

  describe('the decision is taken once', () => {
    it('10 parallel approvals of one session: one succeeds, the rest are refused, exactly one authorization exists', async () => {
      const sessionId = await openSession('direct_debit')
      const user = await userId('taro')
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, () => sandboxCommands.authorizations.approveAuthorization(engine.ctx, { sessionId, testUserId: user })),
      )
      const won = results.filter((r) => r.status === 'fulfilled')
      expect(won).toHaveLength(1)
      for (const r of results.filter((r) => r.status === 'rejected')) expect(r.reason).toMatchObject({ code: 'SANDBOX_SESSION_NOT_FOUND' })
      const rows = await authorizationsOf(user)
      expect(rows).toHaveLength(1)
      expect(rows[0]!.userAuthorizationId).toBe(won[0]!.value.userAuthorizationId)
      expect((await sandboxCommands.authorizations.getAuthorizationSession(engine.ctx, { sessionId })).status).toBe('APPROVED')
    })

    it('an approval racing a denial: exactly one decision, and an authorization only if the approval won', async () => {
      const sessionId = await openSession('direct_debit')
      const user = await userId('jiro')
      const [approve, deny] = await Promise.allSettled([
        sandboxCommands.authorizations.approveAuthorization(engine.ctx, { sessionId, testUserId: user }),
        sandboxCommands.authorizations.denyAuthorization(engine.ctx, { sessionId }),
      ])
      expect([approve.status, deny.status].filter((s) => s === 'fulfilled')).toHaveLength(1)
      const status = (await sandboxCommands.authorizations.getAuthorizationSession(engine.ctx, { sessionId })).status
      expect((await authorizationsOf(user)).length).toBe(status === 'APPROVED' ? 1 : 0)
    })

    it('two sessions of one user approved in parallel extend one authorization (no second one)', async () => {
      const [a, b] = [await openSession('cashback'), await openSession('get_balance')]
      const user = await userId('hanako')
      const [ra, rb] = await Promise.all([
        sandboxCommands.authorizations.approveAuthorization(engine.ctx, { sessionId: a, testUserId: user }),
        sandboxCommands.authorizations.approveAuthorization(engine.ctx, { sessionId: b, testUserId: user }),
      ])
      expect(ra.userAuthorizationId).toBe(rb.userAuthorizationId)
      const rows = await authorizationsOf(user)
      expect(rows).toHaveLength(1)
      expect(rows[0]!.scopes).toEqual(expect.arrayContaining(['cashback', 'get_balance']))
    })
  })

  describe('scopes are enforced per endpoint', () => {
    const pay = (userAuthorizationId: string, amount = 100) => ({
      merchantPaymentId: id('P'),
      userAuthorizationId,
      amount: jpy(amount),
      requestedAt: epochNow(),
    })

    it('a direct_debit-only link pays natively but is refused continuous payments, request money, cashback, balance and pre-auth', async () => {
      const uaid = await link('taro', 'direct_debit')
      const before = await balanceOf('taro')
      const native = await shop.post('/v2/payments?agreeSimilarTransaction=true', pay(uaid, 100))
      expect(native.status).toBe(201)
      expect(native.body.data.status).toBe('COMPLETED')

      const refused = [
        await shop.post('/v1/subscription/payments', pay(uaid, 200)),
        await shop.post('/v1/requestOrder', pay(uaid, 300)),
        await shop.post('/v2/cashback', { merchantCashbackId: id('CB'), userAuthorizationId: uaid, amount: jpy(50), requestedAt: epochNow() }),
        await shop.get(`/v2/wallet/check_balance?userAuthorizationId=${uaid}&amount=1&currency=JPY`),
        await shop.post('/v2/payments/preauthorize?agreeSimilarTransaction=true', { ...pay(uaid, 400), orderDescription: 'Cake' }),
      ]
      for (const res of refused) {
        expect(res.status).toBe(401)
        expect(res.body.resultInfo).toMatchObject(outOfScope)
        expect(res.body.data).toBeNull()
      }
      // nothing but the native payment moved money
      expect(await balanceOf('taro')).toBe(before - 100)
    })

    it('each scope opens its endpoint; a continuous_payments-only link cannot pay natively', async () => {
      const uaid = await link('hanako', 'continuous_payments')
      const native = await shop.post('/v2/payments?agreeSimilarTransaction=true', pay(uaid))
      expect([native.status, native.body.resultInfo.code]).toEqual([401, 'OP_OUT_OF_SCOPE'])
      expect((await shop.post('/v1/subscription/payments', pay(uaid))).status).toBe(201)

      await link('hanako', 'pending_payments')
      expect((await shop.post('/v1/requestOrder', pay(uaid))).status).toBe(201)
      // hanako granted cashback and get_balance in the test above (same authorization, scopes added)
      expect(
        (await shop.post('/v2/cashback', { merchantCashbackId: id('CB'), userAuthorizationId: uaid, amount: jpy(50), requestedAt: epochNow() })).status,
      ).toBe(202)
      expect((await shop.get(`/v2/wallet/check_balance?userAuthorizationId=${uaid}&amount=1&currency=JPY`)).body.data).toEqual({ hasEnoughBalance: true })

      await link('hanako', 'preauth_capture_native')
      expect(
        (await shop.post('/v2/payments/preauthorize?agreeSimilarTransaction=true', { ...pay(uaid, 400), orderDescription: 'Cake' })).body.data.status,
      ).toBe('AUTHORIZED')
      await link('hanako', 'direct_debit')
      expect((await shop.post('/v2/payments?agreeSimilarTransaction=true', pay(uaid))).status).toBe(201)
    })

    it('preauth_capture_transaction also allows pre-authorisation', async () => {
      const uaid = await link('jiro', 'preauth_capture_transaction')
      const res = await shop.post('/v2/payments/preauthorize?agreeSimilarTransaction=true', { ...pay(uaid, 10), orderDescription: 'Cookie' })
      expect(res.status).toBe(201)
      expect(res.body.data.status).toBe('AUTHORIZED')
    })
  })
})
