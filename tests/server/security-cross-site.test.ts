import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limits } from '../../src/domain/limits.ts'
import { isPortalApiPath } from '../../src/server/http/portal-writes.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy, opaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { bearer, deviceHeader, goodPassword, latestMail, mailCount, newDevice, signUpComplete, uniqueEmail } from './accounts-helpers.ts'

// Issue 20, cross-site posts: sign-up, sign-in and password reset took text/plain bodies from any origin, so any
// web page could make its visitors' browsers mail one-time passwords and reset links to any address and use up an
// address's password tries. Every state-changing portal call now takes only its own content type, from the
// portal's own origin (http/portal-writes.ts).

const evil = 'https://evil.example'
const crossSite = { origin: evil, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' }
const writeMethods = ['POST', 'PUT', 'PATCH', 'DELETE']

describe.each(storeKinds())('cross-site posts to the portal API [%s]', (kind) => {
  let t: TestApp
  /** A raw request as a browser (or any client) sends it: a text body with the given headers. */
  const send = async (method: string, path: string, body: string | undefined, headers: Record<string, string>) => {
    const res = await t.app.request(path, { method, headers, body })
    const text = await res.text()
    let parsed: any = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed }
  }
  /** A form-like text/plain post of a JSON text, the way `<form enctype="text/plain">` or `fetch(no-cors)` sends it. */
  const plain = (path: string, value: unknown, headers: Record<string, string> = {}) =>
    send('POST', path, JSON.stringify(value), { 'content-type': 'text/plain;charset=UTF-8', ...headers })

  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(() => t.close())

  it('refuses every state-changing portal call from another site, in the error shape, whatever its body', async () => {
    const calls = t.app.routes
      .filter((r) => writeMethods.includes(r.method) && isPortalApiPath(r.path.replace(/:\w+/g, 'x')))
      .map((r) => ({ method: r.method, path: r.path.replace(/:\w+/g, 'x') }))
    const paths = calls.map((c) => `${c.method} ${c.path}`)
    for (const named of [
      'POST /v1/dpSignup/createAccount',
      'POST /v1/dpSignIn/authenticate',
      'POST /v1/dpSignIn/passwordReset',
      'PUT /dev/user/v1merchantBalance',
      'POST /dev/v1/sandbox/requests/x/replay',
      'DELETE /v1/d-panel/x/apiKey/x',
      'PATCH /dev/v1/configSettings/updateSettings',
      'POST /v1/demos/payWithDirectDebit',
    ]) {
      expect(paths).toContain(named)
    }
    // the resend-OTP calls change state too (a mail) although the spec made them GETs
    calls.push({ method: 'GET', path: '/v1/dpSignup/resendOtp/x' }, { method: 'GET', path: '/v1/dpSignIn/resendOtp/x' })
    const browsers: Array<Record<string, string>> = [
      crossSite,
      { origin: evil, 'sec-fetch-site': 'same-site' },
      // a browser without Sec-Fetch-* (plain http): its Origin decides
      { origin: evil },
      { origin: 'null' },
      // Sec-Fetch-Site is the browser's word and wins over an Origin that looks like ours
      { origin: 'http://localhost', 'sec-fetch-site': 'cross-site' },
    ]
    for (const { method, path } of calls) {
      for (const headers of browsers) {
        for (const [type, body] of [
          ['text/plain', '{"email":"a@b.co"}'],
          ['application/json', '{}'],
          ['application/x-www-form-urlencoded', 'a=b'],
          [undefined, undefined],
        ] as const) {
          const res = await send(method, path, method === 'GET' ? undefined : body, {
            ...headers,
            ...(type && method !== 'GET' ? { 'content-type': type } : {}),
          })
          expect([method, path, headers, type, res.status, res.body.resultInfo?.code]).toEqual([method, path, headers, type, 403, 'CROSS_SITE_REQUEST'])
          expect(res.body).toHaveProperty('data', null)
          expect(res.body.resultInfo.codeId).toBe('08100403')
        }
      }
    }
  })

  it('a cross-site sign-up, sign-in or password reset sends no mail and uses up no password try', async () => {
    const victim = await signUpComplete(t)
    const fresh = uniqueEmail('xsite')
    const before = await mailCount(t, victim.email)

    const signUp = await plain('/v1/dpSignup/createAccount', { email: fresh, password: goodPassword }, crossSite)
    expect([signUp.status, signUp.body.resultInfo.code]).toEqual([403, 'CROSS_SITE_REQUEST'])
    const reset = await plain('/v1/dpSignIn/passwordReset', { email: victim.email }, { ...crossSite, 'accept-language': 'en' })
    expect([reset.status, reset.body.resultInfo.code]).toEqual([403, 'CROSS_SITE_REQUEST'])
    // the refusal speaks the caller's language
    expect(reset.body.resultInfo.message).toMatch(/^This portal call is accepted only from the portal's own pages/)
    const resetJa = await plain('/v1/dpSignIn/passwordReset', { email: victim.email }, { ...crossSite, 'accept-language': 'ja' })
    expect(resetJa.body.resultInfo.message).toMatch(/^このポータルの呼び出しは、ポータル自身のページ/)
    // from a new device a right password would mail a sign-in OTP; a wrong one would count a try
    const signInOtp = await plain('/v1/dpSignIn/authenticate', { email: victim.email, password: goodPassword }, { ...crossSite, ...deviceHeader(newDevice()) })
    expect([signInOtp.status, signInOtp.body.resultInfo.code]).toEqual([403, 'CROSS_SITE_REQUEST'])
    for (let i = 0; i < limits.accounts.loginMaxFailures + 2; i++) {
      const wrong = await plain('/v1/dpSignIn/authenticate', { email: victim.email, password: 'Wrong-pass1' }, crossSite)
      expect([wrong.status, wrong.body.resultInfo.code]).toEqual([403, 'CROSS_SITE_REQUEST'])
    }

    expect(await mailCount(t, fresh)).toBe(0)
    expect(await mailCount(t, victim.email)).toBe(before)
    // the address is not locked: the owner signs in from the known device at once
    const owner = await t.json('POST', '/v1/dpSignIn/authenticate', { email: victim.email, password: goodPassword }, deviceHeader(victim.device))
    expect([owner.status, owner.body.resultInfo.code]).toEqual([200, 'SUCCESS'])
  })

  it('takes only JSON: a text/plain or form body is 415 with no side effect, even from a non-browser client', async () => {
    const email = uniqueEmail('plain')
    for (const [type, body] of [
      ['text/plain', JSON.stringify({ email, password: goodPassword })],
      ['application/x-www-form-urlencoded', `email=${encodeURIComponent(email)}&password=${goodPassword}`],
      ['multipart/form-data; boundary=zz', `--zz\r\nContent-Disposition: form-data; name="email"\r\n\r\n${email}\r\n--zz--\r\n`],
    ] as const) {
      for (const path of ['/v1/dpSignup/createAccount', '/v1/dpSignIn/passwordReset']) {
        const res = await send('POST', path, body, { 'content-type': type })
        expect([path, type, res.status, res.body.resultInfo.code]).toEqual([path, type, 415, 'UNSUPPORTED_MEDIA_TYPE'])
      }
    }
    expect(await mailCount(t, email)).toBe(0)
    // JSON with any parameters passes, from a non-browser client (no Origin, no Sec-Fetch-Site) …
    const created = await send('POST', '/v1/dpSignup/createAccount', JSON.stringify({ email, password: goodPassword }), {
      'content-type': 'Application/JSON; charset=utf-8',
    })
    expect([created.status, created.body.resultInfo.code]).toEqual([200, 'SUCCESS'])
    expect((await latestMail(t, email))?.otp).toMatch(/^\d{4}$/)
  })

  it("passes the portal's own pages: Sec-Fetch-Site same-origin, or an Origin that is the portal's", async () => {
    const d = await signUpComplete(t)
    const ownBrowsers: Array<Record<string, string>> = [
      { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-origin' },
      { origin: 'http://localhost' },
    ]
    for (const headers of ownBrowsers) {
      const before = await mailCount(t, d.email)
      const reset = await send('POST', '/v1/dpSignIn/passwordReset', JSON.stringify({ email: d.email }), { 'content-type': 'application/json', ...headers })
      expect([headers, reset.status]).toEqual([headers, 200])
      // a call without a body (no Content-Type) passes too
      const activated = await send('POST', '/v1/dpSignup/salesforceActivate', undefined, { ...bearer(d.token), ...headers })
      expect([headers, activated.status, activated.body.resultInfo.code]).toEqual([headers, 200, 'SUCCESS'])
      // a DELETE as the Node adapter hands it over: an empty body stream, no Content-Type and no Content-Length
      const revoke = await t.app.request(`/v1/d-panel/${d.merchantId}/apiKey/unknown-key`, {
        method: 'DELETE',
        headers: { ...bearer(d.token), ...headers },
        body: new ReadableStream({ start: (controller) => controller.close() }),
        duplex: 'half',
      } as RequestInit)
      expect([headers, revoke.status, ((await revoke.json()) as any).resultInfo.code]).toEqual([headers, 404, 'API_KEY_NOT_FOUND'])
      // the reset mail waits for its cooldown after the first one; the first one was sent
      if (headers === ownBrowsers[0]) expect(await mailCount(t, d.email)).toBe(before + 1)
    }
  })

  it('behind PUBLIC_ORIGIN an Origin of the public address passes; another does not', async () => {
    const proxied = await createTestApp(kind, { publicOrigin: 'https://paylab.example' })
    try {
      const email = uniqueEmail('public')
      const at = (origin: string) =>
        proxied.app.request('/v1/dpSignup/createAccount', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify({ email, password: goodPassword }),
        })
      expect((await at('https://paylab.example')).status).toBe(200)
      const refused = await at('https://paylab.example.evil.example')
      expect(refused.status).toBe(403)
      expect(((await refused.json()) as any).resultInfo.code).toBe('CROSS_SITE_REQUEST')
    } finally {
      await proxied.close()
    }
  })

  it('leaves the sandbox OPA API alone: a signed call passes whatever the browser headers', async () => {
    const d = await signUpComplete(t)
    const profile = (await t.json('GET', '/v1/homeDboard/getUserProfile', undefined, bearer(d.token))).body.data
    const opa = opaClient({
      request: (p, i) => t.app.request(p, i),
      apiKey: profile.client_api_key,
      apiSecret: profile.client_api_secret,
      merchantId: d.merchantId,
    })
    const created = await opa.post(
      '/v2/codes',
      { merchantPaymentId: `XS-${kind}`, amount: jpy(100), codeType: 'ORDER_QR', requestedAt: epochNow() },
      { headers: crossSite },
    )
    expect(created.status).toBe(201)
    const v1 = await opa.post(
      '/v1/codes',
      { merchantPaymentId: `XS1-${kind}`, amount: jpy(100), codeType: 'ORDER_QR', requestedAt: epochNow() },
      { headers: crossSite },
    )
    expect(v1.status).toBe(201)
  })
})
