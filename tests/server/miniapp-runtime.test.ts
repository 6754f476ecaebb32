import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { miniAppLimits } from '../../src/domain/miniapp-runtime.ts'
import { answerError, answerNotFound } from '../../src/server/http/errors.ts'
import { byPrefix } from '../../src/server/http/prefixes.ts'
import { miniAppModule } from '../../src/server/modules/miniapp/index.ts'
import type { ProxyDeps } from '../../src/server/modules/miniapp/proxy.ts'
import { demoMerchant } from '../../src/server/modules/sandbox/engine/seed.ts'
import { webhookDispatcher, type WebhookAnswer } from '../../src/server/modules/sandbox/webhooks/webhooks.ts'
import { sandboxRepo } from '../../src/server/store/sandbox-repo.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { storeKinds } from '../support/store.ts'
import { developer } from './devtools-helpers.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'

/** A tiny mini app: one page with its css and js, a whitelisted host. */
const fixtureFiles: Record<string, string> = {
  'app.json': JSON.stringify({
    appName: 'Fixture',
    version: '1.0.0',
    baseLibraryVersion: '2.40.0',
    pages: ['pages/home'],
    whiteListDomains: ['api.fixture.example'],
  }),
  'pages/home/home.html': '<!doctype html><html><head><title>Home</title></head><body><h1>Hello</h1></body></html>',
  'pages/home/home.css': 'h1 { color: red }',
  'pages/home/home.js': 'pp.init({})',
}
const b64 = (files: Record<string, string>) => ({
  files: Object.fromEntries(Object.entries(files).map(([p, text]) => [p, Buffer.from(text).toString('base64')])),
})

