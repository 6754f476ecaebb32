import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildWeb } from '../../scripts/build-web.ts'
import { loadConfig, mailOrigin } from '../../src/server/config.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy, opaClient, type OpaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { formAction, testUserChoices, textOf, walletBrowser } from '../support/wallet-browser.ts'
import { signUpComplete } from './accounts-helpers.ts'

// Finding 3: the server listened on 0.0.0.0 and the mailbox (every OTP and reset link) answered anyone.
// Finding 6: the reset link followed the Host header. Finding 9: no security headers on HTML; a higher
// reauthorization could be approved by anyone holding its URL; client aborts were logged as errors.

const peer = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } })

describe('listening defaults', () => {
  it('listens on 127.0.0.1 unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1')
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0')
  })
  it('mail links use PUBLIC_ORIGIN, else the listening origin', () => {
    expect(mailOrigin(loadConfig({ PORT: '4410' }))).toBe('http://127.0.0.1:4410')
    expect(mailOrigin(loadConfig({ PORT: '4410', HOST: '0.0.0.0' }))).toBe('http://localhost:4410')
    expect(mailOrigin(loadConfig({ PUBLIC_ORIGIN: 'https://sandbox.example.com/ignored/path' }))).toBe('https://sandbox.example.com')
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'javascript:alert(1)' })).toThrow()
  })
})

