import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limits } from '../../src/domain/limits.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { storeKinds } from '../support/store.ts'
import { bearer, signUp, signUpComplete } from './accounts-helpers.ts'

describe.each(storeKinds())('accounts: dashboard calls [%s]', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(() => t.close())

  it('getUserProfile before the merchant exists shows the placeholders', async () => {
    const s = await signUp(t)
    const res = await t.json('GET', '/v1/homeDboard/getUserProfile', undefined, bearer(s.token))
    expect(res.body.data).toMatchObject({
      email_id: s.email,
      merchant_id: null,
      merchant_name: 'Merchant Name',
      client_api_key: null,
      client_api_secret: null,
      logo_url: null,
      products: [],
      status: 'PENDING_UPLOAD_LOGO',
    })
    expect(res.body.data.user_id).toMatch(/^u_/)
  })

  it('getMerchantUsers lists the owner of the merchant', async () => {
    const s = await signUpComplete(t)
    const res = await t.json('GET', '/v1/homeDboard/getMerchantUsers', undefined, bearer(s.token))
    expect(res.status).toBe(200)
    expect(res.body.data.merchant_id).toBe(s.merchantId)
    expect(res.body.data.users).toEqual([{ user_id: expect.stringMatching(/^u_/), email_id: s.email, role: 'OWNER', registration_date: expect.any(String) }])
    expect((await t.json('GET', '/v1/homeDboard/getMerchantUsers')).status).toBe(401)
  })

  it('d-panel register answers resultInfo.status "S"', async () => {
    const s = await signUpComplete(t)
    const res = await t.json('GET', '/v1/d-panel/user/register', undefined, bearer(s.token))
    expect(res.status).toBe(200)
    expect(res.body.resultInfo).toMatchObject({ code: 'SUCCESS', status: 'S' })
    expect(res.body.data).toMatchObject({ merchant_id: s.merchantId, status: 'COMPLETED' })
    expect((await t.json('GET', '/v1/d-panel/user/register')).status).toBe(401)
  })

  it('generates a new key pair for the merchant, lists keys without their secrets', async () => {
    const s = await signUpComplete(t)
    const auth = bearer(s.token)
    const before = await t.json('GET', `/v1/d-panel/${s.merchantId}/apiKey`, undefined, auth)
    expect(before.body.data.keys).toHaveLength(1)
    const created = await t.json('POST', `/v1/d-panel/${s.merchantId}/apiKey`, undefined, auth)
    expect(created.status).toBe(200)
    expect(created.body.data).toMatchObject({ merchant_id: s.merchantId, api_key: expect.stringMatching(/^a_/) })
    expect(Buffer.from(created.body.data.api_secret, 'base64')).toHaveLength(32)
    const after = await t.json('GET', `/v1/d-panel/${s.merchantId}/apiKey`, undefined, auth)
    expect(after.body.data.keys.map((k: { api_key: string }) => k.api_key)).toContain(created.body.data.api_key)
    expect(JSON.stringify(after.body)).not.toContain(created.body.data.api_secret)
    expect(after.body.data.keys[1].api_secret_hint).toBe(`••••${created.body.data.api_secret.slice(-4)}`)
    // the profile keeps showing the sign-up pair
    const profile = await t.json('GET', '/v1/homeDboard/getUserProfile', undefined, auth)
    expect(profile.body.data.client_api_key).toBe(before.body.data.keys[0].api_key)
  })

  it("never shows or changes another developer's merchant", async () => {
    const a = await signUpComplete(t)
    const b = await signUpComplete(t)
    const list = await t.json('GET', `/v1/d-panel/${a.merchantId}/apiKey`, undefined, bearer(b.token))
    expect(list.status).toBe(404)
    expect(list.body.resultInfo.code).toBe('RESOURCE_NOT_FOUND')
    expect((await t.json('POST', `/v1/d-panel/${a.merchantId}/apiKey`, undefined, bearer(b.token))).status).toBe(404)
    expect((await t.json('GET', '/v1/d-panel/not-a-number/apiKey', undefined, bearer(b.token))).status).toBe(404)
    expect((await t.json('POST', `/v1/d-panel/${a.merchantId}/apiKey`)).status).toBe(401)
  })

  it(`caps a merchant at ${limits.accounts.maxActiveApiKeys} active keys`, async () => {
    const s = await signUpComplete(t)
    for (let i = 1; i < limits.accounts.maxActiveApiKeys; i++) {
      expect((await t.json('POST', `/v1/d-panel/${s.merchantId}/apiKey`, undefined, bearer(s.token))).status).toBe(200)
    }
    const over = await t.json('POST', `/v1/d-panel/${s.merchantId}/apiKey`, undefined, bearer(s.token))
    expect(over.status).toBe(409)
    expect(over.body.resultInfo.code).toBe('API_KEY_LIMIT')
  })
})