describe.each(storeKinds())('mini-app studio server [%s]', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(() => t.close())

  const upload = async (files = fixtureFiles) => {
    const res = await t.json('POST', '/dev/v1/miniapp/apps', b64(files))
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data as { appId: string; editToken: string; version: number }
  }
  const balanceOf = async (userId: string) => (await sandboxRepo(t.deps.store.db).findTestUser(userId))!.balance
  const taro = async () => {
    const users = await t.json('GET', '/dev/v1/miniapp/users')
    return users.body.data.users.find((u: { username: string }) => u.username === 'taro') as { id: string; balance: number; kyc: { status: string } }
  }

  it('stores an upload, answers its manifest and serves its page sandboxed with pp, css and js injected', async () => {
    const { appId, editToken } = await upload()
    expect(appId).toMatch(/^ma_/)
    expect(editToken.length).toBeGreaterThan(20)
    const got = await t.json('GET', `/dev/v1/miniapp/apps/${appId}`)
    expect(got.body.data).toMatchObject({ appId, manifest: { appName: 'Fixture', pages: ['pages/home'] }, report: { ok: true } })
    expect(got.body.data.files).toEqual(['app.json', 'pages/home/home.css', 'pages/home/home.html', 'pages/home/home.js'])

    const page = await t.app.request(`/miniapp-run/${appId}/pages/home/home.html`)
    expect(page.status).toBe(200)
    const csp = page.headers.get('content-security-policy')!
    expect(csp).toMatch(/^sandbox allow-scripts allow-forms;/)
    expect(csp).not.toContain('allow-same-origin')
    expect(csp).toContain("connect-src 'none'")
    const html = await page.text()
    // the pp client comes before anything else of the page, the page's css in the head, its js at the end
    expect(html.indexOf('<script src="/miniapp-run/_pp.js"></script>')).toBe(html.indexOf('<head>') + '<head>'.length)
    expect(html).toContain('<link rel="stylesheet" href="home.css"></head>')
    expect(html).toContain('<script src="home.js"></script></body>')

    const css = await t.app.request(`/miniapp-run/${appId}/pages/home/home.css`)
    expect(css.headers.get('content-type')).toMatch(/^text\/css/)
    expect(css.headers.get('content-security-policy')).toMatch(/^sandbox /)

    const pp = await t.app.request('/miniapp-run/_pp.js')
    expect(pp.headers.get('content-type')).toMatch(/^text\/javascript/)
    const script = await pp.text()
    expect(script).toContain('postMessage')
    expect(script).toContain('makePayment')
    expect(script).not.toMatch(/^\s*(import|export)\b/m)
  })

  it('refuses hostile paths and oversized apps, and serves nothing outside the app', async () => {
    for (const path of ['../x.html', '/etc/passwd', 'a//b', 'pages/./x', 'C:/x', 'a\\b', 'bad\u0001name']) {
      const res = await t.json('POST', '/dev/v1/miniapp/apps', { files: { 'app.json': 'e30=', [path]: 'e30=' } })
      expect(res.status, path).toBe(400)
      expect(res.body.resultInfo.code).toBe('INVALID_PARAMS')
    }
    const many = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`f${i}.txt`, 'eA==']))
    expect((await t.json('POST', '/dev/v1/miniapp/apps', { files: many })).status).toBe(400)
    const big = Buffer.alloc(5 * 1024 * 1024 + 1).toString('base64')
    const tooBig = await t.json('POST', '/dev/v1/miniapp/apps', { files: { 'app.json': big } })
    expect(tooBig.status).toBe(413)
    expect(tooBig.body.resultInfo.code).toBe('MINIAPP_TOO_LARGE')

    const { appId } = await upload()
    for (const path of ['..%2F..%2Fpackage.json', 'pages/home/..%2Fhome%2Fhome.html', 'missing.html'])
      expect((await t.app.request(`/miniapp-run/${appId}/${path}`)).status, path).toBe(404)
    const unknown = await t.json('GET', '/dev/v1/miniapp/apps/ma_nosuchappnosuchapp')
    expect(unknown.status).toBe(404)
    expect(unknown.body.resultInfo.code).toBe('MINIAPP_NOT_FOUND')
  })

  it('replaces files only with the edit token, and tells an open event stream', async () => {
    const { appId, editToken } = await upload()
    const changed = { ...fixtureFiles, 'pages/home/home.html': '<html><head></head><body>v2</body></html>' }
    const refused = await t.app.request(`/dev/v1/miniapp/apps/${appId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-miniapp-edit-token': 'wrong' },
      body: JSON.stringify(b64(changed)),
    })
    expect(refused.status).toBe(403)

    // the change stream is the edit token holder's too
    for (const query of ['', '?token=wrong']) {
      const refusedStream = await t.json('GET', `/dev/v1/miniapp/apps/${appId}/events${query}`)
      expect(refusedStream.status, query).toBe(403)
      expect(refusedStream.body.resultInfo.code).toBe('MINIAPP_EDIT_REFUSED')
    }
    expect((await t.json('GET', '/dev/v1/miniapp/apps/example/events')).body.resultInfo.code).toBe('MINIAPP_READ_ONLY')
    const controller = new AbortController()
    const events = await t.app.request(`/dev/v1/miniapp/apps/${appId}/events?token=${editToken}`, { signal: controller.signal })
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const reader = events.body!.getReader()
    let seen = ''
    const readUntil = async (needle: string) => {
      while (!seen.includes(needle)) {
        const { value, done } = await reader.read()
        if (done) break
        seen += new TextDecoder().decode(value)
      }
    }
    await readUntil('event: ready')
    const replaced = await t.app.request(`/dev/v1/miniapp/apps/${appId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-miniapp-edit-token': editToken },
      body: JSON.stringify(b64(changed)),
    })
    expect(replaced.status).toBe(200)
    await readUntil('event: changed')
    expect(seen).toContain('"version":2')
    // one client holds a bounded number of streams (this one is open): the next beyond is refused, 429
    const more = await Promise.all(
      Array.from({ length: miniAppLimits.eventStreamsPerClient - 1 }, () =>
        t.app.request(`/dev/v1/miniapp/apps/${appId}/events?token=${editToken}`, { signal: controller.signal }),
      ),
    )
    expect(more.map((r) => r.status)).toEqual(more.map(() => 200))
    const beyond = await t.json('GET', `/dev/v1/miniapp/apps/${appId}/events?token=${editToken}`)
    expect([beyond.status, beyond.body.resultInfo.code]).toEqual([429, 'RATE_LIMIT'])
    controller.abort()
    await reader.cancel().catch(() => undefined)
    await Promise.all(more.map((r) => r.body?.cancel().catch(() => undefined)))
    expect(await (await t.app.request(`/miniapp-run/${appId}/pages/home/home.html`)).text()).toContain('v2')
  })

  it('pays for real: the JWS verifies with the published key, the balance drops and the merchant has the payment', async () => {
    const { appId } = await upload()
    const user = await taro()
    const before = await balanceOf(user.id)
    const merchantPaymentId = `MINI-${Date.now()}`
    const paid = await t.json('POST', '/dev/v1/miniapp/pay', {
      appId,
      userId: user.id,
      request: { merchantPaymentId, amount: { amount: 500, currency: 'JPY' }, orderDescription: 'Strawberry shortcake' },
      outcome: 'success',
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    expect(paid.body.data).toMatchObject({ status: 'COMPLETED', merchantPaymentId, amount: 500, balance: before - 500 })
    expect(await balanceOf(user.id)).toBe(before - 500)

    const jws: string = paid.body.data.jws
    const { kid, alg } = decodeProtectedHeader(jws)
    expect(alg).toBe('ES256')
    const published = await t.json('GET', `/v2/miniapp/publicKey?kid=${encodeURIComponent(kid!)}`)
    expect(published.status).toBe(200)
    expect(published.body.data).toMatchObject({ kid, alg: 'ES256', jwk: { kty: 'EC', crv: 'P-256', kid } })
    const key = await importJWK(published.body.data.jwk, 'ES256')
    const { payload } = await jwtVerify(jws, key, { algorithms: ['ES256'] })
    expect(payload).toMatchObject({ merchantPaymentId, paymentId: paid.body.data.paymentId, status: 'COMPLETED', amount: { amount: 500, currency: 'JPY' } })

    const order = await sandboxCommands.payments.getPayment(t.deps.sandbox.forMerchant(demoMerchant.id), { merchantPaymentId })
    expect(order).toMatchObject({ status: 'COMPLETED', amount: 500, testUserId: user.id, paymentId: paid.body.data.paymentId })

    // a tampered JWS does not verify
    const [h, p, s] = jws.split('.')
    await expect(jwtVerify(`${h}.${p}x.${s}`, key)).rejects.toThrow()
    // the key is stable: the same kid again, and a fresh signer over the same store signs with it
    expect((await t.json('GET', '/v2/miniapp/publicKey')).body.data.kid).toBe(kid)
    expect((await miniAppModule(t.deps).signer.key()).kid).toBe(kid)
    const missing = await t.json('GET', '/v2/miniapp/publicKey?kid=nope')
    expect(missing.status).toBe(404)
    expect(missing.body.resultInfo.code).toBe('MINIAPP_KEY_NOT_FOUND')
  })

  it("pays the signed-in developer's own merchant: in their transactions, and their webhook fires", async () => {
    const d = await developer(t)
    await d.opa.put('/sandbox/api/webhooks', { url: 'https://hooks.shop.example/paylab' })
    const { appId } = await upload()
    const users = await t.json('GET', '/dev/v1/miniapp/users', undefined, d.auth)
    const hanako = users.body.data.users.find((u: { username: string }) => u.username === 'hanako')
    expect(users.body.data.users.map((u: { id: string }) => u.id)).not.toContain((await taro()).id)
    const merchantPaymentId = `DEV-${Date.now()}`
    const paid = await t.json(
      'POST',
      '/dev/v1/miniapp/pay',
      { appId, userId: hanako.id, request: { merchantPaymentId, amount: { amount: 500, currency: 'JPY' } }, outcome: 'success' },
      d.auth,
    )
    expect(paid.body.data).toMatchObject({ status: 'COMPLETED', balance: hanako.balance - 500 })
    const history = await t.json('GET', '/v1/getTransactions?page_no=0&record_per_page=10', undefined, d.auth)
    expect(JSON.stringify(history.body.data)).toContain(merchantPaymentId)
    const received: string[] = []
    const send = async (_url: string, _headers: Record<string, string>, body: string): Promise<WebhookAnswer> => {
      received.push(body)
      return { status: 200, body: 'OK', error: null }
    }
    await webhookDispatcher(t.deps, send).runDue()
    expect(received.map((b) => JSON.parse(b))).toContainEqual(expect.objectContaining({ merchant_id: d.merchantId, merchant_order_id: merchantPaymentId }))
    // a visitor's call cannot use the developer's test user
    const visitor = await t.json('POST', '/dev/v1/miniapp/pay', {
      appId,
      userId: hanako.id,
      request: { merchantPaymentId: `${merchantPaymentId}-2`, amount: { amount: 1, currency: 'JPY' } },
      outcome: 'success',
    })
    expect(visitor.body.resultInfo.code).toBe('SANDBOX_TEST_USER_NOT_FOUND')
  })

  it('pre-authorises with isAuthorization, and leaves a FAILED order and the balance on cancel, timeout pays but says TIME_OUT', async () => {
    const { appId } = await upload()
    const user = await taro()
    const pay = (merchantPaymentId: string, outcome: string, isAuthorization = false) =>
      t.json('POST', '/dev/v1/miniapp/pay', {
        appId,
        userId: user.id,
        request: { merchantPaymentId, amount: { amount: 300, currency: 'JPY' }, isAuthorization },
        outcome,
      })
    const before = await balanceOf(user.id)
    const held = await pay(`PRE-${Date.now()}`, 'success', true)
    expect(held.body.data).toMatchObject({ status: 'AUTHORIZED', balance: before - 300 })

    const cancelled = await pay(`CAN-${Date.now()}`, 'cancel')
    expect(cancelled.body.data).toMatchObject({ status: 'FAILED', jws: null, error: { errorCode: 'USER_CANCELED' }, balance: before - 300 })
    expect(
      await sandboxCommands.payments.getPayment(t.deps.sandbox.forMerchant(demoMerchant.id), { merchantPaymentId: cancelled.body.data.merchantPaymentId }),
    ).toMatchObject({ status: 'FAILED' })

    const late = await pay(`TMO-${Date.now()}`, 'timeout')
    expect(late.body.data).toMatchObject({ status: 'COMPLETED', error: { errorCode: 'TIME_OUT' }, balance: before - 600 })
  })

  it('getUAID answers a JWS with a real user authorization of the sandbox', async () => {
    const { appId } = await upload()
    const user = await taro()
    const res = await t.json('POST', '/dev/v1/miniapp/uaid', { appId, userId: user.id })
    expect(res.status).toBe(200)
    const { kid } = decodeProtectedHeader(res.body.data.jws)
    const key = await importJWK((await t.json('GET', `/v2/miniapp/publicKey?kid=${kid}`)).body.data.jwk, 'ES256')
    const { payload } = await jwtVerify(res.body.data.jws, key)
    const view = await sandboxCommands.authorizations.getUserAuthorization(t.deps.sandbox.forMerchant(demoMerchant.id), {
      userAuthorizationId: String(payload.userAuthorizationId),
    })
    expect(view).toBeTruthy()
  })

  it('answers bad inputs in the error shape', async () => {
    const { appId } = await upload()
    const user = await taro()
    const cases: [unknown, number, string][] = [
      [{ appId, userId: user.id, request: { merchantPaymentId: 'x', amount: { amount: 0, currency: 'JPY' } }, outcome: 'success' }, 400, 'INVALID_PARAMS'],
      [{ appId, userId: user.id, request: { merchantPaymentId: 'x y', amount: { amount: 1, currency: 'JPY' } }, outcome: 'success' }, 400, 'INVALID_PARAMS'],
      [{ appId, userId: user.id, request: { merchantPaymentId: 'x', amount: { amount: 1, currency: 'JPY' } }, outcome: 'maybe' }, 400, 'INVALID_PARAMS'],
      [
        { appId: 'ma_nosuchappnosuchapp', userId: user.id, request: { merchantPaymentId: 'x', amount: { amount: 1, currency: 'JPY' } }, outcome: 'success' },
        404,
        'MINIAPP_NOT_FOUND',
      ],
      [
        { appId, userId: 'nobody', request: { merchantPaymentId: 'x', amount: { amount: 1, currency: 'JPY' } }, outcome: 'success' },
        404,
        'SANDBOX_TEST_USER_NOT_FOUND',
      ],
    ]
    for (const [body, status, code] of cases) {
      const res = await t.json('POST', '/dev/v1/miniapp/pay', body)
      expect(res.status, JSON.stringify(body)).toBe(status)
      expect(res.body.resultInfo).toMatchObject({ code, codeId: expect.any(String), message: expect.any(String) })
    }
  })
})

