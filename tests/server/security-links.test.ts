import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { linkOrigin, loadConfig } from '../../src/server/config.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { jpy, opaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'

// Issue 33: with PUBLIC_ORIGIN unset, cashier URLs followed the request's Host. Every link an answer hands out now
// comes from PUBLIC_ORIGIN or the listening origin (config.ts `linkOrigin`), whatever Host the request names.

describe('the origin of the links an answer hands out', () => {
  it('is PUBLIC_ORIGIN, else the listening origin of the listener the request came in on', () => {
    const local = { ...loadConfig({ PORT: '4410' }), sandboxHttpsPort: 4443 }
    expect(linkOrigin(local, 'http://localhost:9999/v2/codes')).toBe('http://127.0.0.1:4410')
    expect(linkOrigin(local, 'https://localhost:9999/v2/codes')).toBe('https://127.0.0.1:4443')
    expect(linkOrigin(loadConfig({ PORT: '4410', HOST: '0.0.0.0' }), 'http://192.168.1.20:4410/v2/codes')).toBe('http://localhost:4410')
    expect(linkOrigin(loadConfig({ PORT: '80', HOST: '::1' }), 'http://[::1]/x')).toBe('http://[::1]')
    expect(linkOrigin(loadConfig({ PUBLIC_ORIGIN: 'https://sandbox.example.com' }), 'https://localhost:1/x')).toBe('https://sandbox.example.com')
  })
})

describe.each(storeKinds())('cashier and consent URLs from the configured origin only [%s]', (kind) => {
  const apps: TestApp[] = []
  afterAll(() => Promise.all(apps.map((t) => t.close())))

  /** The demo shop's signed client, its requests addressed to `host` (a name the server accepts) with a forged X-Forwarded-Host. */
  const shopVia = (t: TestApp, host: string) =>
    opaClient({
      request: (path, init) => {
        const headers = new Headers(init?.headers)
        headers.set('host', host)
        headers.set('x-forwarded-host', 'evil.example')
        return t.app.request(`http://${host}${path}`, { ...init, headers })
      },
    })

  const cases: Array<[string, Record<string, string>, string, string]> = [
    ['loopback', { HOST: '127.0.0.1', PORT: '4410' }, 'localhost:9999', 'http://127.0.0.1:4410'],
    ['shared, no PUBLIC_ORIGIN', { HOST: '0.0.0.0', PORT: '4410' }, '192.168.1.20:4410', 'http://localhost:4410'],
    ['PUBLIC_ORIGIN', { HOST: '0.0.0.0', PORT: '4410', PUBLIC_ORIGIN: 'https://sandbox.example.com' }, '10.0.0.9:4410', 'https://sandbox.example.com'],
  ]

  let seq = 0
  describe.each(cases)('%s', (_name, env, host, expected) => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp(kind, loadConfig({ DATA_DIR: '.test-data/unused', WEB_DIST: 'dist/web', ...env }))
      apps.push(t)
    })

    it(`a request to ${host} gets links on ${expected}`, async () => {
      const shop = shopVia(t, host)
      const code = await shop.post('/v2/codes', { merchantPaymentId: `LINK-${kind}-${Date.now()}-${++seq}`, amount: jpy(100), codeType: 'ORDER_QR' })
      expect(code.status).toBe(201)
      expect(code.body.data.url).toBe(`${expected}/sandbox/cashier/${code.body.data.codeId}`)
      expect(code.body.data.deeplink).toContain(encodeURIComponent(`${expected}/sandbox/cashier/`))
      const link = await shop.post('/v1/qr/sessions', {
        scopes: ['direct_debit'],
        nonce: 'abc',
        redirectUrl: 'https://shop.example/cb',
        referenceId: `r${seq}`,
      })
      expect(link.status).toBe(201)
      expect(link.body.data.linkQRCodeURL.startsWith(`${expected}/sandbox/authorize/`)).toBe(true)
      expect(JSON.stringify(code.body) + JSON.stringify(link.body)).not.toMatch(/evil\.example|9999|192\.168|10\.0\.0\.9/)
    })
  })
})
