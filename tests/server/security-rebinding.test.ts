import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve, type ServerType } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/server/config.ts'
import { hostPolicy, hostnameOf } from '../../src/server/http/known-hosts.ts'
import { startHttpsListener, type HttpsListener } from '../../src/server/modules/sandbox/https.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { storeKinds } from '../support/store.ts'
import { developer, type Developer } from './devtools-helpers.ts'

// Issue 33, DNS rebinding: a page of any site can point its own name at 127.0.0.1 once loaded; its scripts are then
// same-origin clients of the loopback server with `Host: attacker.example:P`. The mailbox answered every one-time
// password, the password reset was accepted (Sec-Fetch-Site says same-origin: the page *is* that origin) and /mcp
// answered with a key. Every request must now name one of the server's own hosts (http/known-hosts.ts).

const policyOf = (env: Record<string, string>, machine = 'devbox', own: string[] = ['192.168.1.20']) =>
  hostPolicy({ ...loadConfig(env), port: Number(env.PORT ?? 3000) }, machine, (ip) => own.includes(ip))

describe('the host policy', () => {
  it('reads a host name out of a Host value', () => {
    expect(['localhost:3000', 'LOCALHOST', '[::1]:3000', '127.0.0.1:80', 'a.example.', '[::1', '::1'].map(hostnameOf)).toEqual([
      'localhost',
      'localhost',
      '::1',
      '127.0.0.1',
      'a.example',
      '',
      '::1',
    ])
  })

  it('on loopback (the default) takes loopback names on any port and nothing else', () => {
    const policy = policyOf({})
    for (const host of ['localhost:3000', 'localhost', '127.0.0.1:4403', '[::1]:3000', 'paylab.localhost:3000', '127.0.0.2'])
      expect([host, policy.acceptsAuthority(host)]).toEqual([host, true])
    for (const host of ['attacker.example:3000', 'attacker.example', 'localhost.attacker.example', '192.168.1.20:3000', 'devbox:3000', '[::2]:3000', ''])
      expect([host, policy.acceptsAuthority(host)]).toEqual([host, false])
  })

  it('adds PUBLIC_ORIGIN, ALLOWED_HOSTS (a leading dot takes subdomains), MINIAPPS_HOST and STYLEGUIDE_HOST', () => {
    const policy = policyOf({
      PUBLIC_ORIGIN: 'https://sandbox.example.com',
      ALLOWED_HOSTS: 'team.example, .dev.example ,10.1.2.3:3000',
      MINIAPPS_HOST: 'miniapps.example',
    })
    for (const host of [
      'sandbox.example.com',
      'sandbox.example.com:443',
      'team.example:3000',
      'dev.example',
      'a.b.dev.example:8080',
      '10.1.2.3:3000',
      'miniapps.example',
    ])
      expect([host, policy.acceptsAuthority(host)]).toEqual([host, true])
    for (const host of ['evil.sandbox.example.com', 'team.example.evil', 'xdev.example', '10.1.2.4:3000', 'attacker.example'])
      expect([host, policy.acceptsAuthority(host)]).toEqual([host, false])
    expect(() => loadConfig({ ALLOWED_HOSTS: 'ok.example, not a host' })).toThrow(/ALLOWED_HOSTS/)
  })

  it('on a shared server (HOST=0.0.0.0) also takes IP addresses and the machine name, as Vite does, never a rebindable name', () => {
    const policy = policyOf({ HOST: '0.0.0.0' })
    for (const host of ['192.168.1.20:3000', '10.0.0.7', '[fe80::1]:3000', 'devbox:3000', 'localhost:3000'])
      expect([host, policy.acceptsAuthority(host)]).toEqual([host, true])
    for (const host of ['attacker.example:3000', '192.168.1.20.nip.io:3000']) expect([host, policy.acceptsAuthority(host)]).toEqual([host, false])
    expect(policy.described).toEqual(['localhost', '*.localhost', '127.0.0.1', '[::1]', 'devbox', 'any IP address'])
    expect(policyOf({}).described).toEqual(['localhost', '*.localhost', '127.0.0.1', '[::1]'])
  })

  it("judges a browser's Origin by the configuration: known hosts at a listening port, PUBLIC_ORIGIN, never another site", () => {
    const local = policyOf({ PORT: '3000', SANDBOX_HTTPS_PORT: '3443' })
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000', 'https://localhost:3443'])
      expect([origin, local.isOwnOrigin(origin)]).toEqual([origin, true])
    for (const origin of ['http://localhost:8080', 'http://attacker.example:3000', 'https://localhost:3000', 'http://192.168.1.20:3000', 'null', 'garbage'])
      expect([origin, local.isOwnOrigin(origin)]).toEqual([origin, false])
    const shared = policyOf({ HOST: '0.0.0.0', PORT: '3000', PUBLIC_ORIGIN: 'https://sandbox.example.com', ALLOWED_HOSTS: 'team.example' })
    for (const origin of ['https://sandbox.example.com', 'http://192.168.1.20:3000', 'http://team.example:3000', 'https://team.example', 'http://devbox:3000'])
      expect([origin, shared.isOwnOrigin(origin)]).toEqual([origin, true])
    // an address that is not this machine's (another host on the network serving a page on the same port)
    for (const origin of ['http://192.168.1.66:3000', 'http://attacker.example:3000', 'https://attacker.example'])
      expect([origin, shared.isOwnOrigin(origin)]).toEqual([origin, false])
  })
})

