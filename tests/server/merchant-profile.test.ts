import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app.ts'
import { storeKinds } from '../support/store.ts'
import { bearer, gif, multipart, png, signUp, signUpComplete } from './accounts-helpers.ts'

/** Issue 20: the merchant's name and logo can be changed after sign-up, with sign-up's rules (Settings). */
describe.each(storeKinds())('merchant name and logo after sign-up [%s]', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(() => t.close())

  const profileOf = async (token: string) => (await t.json('GET', '/v1/homeDboard/getUserProfile', undefined, bearer(token))).body.data

  it('renames the merchant and sets, then removes, an uploaded logo; the profile shows each change', async () => {
    const { token } = await signUpComplete(t)
    expect(await profileOf(token)).toMatchObject({ merchant_name: 'Cake Shop', logo_url: null })

    const renamed = await t.json('PUT', '/dev/v1/merchantProfile', { merchantName: '  パン屋  ' }, bearer(token))
    expect(renamed.status).toBe(200)
    expect(renamed.body.data).toEqual({ merchant_name: 'パン屋', logo_url: null })
    expect(await profileOf(token)).toMatchObject({ merchant_name: 'パン屋', logo_url: null })

    const upload = await multipart(t, '/v1/dpSignup/uploadLogo', token, { bytes: png(120, 120), name: 'logo.png', type: 'image/png' })
    expect(upload.status).toBe(200)
    const withLogo = await t.json('PUT', '/dev/v1/merchantProfile', { logoDMSId: upload.body.data.logoDMSId }, bearer(token))
    expect(withLogo.body.data).toEqual({ merchant_name: 'パン屋', logo_url: upload.body.data.logoUrl })
    expect(await profileOf(token)).toMatchObject({ merchant_name: 'パン屋', logo_url: upload.body.data.logoUrl, status: 'COMPLETED' })

    const noLogo = await t.json('PUT', '/dev/v1/merchantProfile', { logoDMSId: 'default', merchantName: '' }, bearer(token))
    expect(noLogo.body.data).toEqual({ merchant_name: 'Merchant Name', logo_url: null })
  })

  it("refuses another developer's logo, a made-up logo id and a name over 100 characters, changing nothing", async () => {
    const a = await signUpComplete(t)
    const b = await signUpComplete(t)
    const upload = await multipart(t, '/v1/dpSignup/uploadLogo', b.token, { bytes: png(64, 64), name: 'b.png', type: 'image/png' })
    for (const logoDMSId of [upload.body.data.logoDMSId, 'logo_AAAAAAAAAAAAAAAA', 'not-a-logo']) {
      const res = await t.json('PUT', '/dev/v1/merchantProfile', { logoDMSId, merchantName: 'Stolen' }, bearer(a.token))
      expect(res.status).toBe(400)
      expect(res.body.resultInfo.code).toBe('INVALID_PARAMS')
      expect(res.body.data.issues).toEqual([{ path: 'logoDMSId', message: 'unknown logo' }])
    }
    const long = await t.json('PUT', '/dev/v1/merchantProfile', { merchantName: 'x'.repeat(101) }, bearer(a.token))
    expect(long.status).toBe(400)
    expect(long.body.resultInfo.code).toBe('INVALID_PARAMS')
    expect(await profileOf(a.token)).toMatchObject({ merchant_name: 'Cake Shop', logo_url: null })
  })

  it('takes the logo through the sign-up upload, with its own refusals (type, square)', async () => {
    const { token } = await signUpComplete(t)
    const wrongType = await multipart(t, '/v1/dpSignup/uploadLogo', token, { bytes: gif(), name: 'a.gif', type: 'image/gif' })
    expect(wrongType.body.resultInfo.code).toBe('LOGO_TYPE')
    const notSquare = await multipart(t, '/v1/dpSignup/uploadLogo', token, { bytes: png(100, 50), name: 'a.png', type: 'image/png' })
    expect(notSquare.body.resultInfo.code).toBe('LOGO_DIMENSIONS')
    // an upload after sign-up leaves the finished account finished
    expect((await profileOf(token)).status).toBe('COMPLETED')
  })

  it('needs a signed-in developer with a merchant, and a JSON body from the portal', async () => {
    expect((await t.json('PUT', '/dev/v1/merchantProfile', { merchantName: 'x' })).status).toBe(401)
    const midway = await signUp(t)
    const early = await t.json('PUT', '/dev/v1/merchantProfile', { merchantName: 'x' }, bearer(midway.token))
    expect(early.status).toBe(409)
    expect(early.body.resultInfo.code).toBe('MERCHANT_REQUIRED')
    const { token } = await signUpComplete(t)
    const crossSite = await t.app.request('/dev/v1/merchantProfile', {
      method: 'PUT',
      headers: { ...bearer(token), 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ merchantName: 'Evil' }),
    })
    expect(crossSite.status).toBe(403)
    const plain = await t.app.request('/dev/v1/merchantProfile', {
      method: 'PUT',
      headers: { ...bearer(token), 'content-type': 'text/plain' },
      body: '{"merchantName":"Evil"}',
    })
    expect(plain.status).toBe(415)
    expect(await profileOf(token)).toMatchObject({ merchant_name: 'Cake Shop' })
  })
})
