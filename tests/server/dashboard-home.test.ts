import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app.ts'
import { storeKinds } from '../support/store.ts'
import { bearer, signUp, signUpComplete } from './accounts-helpers.ts'

/** GET /v1/dashboardHome (issue 20): the dashboard home in one answer, the signed-in account's data only. */
describe.each(storeKinds())('dashboard home in one request [%s]', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(() => t.close())

  it('answers the profile, the keys and the test users of the test merchant; live mode has the live keys and no test users', async () => {
    const s = await signUpComplete(t)
    const auth = bearer(s.token)
    const home = await t.json('GET', '/v1/dashboardHome', undefined, auth)
    expect(home.status).toBe(200)
    const profile = await t.json('GET', '/v1/homeDboard/getUserProfile', undefined, auth)
    const keys = await t.json('GET', `/v1/d-panel/${s.merchantId}/apiKey`, undefined, auth)
    const users = await t.json('GET', '/v1/homeDboard/getMerchantUsers', undefined, auth)
    expect(home.body.data).toEqual({
      profile: profile.body.data,
      live_mode: false,
      merchant_id: s.merchantId,
      keys: { keys: keys.body.data.keys },
      test_users: { test_users: users.body.data.test_users },
    })
    expect(home.body.data.test_users.test_users.map((u: { username: string }) => u.username)).toContain('taro')

    // live asked before activation: the test merchant's home (the mode's machine stays in test mode)
    const early = await t.json('GET', '/v1/dashboardHome?live_mode=true', undefined, auth)
    expect(early.body.data).toMatchObject({ live_mode: false, merchant_id: s.merchantId })

    const activated = await t.json('POST', '/v1/dpSignup/salesforceActivate', undefined, auth)
    const liveId = activated.body.data.live_merchant_id as string
    const live = await t.json('GET', '/v1/dashboardHome?live_mode=true', undefined, auth)
    expect(live.body.data).toMatchObject({ live_mode: true, merchant_id: liveId, test_users: null, profile: { live_merchant_id: liveId } })
    const liveKeys = await t.json('GET', `/v1/d-panel/${liveId}/apiKey`, undefined, auth)
    expect(live.body.data.keys).toEqual({ keys: liveKeys.body.data.keys })
  })

  it("never answers another account's data: the token decides, an assumed merchant of someone else is refused", async () => {
    const a = await signUpComplete(t)
    const b = await signUpComplete(t)
    const asB = await t.json('GET', '/v1/dashboardHome', undefined, bearer(b.token))
    expect(asB.body.data.merchant_id).toBe(b.merchantId)
    expect(asB.body.data.profile.email_id).toBe(b.email)
    expect(JSON.stringify(asB.body)).not.toContain(a.merchantId)
    const aKeys = await t.json('GET', `/v1/d-panel/${a.merchantId}/apiKey`, undefined, bearer(a.token))
    expect(JSON.stringify(asB.body)).not.toContain(aKeys.body.data.keys[0].api_key)

    const assumed = await t.json('GET', '/v1/dashboardHome', undefined, { ...bearer(b.token), 'X-ASSUME-MERCHANT': a.merchantId })
    expect(assumed.status).toBe(403)
    expect(assumed.body.resultInfo.code).toBe('ASSUMED_MERCHANT_REFUSED')
    expect(JSON.stringify(assumed.body)).not.toContain(a.email)
    const own = await t.json('GET', '/v1/dashboardHome', undefined, { ...bearer(b.token), 'X-ASSUME-MERCHANT': b.merchantId })
    expect(own.body.data.merchant_id).toBe(b.merchantId)

    expect((await t.json('GET', '/v1/dashboardHome')).status).toBe(401)
    expect((await t.json('GET', '/v1/dashboardHome', undefined, bearer('not-a-token'))).status).toBe(401)
  })

  it('before the merchant exists: the profile alone, no cards', async () => {
    const s = await signUp(t)
    const home = await t.json('GET', '/v1/dashboardHome', undefined, bearer(s.token))
    expect(home.body.data).toMatchObject({ merchant_id: null, keys: null, test_users: null, profile: { email_id: s.email, merchant_id: null } })
  })
})