describe.each(storeKinds())('what the network can reach [%s]', (kind) => {
  let t: TestApp & { lines: string[] }
  let shared: TestApp
  let opa: OpaClient
  let seq = 0

  beforeAll(async () => {
    // the portal's pages as the server renders them (built by `npm test` before this suite; a no-op when current)
    await buildWeb()
    t = await createTestApp(kind, { port: 4410 })
    shared = await createTestApp(kind, { mailboxToken: 'let-me-in-0123456789', publicOrigin: 'https://sandbox.example.com' })
    opa = opaClient({ request: (path, init) => t.app.request(path, init) })
    await opa.get('/sandbox/api/clock')
  })
  afterAll(async () => {
    await t.close()
    await shared.close()
  })

  it('the mailbox answers loopback clients only, unless MAILBOX_TOKEN is set and presented', async () => {
    for (const path of ['/sandbox/mailbox.json', '/sandbox/mailbox', '/sandbox/mailbox?format=json']) {
      expect((await t.app.request(path, {}, peer('203.0.113.7'))).status).toBe(404)
      expect((await t.app.request(path, {}, peer('10.0.0.2'))).status).toBe(404)
      for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect((await t.app.request(path, {}, peer(local))).status).toBe(200)
      // a token means nothing when none is configured
      expect((await t.app.request(path, { headers: { authorization: 'Bearer x' } }, peer('203.0.113.7'))).status).toBe(404)
      expect((await shared.app.request(path, {}, peer('203.0.113.7'))).status).toBe(404)
      expect((await shared.app.request(path, { headers: { authorization: 'Bearer wrong' } }, peer('203.0.113.7'))).status).toBe(404)
      expect((await shared.app.request(path, { headers: { authorization: 'Bearer let-me-in-0123456789' } }, peer('203.0.113.7'))).status).toBe(200)
    }
    expect((await shared.app.request('/sandbox/mailbox.json?token=let-me-in-0123456789', {}, peer('203.0.113.7'))).status).toBe(200)
    const refused = await (await t.app.request('/sandbox/mailbox.json', {}, peer('203.0.113.7'))).json()
    expect(refused.resultInfo.code).toBe('RESOURCE_NOT_FOUND')
  })

  it('a forged Host header does not choose where the reset link points', async () => {
    for (const [app, origin] of [
      [t, 'http://localhost:4410'],
      [shared, 'https://sandbox.example.com'],
    ] as const) {
      const s = await signUpComplete(app)
      // a name the server does not own never reaches the route (issue 33: 421, nothing sent) …
      const refused = await app.app.request('http://evil.example/v1/dpSignIn/passwordReset', {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'evil.example', 'x-forwarded-host': 'evil.example' },
        body: JSON.stringify({ email: s.email }),
      })
      expect(refused.status).toBe(421)
      // … and one it owns, another than the configured origin's, does not choose the link either
      const res = await app.app.request('http://localhost:8888/v1/dpSignIn/passwordReset', {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'localhost:8888', 'x-forwarded-host': 'evil.example' },
        body: JSON.stringify({ email: s.email }),
      })
      expect(res.status).toBe(200)
      const mail = (
        await app.json('GET', `/sandbox/mailbox.json?to=${encodeURIComponent(s.email)}`, undefined, { authorization: 'Bearer let-me-in-0123456789' })
      ).body.data.mails[0]
      expect(mail.link.startsWith(`${origin}/`)).toBe(true)
      expect(mail.text + mail.html).not.toContain('evil.example')
      expect(mail.text + mail.html).not.toContain('8888')
    }
  })

  it('every HTML answer carries the CSP (a fresh nonce, no inline script otherwise), nosniff, frame and referrer rules', async () => {
    const nonces = new Set<string>()
    for (const path of ['/', '/not-found', '/sandbox/mailbox', '/sandbox/cashier/no-such-code', '/sandbox/merchants/100000000000000001/test-users']) {
      const res = await t.app.request(path, { headers: { accept: 'text/html' } })
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/)
      const csp = res.headers.get('content-security-policy') ?? ''
      const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? ''
      const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1]
      expect(nonce, path).toBeTruthy()
      nonces.add(nonce!)
      expect(scriptSrc).not.toContain('unsafe-inline')
      expect(csp).toContain("object-src 'none'")
      expect(csp).toContain("base-uri 'self'")
      expect(csp).toContain("frame-ancestors 'self'")
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
      expect(res.headers.get('referrer-policy')).toBeTruthy()
      const body = await res.text()
      // every inline script the server wrote carries this answer's nonce
      for (const tag of body.match(/<script\b[^>]*>/g) ?? []) if (!/\bsrc=/.test(tag)) expect(tag).toContain(`nonce="${nonce}"`)
    }
    expect(nonces.size).toBe(5)
    const json = await t.app.request('/healthz')
    expect(json.headers.get('content-security-policy')).toBeNull()
    const framedByPortal = await shared.app.request('/sandbox/mailbox')
    expect(framedByPortal.headers.get('content-security-policy')).toContain("frame-ancestors 'self' https://sandbox.example.com")
  })

  it('a higher reauthorization is approved only by the payer, signed in', async () => {
    const merchantPaymentId = `SEC-REAUTH-${kind}-${++seq}`
    const created = await opa.post('/v2/codes', { merchantPaymentId, amount: jpy(1000), codeType: 'ORDER_QR', isAuthorization: true })
    const cashier = new URL(created.body.data.url).pathname
    // `t` listens on port 4410: its wallet's forms are its own at http://localhost:4410 (http/known-hosts.ts)
    const payer = walletBrowser((u, init) => t.app.request(u, init), 'http://localhost:4410')
    const page = await payer.get(cashier)
    const users = testUserChoices(page.html)
    await payer.post(formAction(page.html, '/sign-in'), { testUserId: users.get('taro')! })
    await payer.post(formAction((await payer.get(cashier)).html, '/pay'))
    const paymentId = (await opa.get(`/v2/codes/payments/${merchantPaymentId}`)).body.data.paymentId
    const asked = await opa.post('/v2/payments/reauthorize', { requestId: `rq-${kind}-${seq}`, paymentId, updatedAmount: jpy(1500), requestedAt: epochNow() })
    expect(asked.status).toBe(201)
    const approval = new URL(asked.body.data.url).pathname

    const stranger = walletBrowser((u, init) => t.app.request(u, init), 'http://localhost:4410')
    const shown = await stranger.get(approval)
    expect(shown.html).not.toMatch(/action="[^"]*\/approve"/)
    // only the payer is offered, and picking anyone else is refused
    expect([...testUserChoices(shown.html).keys()]).toEqual(['taro'])
    expect((await stranger.post(`${approval}/sign-in`, { testUserId: users.get('hanako')! })).status).toBe(400)
    const forced = await stranger.post(`${approval}/approve`)
    expect(forced.status).toBe(403)
    expect((await opa.get(`/v2/codes/payments/${merchantPaymentId}`)).body.data.amount).toEqual(jpy(1000))

    await stranger.post(formAction(shown.html, '/sign-in'), { testUserId: users.get('taro')! })
    const approved = await stranger.post(formAction((await stranger.get(approval)).html, '/approve'))
    expect(approved.status).toBe(303)
    expect(textOf((await stranger.get(approval)).html)).toContain('金額の変更を承認しました')
    expect((await opa.get(`/v2/codes/payments/${merchantPaymentId}`)).body.data.amount).toEqual(jpy(1500))
  })

  it('a client that goes away mid-request is logged as an abort, not as an error', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise<void>((resolve) => server.once('listening', () => resolve()))
    const { port } = server.address() as AddressInfo
    try {
      const socket = connect(port, '127.0.0.1')
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
      // half a JSON body; once the server is handling the request, the client is gone
      const handling = new Promise<void>((resolve) => server.once('request', () => resolve()))
      socket.write('POST /v1/dpSignIn/passwordReset HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":')
      await handling
      socket.destroy()
      await vi.waitFor(() => expect(t.lines.some((l) => /"msg":"(request aborted|unhandled error)"/.test(l))).toBe(true))
      const lines = t.lines.map((l) => JSON.parse(l) as { level: string; msg: string })
      expect(lines.find((l) => l.msg === 'request aborted')!.level).toBe('info')
      expect(lines.some((l) => l.level === 'error')).toBe(false)
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})
