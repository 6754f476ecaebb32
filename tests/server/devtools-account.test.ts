import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limits } from '../../src/domain/limits.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { jpy, opaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { bearer, signUp } from './accounts-helpers.ts'
import { developer } from './devtools-helpers.ts'

const qrBody = (id: string) => ({ merchantPaymentId: id, amount: jpy(100), codeType: 'ORDER_QR' })

describe.each(storeKinds())('developer tools: mode, keys, top-up [%s]', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(() => t.close())

  describe('live activation and the assumed merchant', () => {
    it('activation needs a merchant first', async () => {
      const s = await signUp(t)
      const res = await t.json('POST', '/v1/dpSignup/salesforceActivate', undefined, bearer(s.token))
      expect(res.status).toBe(409)
      expect(res.body.resultInfo.code).toBe('MERCHANT_REQUIRED')
    })

    it('creates the live merchant once, even when activations race, and the profile shows both ids', async () => {
      const d = await developer(t)
      const before = await t.json('GET', '/v1/homeDboard/getUserProfile', undefined, d.auth)
      expect(before.body.data.live_merchant_id).toBeNull()
      const answers = await Promise.all(Array.from({ length: 6 }, () => t.json('POST', '/v1/dpSignup/salesforceActivate', undefined, d.auth)))
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200))
      const liveIds = new Set(answers.map((a) => a.body.data.live_merchant_id))
      expect(liveIds.size).toBe(1)
      const [liveId] = [...liveIds]
      expect(liveId).not.toBe(d.merchantId)
      expect(answers[0]!.body.data).toMatchObject({ status: 'ACTIVATED', merchant_id: d.merchantId })
      const profile = await t.json('GET', '/v1/homeDboard/getUserProfile', undefined, d.auth)
      expect(profile.body.data).toMatchObject({ merchant_id: d.merchantId, live_merchant_id: liveId })
      // the live merchant has exactly one key of its own
      const keys = await t.json('GET', `/v1/d-panel/${liveId}/apiKey`, undefined, d.auth)
      expect(keys.body.data.keys).toHaveLength(1)
      expect(keys.body.data.keys[0].api_key).not.toBe(d.apiKey)
    })

    it("X-ASSUME-MERCHANT picks the mode's merchant and refuses anyone else's", async () => {
      const a = await developer(t)
      const b = await developer(t)
      const own = await t.json('GET', '/v1/getTransactions', undefined, { ...a.auth, 'X-ASSUME-MERCHANT': a.merchantId })
      expect(own.status).toBe(200)
      expect(own.body.data).toMatchObject({ merchant_id: a.merchantId, live_mode: false })
      const other = await t.json('GET', '/v1/getTransactions', undefined, { ...a.auth, 'X-ASSUME-MERCHANT': b.merchantId })
      expect(other.status).toBe(403)
      expect(other.body.resultInfo.code).toBe('ASSUMED_MERCHANT_REFUSED')
      expect((await t.json('GET', '/dev/v1/configSettings/getSettings', undefined, { ...a.auth, 'X-ASSUME-MERCHANT': b.merchantId })).status).toBe(403)
      // live mode before activation
      const early = await t.json('GET', '/v1/getTransactions?live_mode=true', undefined, a.auth)
      expect(early.status).toBe(409)
      expect(early.body.resultInfo.code).toBe('LIVE_MODE_INACTIVE')
      const live = (await t.json('POST', '/v1/dpSignup/salesforceActivate', undefined, a.auth)).body.data.live_merchant_id
      const inLive = await t.json('GET', '/v1/getTransactions?live_mode=true', undefined, { ...a.auth, 'X-ASSUME-MERCHANT': live })
      expect(inLive.body.data).toMatchObject({ merchant_id: live, live_mode: true })
      // the header and live_mode must agree
      const mismatch = await t.json('GET', '/v1/getTransactions?live_mode=true', undefined, { ...a.auth, 'X-ASSUME-MERCHANT': a.merchantId })
      expect(mismatch.status).toBe(403)
    })
  })

  describe('keys', () => {
    it('lists creation and last use; the sandbox records the use', async () => {
      const d = await developer(t)
      const before = await t.json('GET', `/v1/d-panel/${d.merchantId}/apiKey`, undefined, d.auth)
      expect(before.body.data.keys).toEqual([expect.objectContaining({ api_key: d.apiKey, created_at: expect.any(String), last_used_at: null })])
      expect((await d.opa.post('/v2/codes', qrBody(`USE-${kind}-${Date.now()}`))).status).toBe(201)
      const after = await t.json('GET', `/v1/d-panel/${d.merchantId}/apiKey`, undefined, d.auth)
      expect(Date.parse(after.body.data.keys[0].last_used_at)).toBeGreaterThan(Date.now() - 60_000)
    })

    it('a revoked key stops authenticating the sandbox at once; the new one works', async () => {
      const d = await developer(t)
      const created = (await t.json('POST', `/v1/d-panel/${d.merchantId}/apiKey`, undefined, d.auth)).body.data
      const fresh = opaClient({ request: (p, i) => t.app.request(p, i), apiKey: created.api_key, apiSecret: created.api_secret, merchantId: d.merchantId })
      expect((await d.opa.post('/v2/codes', qrBody(`OLD-${kind}-1`))).status).toBe(201)
      const revoked = await t.json('DELETE', `/v1/d-panel/${d.merchantId}/apiKey/${d.apiKey}`, undefined, d.auth)
      expect(revoked.status).toBe(200)
      expect(revoked.body.data).toMatchObject({ merchant_id: d.merchantId, api_key: d.apiKey, revoked_at: expect.any(String) })
      const refused = await d.opa.post('/v2/codes', qrBody(`OLD-${kind}-2`))
      expect(refused.status).toBe(401)
      expect(refused.body.resultInfo.code).toBe('UNAUTHORIZED')
      expect((await fresh.post('/v2/codes', qrBody(`NEW-${kind}-1`))).status).toBe(201)
      const list = await t.json('GET', `/v1/d-panel/${d.merchantId}/apiKey`, undefined, d.auth)
      expect(list.body.data.keys.map((k: { api_key: string }) => k.api_key)).toEqual([created.api_key])
      // the profile moves on to the remaining key
      expect((await t.json('GET', '/v1/homeDboard/getUserProfile', undefined, d.auth)).body.data.client_api_key).toBe(created.api_key)
      // revoking again, or the last key, or someone else's
      expect((await t.json('DELETE', `/v1/d-panel/${d.merchantId}/apiKey/${d.apiKey}`, undefined, d.auth)).body.resultInfo.code).toBe('API_KEY_NOT_FOUND')
      const last = await t.json('DELETE', `/v1/d-panel/${d.merchantId}/apiKey/${created.api_key}`, undefined, d.auth)
      expect(last.status).toBe(409)
      expect(last.body.resultInfo.code).toBe('API_KEY_LAST')
      const stranger = await developer(t)
      expect((await t.json('DELETE', `/v1/d-panel/${d.merchantId}/apiKey/${created.api_key}`, undefined, stranger.auth)).status).toBe(404)
      expect((await t.json('DELETE', `/v1/d-panel/${d.merchantId}/apiKey/${created.api_key}`)).status).toBe(401)
    })
  })

  describe('top-up', () => {
    it('the merchant tops up once per month even when requests race; every test user gets the amount', async () => {
      const d = await developer(t)
      const users = await t.json('GET', '/v1/homeDboard/getMerchantUsers', undefined, d.auth)
      const before = users.body.data.test_users as { test_user_id: string; username: string; balance: number }[]
      expect(before.map((u) => u.username)).toEqual(['taro', 'hanako', 'jiro'])
      const answers = await Promise.all(Array.from({ length: 8 }, () => t.json('PUT', '/dev/user/v1merchantBalance', undefined, d.auth)))
      const won = answers.filter((a) => a.status === 200)
      expect(won).toHaveLength(1)
      expect(answers.filter((a) => a.body.resultInfo.code === 'MERCHANT_TOP_UP_LIMIT')).toHaveLength(7)
      const after = (await t.json('GET', '/v1/homeDboard/getMerchantUsers', undefined, d.auth)).body.data.test_users as typeof before
      expect(after.map((u) => u.balance)).toEqual(before.map((u) => u.balance + limits.sandbox.topUpAmount))
      expect(won[0]!.body.data.test_users.map((u: { balance: number }) => u.balance)).toEqual(after.map((u) => u.balance))
      // next month (the merchant's sandbox clock moved) it works again, once
      await d.opa.post('/sandbox/api/clock', { advanceMs: 32 * 24 * 60 * 60_000 })
      expect((await t.json('PUT', '/dev/user/v1merchantBalance', undefined, d.auth)).status).toBe(200)
      expect((await t.json('PUT', '/dev/user/v1merchantBalance', undefined, d.auth)).status).toBe(409)
    })

    it("one test user tops up once per month, also under a race; another merchant's user is not found", async () => {
      const d = await developer(t)
      const [taro] = (await t.json('GET', '/v1/homeDboard/getMerchantUsers', undefined, d.auth)).body.data.test_users
      const answers = await Promise.all(Array.from({ length: 6 }, () => t.json('PUT', `/dev/user/v1merchantBalance/${taro.test_user_id}`, undefined, d.auth)))
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
      expect(answers.filter((a) => a.body.resultInfo.code === 'SANDBOX_TOP_UP_LIMIT')).toHaveLength(5)
      const now = (await t.json('GET', '/v1/homeDboard/getMerchantUsers', undefined, d.auth)).body.data.test_users[0]
      expect(now.balance).toBe(taro.balance + limits.sandbox.topUpAmount)
      expect(now.last_top_up_month).toMatch(/^\d{4}-\d{2}$/)
      const other = await developer(t)
      const res = await t.json('PUT', `/dev/user/v1merchantBalance/${taro.test_user_id}`, undefined, other.auth)
      expect(res.status).toBe(404)
      expect((await t.json('PUT', '/dev/user/v1merchantBalance/nope', undefined, d.auth)).status).toBe(404)
      expect((await t.json('PUT', '/dev/user/v1merchantBalance')).status).toBe(401)
    })
  })
})