describe.each(storeKinds())('a rebound Host reaches nothing [%s]', (kind) => {
  let t: TestApp
  let victim: Developer
  const port = 3000
  /** One step of the walk as the rebinding page's script sends it: same-origin in the browser's eyes. */
  const send = async (host: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await t.app.request(`http://${host}${path}`, {
      method,
      headers: {
        host,
        origin: `http://${host}`,
        'sec-fetch-site': 'same-origin',
        'accept-language': 'en',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : text) as any }
  }
  /** The walk of the issue: reset the victim's password, read the mail, use the API key on /mcp. */
  const walk = async (host: string) => [
    await send(host, 'POST', '/v1/dpSignIn/passwordReset', { email: victim.email }),
    await send(host, 'GET', `/sandbox/mailbox.json?to=${encodeURIComponent(victim.email)}`),
    await send(host, 'POST', '/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { authorization: `Bearer ${victim.apiKey}:${victim.apiSecret}` }),
    await send(host, 'GET', '/healthz'),
  ]

  beforeAll(async () => {
    t = await createTestApp(kind, { port })
    victim = await developer(t)
  })
  afterAll(() => t.close())

  it('the same walk from a loopback name works (so the refusals below are the host check)', async () => {
    const steps = await walk(`localhost:${port}`)
    expect(steps.map((s) => s.status)).toEqual([200, 200, 200, 200])
    expect(steps[1]!.body.data.mails[0].link).toContain('token=')
    expect(steps[2]!.body.result.tools.length).toBeGreaterThan(5)
  })

  it('from attacker.example every step is 421 UNKNOWN_HOST in the error shape, and no mail is sent', async () => {
    const before = (await send(`127.0.0.1:${port}`, 'GET', `/sandbox/mailbox.json?to=${encodeURIComponent(victim.email)}`)).body.data.mails.length
    for (const host of [`attacker.example:${port}`, 'attacker.example', `ATTACKER.example:${port}`, `localhost.attacker.example:${port}`]) {
      const steps = await walk(host)
      for (const step of steps) {
        expect([host, step.status, step.body.resultInfo?.code, step.body.resultInfo?.codeId, step.body.data]).toEqual([
          host,
          421,
          'UNKNOWN_HOST',
          '08100421',
          null,
        ])
        expect(step.body.resultInfo.message).toMatch(/^This server does not answer for this host name/)
      }
    }
    const ja = await send(`attacker.example:${port}`, 'GET', '/sandbox/mailbox.json', undefined, { 'accept-language': 'ja' })
    expect(ja.body.resultInfo.message).toMatch(/^このサーバーはこのホスト名では応答しません/)
    const after = (await send(`127.0.0.1:${port}`, 'GET', `/sandbox/mailbox.json?to=${encodeURIComponent(victim.email)}`)).body.data.mails.length
    expect(after).toBe(before)
  })

  it('/mcp refuses a browser Origin of another site through the SDK even from a known host', async () => {
    const res = await send(
      `localhost:${port}`,
      'POST',
      '/mcp',
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      {
        authorization: `Bearer ${victim.apiKey}:${victim.apiSecret}`,
        origin: 'https://attacker.example',
      },
    )
    expect(res.status).toBe(403)
    expect(res.body.error.message).toMatch(/Invalid Origin header/)
  })
})

describe('over real sockets: the HTTP port and the HTTPS listener', () => {
  let t: TestApp
  let server: ServerType
  let https: HttpsListener
  let dataDir: string
  const raw = (secure: boolean, port: number, host: string) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = (secure ? httpsRequest : httpRequest)(
        {
          host: '127.0.0.1',
          port,
          path: '/sandbox/mailbox.json',
          headers: { host },
          ...(secure ? { ca: https.certificate.cert, servername: 'localhost' } : {}),
        },
        (res) => {
          let text = ''
          res.on('data', (chunk: Buffer) => (text += chunk.toString()))
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }))
        },
      )
      req.on('error', reject)
      req.end()
    })

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'paylab-hosts-'))
    t = await createTestApp('pglite')
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((resolve) => server.once('listening', resolve))
    https = await startHttpsListener(t.app.fetch, { port: 0, host: '127.0.0.1', dataDir })
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await https.close()
    await t.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('answers 421 to a rebound Host on either listener and the mailbox to a loopback one', async () => {
    const httpPort = (server.address() as AddressInfo).port
    for (const [secure, port] of [
      [false, httpPort],
      [true, https.port],
    ] as const) {
      const refused = await raw(secure, port, `attacker.example:${port}`)
      expect([secure, refused.status, refused.body.resultInfo.code]).toEqual([secure, 421, 'UNKNOWN_HOST'])
      const own = await raw(secure, port, `localhost:${port}`)
      expect([secure, own.status, Array.isArray(own.body.data.mails)]).toEqual([secure, 200, true])
    }
  })
})
