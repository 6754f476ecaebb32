import { createLocalJWKSet, decodeProtectedHeader, importJWK, jwtVerify, type JSONWebKeySet } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { miniAppAudience, miniAppIssuer } from '../../src/server/modules/miniapp/jws.ts'
import { demoMerchant } from '../../src/server/modules/sandbox/engine/seed.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { storeKinds } from '../support/store.ts'
import { developer } from './devtools-helpers.ts'

/**
 * Issue 33: a mini app's JWS is bound to its context — the merchant and the app as claims and audience, signed with
 * the merchant's own key, published in the merchant's key set (`GET /v2/miniapp/jwks?merchantId=`). What a merchant's
 * server does with it (docs: mini-app server integration, "JWT validation") accepts its own payments only.
 */
const app = (name: string) => ({
  files: Object.fromEntries(
    Object.entries({
      'app.json': JSON.stringify({ appName: name, version: '1.0.0', baseLibraryVersion: '2.40.0', pages: ['pages/home'], whiteListDomains: [] }),
      'pages/home/home.html': '<!doctype html><html><head><title>Home</title></head><body><h1>Hi</h1></body></html>',
    }).map(([path, text]) => [path, Buffer.from(text).toString('base64')]),
  ),
})

describe.each(storeKinds())('mini-app JWS bound to its merchant and app [%s]', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(() => t.close())

  const upload = async (name: string) => (await t.json('POST', '/dev/v1/miniapp/apps', app(name))).body.data.appId as string
  const keySet = async (merchantId: string) => {
    const res = await t.app.request(`/v2/miniapp/jwks?merchantId=${merchantId}`)
    expect(res.status).toBe(200)
    return (await res.json()) as JSONWebKeySet
  }
  /** The recipe of the docs: the merchant's key set, issuer and audience, then the order's merchant, app and amount. */
  const verifyAsMerchant = async (jws: string, merchantId: string, appId: string) =>
    jwtVerify(jws, createLocalJWKSet(await keySet(merchantId)), { issuer: miniAppIssuer, audience: miniAppAudience(merchantId, appId), algorithms: ['ES256'] })

  it("one merchant's JWS verifies for that merchant and app only", async () => {
    const appA = await upload('A')
    const appB = await upload('B')
    const users = (await t.json('GET', '/dev/v1/miniapp/users')).body.data.users as { id: string; username: string }[]
    const demoPay = await t.json('POST', '/dev/v1/miniapp/pay', {
      appId: appA,
      userId: users.find((u) => u.username === 'taro')!.id,
      request: { merchantPaymentId: `JWS-DEMO-${kind}`, amount: { amount: 120, currency: 'JPY' } },
      outcome: 'success',
    })
    expect(demoPay.status, JSON.stringify(demoPay.body)).toBe(200)
    const demoJws: string = demoPay.body.data.jws

    const d = await developer(t)
    const devUsers = (await t.json('GET', '/dev/v1/miniapp/users', undefined, d.auth)).body.data.users as { id: string; username: string }[]
    const devPay = await t.json(
      'POST',
      '/dev/v1/miniapp/pay',
      {
        appId: appA,
        userId: devUsers.find((u) => u.username === 'hanako')!.id,
        request: { merchantPaymentId: `JWS-DEV-${kind}`, amount: { amount: 80, currency: 'JPY' } },
        outcome: 'success',
      },
      d.auth,
    )
    expect(devPay.status, JSON.stringify(devPay.body)).toBe(200)
    const devJws: string = devPay.body.data.jws

    // each merchant signs with a key of its own, named in its key set
    const demoKid = decodeProtectedHeader(demoJws).kid!
    const devKid = decodeProtectedHeader(devJws).kid!
    expect(demoKid).not.toBe(devKid)
    expect((await keySet(demoMerchant.id)).keys.map((k) => k.kid)).toContain(demoKid)
    expect((await keySet(d.merchantId)).keys.map((k) => k.kid)).toEqual([devKid])

    // the published set verifies a real one, and its claims name the merchant, the app and the order
    const { payload } = await verifyAsMerchant(demoJws, demoMerchant.id, appA)
    expect(payload).toMatchObject({
      iss: 'paylab-sandbox',
      aud: `paylab-miniapp:${demoMerchant.id}:${appA}`,
      merchantId: demoMerchant.id,
      appId: appA,
      merchantPaymentId: `JWS-DEMO-${kind}`,
      amount: { amount: 120, currency: 'JPY' },
      status: 'COMPLETED',
    })
    expect(typeof payload.jti).toBe('string')
    expect((await verifyAsMerchant(devJws, d.merchantId, appA)).payload).toMatchObject({ merchantId: d.merchantId, appId: appA, amount: { amount: 80 } })

    // another app of the same merchant: the audience differs
    await expect(verifyAsMerchant(demoJws, demoMerchant.id, appB)).rejects.toMatchObject({ code: 'ERR_JWT_CLAIM_VALIDATION_FAILED', claim: 'aud' })
    // another merchant: its key set has no key for the token (and the audience would differ as well)
    await expect(verifyAsMerchant(demoJws, d.merchantId, appA)).rejects.toMatchObject({ code: 'ERR_JWKS_NO_MATCHING_KEY' })
    await expect(verifyAsMerchant(devJws, demoMerchant.id, appA)).rejects.toMatchObject({ code: 'ERR_JWKS_NO_MATCHING_KEY' })
    // even with the right key in hand, the other merchant's audience is refused
    const devKey = await importJWK((await keySet(d.merchantId)).keys[0]!, 'ES256')
    await expect(jwtVerify(devJws, devKey, { issuer: miniAppIssuer, audience: miniAppAudience(demoMerchant.id, appA) })).rejects.toMatchObject({
      claim: 'aud',
    })

    // by kid, as before
    const byKid = await t.json('GET', `/v2/miniapp/publicKey?kid=${encodeURIComponent(devKid)}`)
    expect(byKid.body.data).toMatchObject({ kid: devKid, alg: 'ES256', jwk: { kid: devKid, kty: 'EC', crv: 'P-256' } })
  })

  it('a key set for no merchant is empty, and a malformed merchant id is refused', async () => {
    expect(await keySet('199999999999999999')).toEqual({ keys: [] })
    const bad = await t.json('GET', '/v2/miniapp/jwks?merchantId=%25')
    expect(bad.status).toBe(400)
    expect(bad.body.resultInfo.code).toBe('INVALID_PARAMS')
  })
})