describe.each(storeKinds())('mini-app request proxy [%s]', (kind) => {
  let t: TestApp
  let app: Hono
  const fetched: string[] = []
  const resolved: Record<string, string> = { 'api.fixture.example': '203.0.113.7', 'inside.fixture.example': '10.0.0.5' }
  const answers: Record<string, () => Response> = {
    '/ok': () => new Response(JSON.stringify({ hello: 'world' }), { headers: { 'content-type': 'application/json' } }),
    '/fail': () => new Response('nope', { status: 503 }),
    '/bad-json': () => new Response('{', { headers: { 'content-type': 'application/json' } }),
  }
  const fake: ProxyDeps = {
    lookup: async (host) => (resolved[host] ? [{ address: resolved[host] }] : []),
    fetch: async (input) => {
      const url = new URL(String(input))
      fetched.push(url.toString())
      if (url.pathname === '/hang') throw Object.assign(new Error('timed out'), { name: 'TimeoutError' })
      return (answers[url.pathname] ?? (() => new Response('', { status: 404 })))()
    },
    timeoutMs: 1000,
    sleep: async () => undefined,
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    const folder = mkdtempSync(join(tmpdir(), 'paylab-example-'))
    mkdirSync(join(folder, 'pages/home'), { recursive: true })
    writeFileSync(
      join(folder, 'app.json'),
      JSON.stringify({
        appName: 'Cakes',
        version: '1.0.0',
        baseLibraryVersion: '2.40.0',
        pages: ['pages/home'],
        whiteListDomains: ['https://cakes.paylab.example'],
      }),
    )
    writeFileSync(join(folder, 'pages/home/home.html'), '<html><head></head><body>cakes</body></html>')
    const m = miniAppModule(t.deps, { exampleFolder: folder, proxy: fake })
    app = byPrefix(new Hono(), { '/dev': byPrefix(new Hono(), { '/v1': byPrefix(new Hono(), m.devV1) }) }, m.run)
    app.onError(answerError(t.deps.log))
    app.notFound(answerNotFound)
  })
  afterAll(() => t.close())

  const ask = async (body: Record<string, unknown>) => {
    const res = await app.request('/dev/v1/miniapp/request', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    return (await res.json()).data
  }

  it("answers the example app from its simulated server, with the network's own errors", async () => {
    expect(await ask({ appId: 'example', url: 'https://cakes.paylab.example/menu' })).toMatchObject({ statusCode: 200, data: { cakes: expect.any(Array) } })
    const order = await ask({ appId: 'example', url: 'https://cakes.paylab.example/orders', method: 'POST', data: { cakeId: 'strawberry' } })
    expect(order).toMatchObject({ statusCode: 201, data: { amount: { amount: 500, currency: 'JPY' } } })
    expect(await ask({ appId: 'example', url: 'https://cakes.paylab.example/status/404' })).toMatchObject({
      errorCode: 'STATUS_CODE_ERROR',
      errorMessage: 'none 200 status code 404',
      statusCode: 404,
    })
    expect(await ask({ appId: 'example', url: 'https://cakes.paylab.example/broken' })).toMatchObject({ errorCode: 'INVALID_RESPONSE' })
    expect(await ask({ appId: 'example', url: 'https://cakes.paylab.example/slow' })).toMatchObject({ errorCode: 'TIME_OUT', errorMessage: 'request time out' })
    expect(await ask({ appId: 'example', url: 'https://elsewhere.example/menu' })).toMatchObject({ errorCode: 'NONE_WHITELIST_DOMAIN' })
    expect(fetched).toEqual([])
    // the example's page is served from its folder too
    expect(await (await app.request('/miniapp-run/example/pages/home/home.html')).text()).toContain('cakes')
  })

  it('sends only to whitelisted public https hosts and maps every failure to its §8 code', async () => {
    const res = await t.json('POST', '/dev/v1/miniapp/apps', b64(fixtureFiles))
    const appId = res.body.data.appId
    const appJson = JSON.parse(fixtureFiles['app.json']!)
    appJson.whiteListDomains.push('inside.fixture.example', 'localhost', '169.254.169.254')
    const second = await t.json('POST', '/dev/v1/miniapp/apps', b64({ ...fixtureFiles, 'app.json': JSON.stringify(appJson) }))
    const wide = second.body.data.appId
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [
        { appId, url: 'https://api.fixture.example/ok' },
        { statusCode: 200, data: { hello: 'world' } },
      ],
      [
        { appId, url: 'https://api.fixture.example/fail' },
        { errorCode: 'STATUS_CODE_ERROR', statusCode: 503 },
      ],
      [{ appId, url: 'https://api.fixture.example/bad-json' }, { errorCode: 'INVALID_RESPONSE' }],
      [{ appId, url: 'https://api.fixture.example/hang' }, { errorCode: 'TIME_OUT' }],
      [{ appId, url: 'not a url' }, { errorCode: 'INVALID_URL' }],
      [{ appId, url: 'http://api.fixture.example/ok' }, { errorCode: 'INVALID_URL' }],
      [{ appId, url: 'https://api.fixture.example/ok', method: 'PATCH' }, { errorCode: 'INVALID_METHOD' }],
      [{ appId, url: 'https://api.fixture.example/ok', header: { 'x-a': 'b\r\nx-b: c' } }, { errorCode: 'INVALID_HEADER' }],
      [{ appId, url: 'https://api.fixture.example/ok', header: { host: 'evil' } }, { errorCode: 'INVALID_HEADER' }],
      [{ appId, url: 'https://evil.example/ok' }, { errorCode: 'NONE_WHITELIST_DOMAIN' }],
      [{ appId: wide, url: 'https://inside.fixture.example/ok' }, { errorCode: 'NOT_REACHABLE' }],
      [{ appId: wide, url: 'https://localhost/ok' }, { errorCode: 'NOT_REACHABLE' }],
      [{ appId: wide, url: 'https://169.254.169.254/latest/meta-data' }, { errorCode: 'NOT_REACHABLE' }],
    ]
    fetched.length = 0
    for (const [body, expected] of cases) expect(await ask(body), JSON.stringify(body)).toMatchObject(expected)
    // nothing but the whitelisted public host was ever fetched
    expect(fetched.every((u) => new URL(u).hostname === 'api.fixture.example')).toBe(true)
    expect(fetched).toHaveLength(4)
  })
})
