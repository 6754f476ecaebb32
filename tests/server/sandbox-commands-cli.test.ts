import { fileURLToPath } from 'node:url'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forcedErrorsOf } from '../../src/domain/sandbox-force.ts'
import { webhookHeaders } from '../../src/domain/webhooks.ts'
import { paylabCli } from '../../src/cli/run.ts'
import { commandList } from '../../src/server/modules/sandbox/commands/routes.ts'
import { webhookDispatcher, type WebhookAnswer } from '../../src/server/modules/sandbox/webhooks/webhooks.ts'
import { merchantRepo } from '../../src/server/store/merchant-repo.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { developer, type Developer } from './devtools-helpers.ts'

/**
 * Issue 23: the `paylab` command line, run in-process against one test server (its fetch is `app.request`), as a
 * developer with their own sandbox key. Each command, bad input (a clear error, nothing changed), another merchant's
 * ids (not found), and webhook chaos.
 */
describe('paylab command line', () => {
  let t: TestApp
  let a: Developer
  let b: Developer

  /** Runs `paylab …` as developer `d`; answers the exit code and what it printed. */
  const paylab = async (d: Developer, ...argv: string[]) => {
    const out: string[] = []
    const err: string[] = []
    const received: { url: string; headers: Record<string, string>; body: string }[] = []
    const code = await paylabCli(
      argv,
      { PAYLAB_BASE_URL: 'http://localhost', PAYLAB_API_KEY: d.apiKey, PAYLAB_API_SECRET: d.apiSecret, PAYLAB_MERCHANT_ID: d.merchantId },
      {
        out: (s) => out.push(s),
        err: (s) => err.push(s),
        readFile: (path) => readFileSync(path, 'utf8'),
        fetch: async (url, init) => t.app.request(url, init),
        sleep: async () => undefined,
        commands: commandList(),
        transport: async (url, headers, body): Promise<WebhookAnswer> => {
          received.push({ url, headers, body })
          return { status: 200, body: 'ok', error: null }
        },
      },
    )
    const stdout = out.join('\n')
    return { code, stdout, stderr: err.join('\n'), received, json: () => JSON.parse(stdout) }
  }
  const deliveries = async (d: Developer) => (await paylab(d, 'webhooks', 'list', '--json')).json().deliveries as { deliveryId: string; state: string }[]

  beforeAll(async () => {
    t = await createTestApp('pglite')
    a = await developer(t)
    b = await developer(t)
    // A may use every product (native payments, pre-auth); B only QR codes, as chosen at sign-up
    await merchantRepo(t.deps.store.db).setProducts(a.merchantId, [])
    await merchantRepo(t.deps.store.db).setProducts(b.merchantId, ['qrcode'])
  })
  afterAll(() => t.close())

  it('trigger payment.completed --amount 500 --json prints the payment, and listen --forward-to delivers its webhook', async () => {
    const run = await paylab(a, 'trigger', 'payment.completed', '--amount', '500', '--json')
    expect(run.code, run.stderr).toBe(0)
    const { payment } = run.json()
    expect(payment).toMatchObject({ status: 'COMPLETED', amount: { amount: 500, currency: 'JPY' } })

    const listen = await paylab(a, 'listen', '--forward-to', 'http://localhost:8080/hook', '--once')
    expect(listen.code, listen.stderr).toBe(0)
    expect(listen.received).toHaveLength(1)
    expect(listen.received[0]!.url).toBe('http://localhost:8080/hook')
    expect(JSON.parse(listen.received[0]!.body)).toMatchObject({ state: 'COMPLETED', merchant_order_id: payment.merchantPaymentId })
    expect(listen.stdout).toMatch(/COMPLETED wh_[0-9a-f]+ → http:\/\/localhost:8080\/hook[:：] ?200/)
    // the answer is in the delivery log, and nothing is left for the forwarder
    const [delivery] = (await paylab(a, 'webhooks', 'list', '--json')).json().deliveries
    expect(delivery).toMatchObject({ status: 'delivered', history: [{ via: 'forwarder', status: 200 }] })
    expect((await paylab(a, 'listen', 'http://localhost:8080/hook', '--once')).received).toHaveLength(0)
    // a target without its scheme is http on this machine, as Stripe's listen takes it
    await paylab(a, 'trigger', 'payment.completed', '--json')
    const bare = await paylab(a, 'listen', 'localhost:8080/hook', '--once')
    expect([bare.code, bare.received.map((r) => r.url)]).toEqual([0, ['http://localhost:8080/hook']])
    expect((await paylab(a, 'listen', 'ftp://localhost/hook', '--once', '--json')).code).toBe(2)
    // --override field=value sets a field of the command, as the Stripe CLI's does (camelCase or kebab-case)
    const overridden = await paylab(a, 'trigger', 'payment.completed', '--override', 'amount=700', '--override=merchant-payment-id=ovr-1', '--json')
    expect(overridden.json().payment).toMatchObject({ amount: { amount: 700 }, merchantPaymentId: 'ovr-1' })
  })

  it('refuses bad input with a clear error in the chosen language, and changes nothing', async () => {
    const before = (await deliveries(a)).length
    const en = await paylab(a, 'trigger', 'payment.completed', '--amount', '-5', '--lang', 'en')
    expect(en.code).toBe(1)
    expect(en.stderr).toContain('SANDBOX_COMMAND_INVALID')
    expect(en.stderr).toMatch(/amount: /)
    expect(en.stderr).toContain('Fix: ')
    const ja = await paylab(a, 'trigger', 'payment.completed', '--amount', '0', '--json')
    expect(ja.code).toBe(1)
    expect(ja.json().error).toMatchObject({ code: 'SANDBOX_COMMAND_INVALID', data: { issues: [{ path: 'amount' }] } })
    expect(ja.stderr).toMatch(/失敗|修正/)
    // an event the sandbox does not send is refused before anything is sent (exit 2), with the nearest one
    const nothing = await paylab(a, 'trigger', 'payment.complete', '--json')
    expect([nothing.code, nothing.json().error.code, nothing.json().error.suggestion]).toEqual([2, 'USAGE_UNKNOWN_VALUE', 'payment.completed'])
    expect((await deliveries(a)).length).toBe(before)

    expect(await paylab(a, 'clock', 'advance', 'soon')).toMatchObject({ code: 1 })
    const unknown = await paylab(a, 'teleport', '--lang', 'en')
    expect([unknown.code, unknown.stderr]).toEqual([2, 'Unknown command "teleport". paylab --help lists the commands.'])
    expect((await paylab(a, 'pay', '--lang', 'en')).code).toBe(2)
  })

  it("answers not-found for another merchant's payment, code and webhook", async () => {
    const code = (await paylab(a, 'run', 'create_qr_code', '--amount', '300', '--json')).json()
    const other = await paylab(b, 'pay', code.url, '--user', 'taro', '--json')
    expect([other.code, other.json().error.code]).toEqual([1, 'DYNAMIC_QR_NOT_FOUND'])
    const read = await paylab(b, 'run', 'get_payment', '--merchant-payment-id', code.merchantPaymentId, '--json')
    expect([read.code, read.json().error.code]).toEqual([1, 'RESOURCE_NOT_FOUND'])
    const refund = await paylab(b, 'refund_payment', '--merchant-payment-id', code.merchantPaymentId, '--json')
    expect(refund.json().error.code).toBe('RESOURCE_NOT_FOUND')
    const [delivery] = await deliveries(a)
    const resend = await paylab(b, 'webhooks', 'resend', delivery!.deliveryId, '--json')
    expect(resend.json().error.code).toBe('SANDBOX_WEBHOOK_NOT_FOUND')
    // B's products are its scopes, as on the API
    const scoped = await paylab(b, 'create_preauthorization', '--user-authorization-id', 'ua-1', '--amount', '100', '--json')
    expect(scoped.json().error.code).toBe('OP_OUT_OF_SCOPE')
    expect((await paylab(b, 'create_qr_code', '--amount', '100', '--is-authorization', 'true', '--json')).json().error.code).toBe(
      'PRE_AUTH_CAPTURE_UNSUPPORTED_MERCHANT',
    )
    // and A's code is as it was
    expect((await paylab(a, 'run', 'get_payment', '--merchant-payment-id', code.merchantPaymentId, '--json')).json().status).toBe('CREATED')
  })

  it('runs every other command: pay outcomes, test users and links, native payment, pre-auth, clock, logs, explain, docs', async () => {
    const qr = (await paylab(a, 'create_qr_code', '--amount', '99999999', '--json')).json()
    const refused = await paylab(a, 'pay', qr.url, '--outcome', 'refused', '--json')
    expect(refused.json()).toMatchObject({ outcome: 'refused', code: 'NO_SUFFICIENT_FUND', payment: { status: 'CREATED' } })
    const canceled = await paylab(a, 'pay', qr.codeId, '--outcome', 'cancel', '--json')
    expect(canceled.json()).toMatchObject({ outcome: 'user_cancel', payment: { status: 'FAILED' } })

    const users = (await paylab(a, 'list_test_users', '--json')).json().users
    expect(users.map((u: { username: string }) => u.username)).toContain('taro')
    const link = (await paylab(a, 'link_test_user', '--user', 'hanako', '--json')).json()
    expect(link.userAuthorizationId).toBeTruthy()
    const native = await paylab(a, 'create_payment', '--user-authorization-id', link.userAuthorizationId, '--amount', '700', '--json')
    expect(native.json()).toMatchObject({ status: 'COMPLETED', amount: { amount: 700 } })
    const pre = (await paylab(a, 'create_preauthorization', '--user-authorization-id', link.userAuthorizationId, '--amount', '800', '--json')).json()
    expect(pre.status).toBe('AUTHORIZED')
    const captured = await paylab(a, 'capture_payment', '--merchant-payment-id', pre.merchantPaymentId, '--json')
    expect(captured.json().status).toBe('COMPLETED')
    const pre2 = (await paylab(a, 'create_preauthorization', '--user-authorization-id', link.userAuthorizationId, '--amount', '100', '--json')).json()
    expect((await paylab(a, 'revert_authorization', '--merchant-payment-id', pre2.merchantPaymentId, '--json')).code).toBe(0)
    expect((await paylab(a, 'run', 'get_payment', '--merchant-payment-id', pre2.merchantPaymentId, '--json')).json().status).toBe('CANCELED')
    const cancel = await paylab(a, 'cancel_payment', '--merchant-payment-id', native.json().merchantPaymentId, '--json')
    expect(cancel.json().status).toBe('FAILED')

    const before = (await paylab(a, 'clock', '--json')).json().nowMs
    const moved = (await paylab(a, 'clock', 'advance', '10m', '--json')).json().nowMs
    expect(moved - before).toBeGreaterThanOrEqual(600_000)
    const later = new Date(moved + 3_600_000).toISOString()
    expect((await paylab(a, 'clock', 'set', later, '--json')).json().nowMs).toBeGreaterThanOrEqual(moved + 3_600_000 - 1000)
    expect(Math.abs((await paylab(a, 'clock', 'set', 'now', '--json')).json().nowMs - Date.now())).toBeLessThan(5000)

    // a refused signature is in the log with its explanation, found by status and by its id
    expect((await a.opa.get('/v2/codes/payments/x', { apiSecret: Buffer.from('not the secret').toString('base64') })).status).toBe(401)
    const logs = (await paylab(a, 'logs', 'tail', '--status', '401', '--json')).json().requests
    expect(logs[0]).toMatchObject({ status: 401, auth_failure: { reason: expect.any(String) } })
    const one = (await paylab(a, 'logs', 'tail', '--request-id', logs[0].id, '--json')).json().requests
    expect(one.map((r: { id: string }) => r.id)).toEqual([logs[0].id])
    expect((await paylab(b, 'logs', 'tail', '--request-id', logs[0].id, '--json')).json().error.code).toBe('SANDBOX_LOG_ENTRY_NOT_FOUND')

    const explained = await paylab(a, 'explain', 'NO_SUFFICIENT_FUND', '--lang', 'en', '--json')
    expect([explained.code, explained.json()]).toMatchObject([0, { found: true, entry: { code: 'NO_SUFFICIENT_FUND' } }])
    // a code nobody publishes is a failure (exit 1), with the codes near it
    const unknown = await paylab(a, 'explain', 'NO_SUFICIENT_FUND', '--lang', 'en', '--json')
    expect([unknown.code, unknown.json().error.code]).toEqual([1, 'UNKNOWN_CODE'])
    expect(unknown.json().error.near.map((n: { code: string }) => n.code)).toContain('NO_SUFFICIENT_FUND')
    const person = await paylab(a, 'explain', 'NOT_A_CODE_AT_ALL', '--lang', 'en')
    expect([person.code, person.stderr]).toEqual([1, 'No published code "NOT_A_CODE_AT_ALL". paylab docs search NOT_A_CODE_AT_ALL searches the docs.'])
    const found = (await paylab(a, 'docs', 'search', 'webhook', '--json')).json().results
    expect(found.length).toBeGreaterThan(0)
    const page = (await paylab(a, 'docs', 'read', found[0].path, '--json')).json()
    expect(page.title).toBe(found[0].title)
    expect((await paylab(a, 'docs', 'read', '/no/such/page', '--json')).json().error.code).toBe('RESOURCE_NOT_FOUND')
    expect((await paylab(a, 'commands', '--json')).json().map((c: { name: string }) => c.name)).toContain('webhook_chaos')
    const help = await paylab(a, '--help', '--lang', 'en')
    expect(help.stdout).toContain('paylab trigger'.slice(7))
  })

  it('seeds, snapshots, restores and resets the sandbox (npm run sandbox:seed is this command)', async () => {
    const file = fileURLToPath(new URL('../../docs/sandbox-seed.example.json', import.meta.url))
    const seeded = await paylab(a, 'seed', file, '--snapshot', 'seeded', '--json')
    expect(seeded.code, seeded.stderr).toBe(0)
    const snapshots = (await paylab(a, 'snapshots', '--json')).json().snapshots
    expect(snapshots[0]).toMatchObject({ label: 'seeded' })
    expect((await paylab(a, 'reset', '--json')).code).toBe(0)
    expect((await paylab(a, 'restore', snapshots[0].snapshotId, '--json')).code).toBe(0)
    expect((await paylab(a, 'snapshot', 'again', '--json')).json()).toMatchObject({ label: 'again' })
    expect((await paylab(a, 'seed', '--reset', '--json')).code).toBe(0)
    const bad = await paylab(a, 'seed', '/no/such/file.json')
    expect(bad.code).toBe(2)
  })

  it('force <code>: the next signed call answers it as X-Sandbox-Force would, the one after is normal; off, paths, reset', async () => {
    const lookup = (d: Developer, id = 'FN-1') => d.opa.get(`/v2/codes/payments/${id}`)
    const normal = await lookup(a)
    expect(normal.body.resultInfo.code).not.toBe('RATE_LIMIT')
    const expected = forcedErrorsOf('GET /v2/codes/payments/:merchantPaymentId').find((e) => e.code === 'RATE_LIMIT')!

    const forced = await paylab(a, 'force', 'rate_limit', '--json')
    expect(forced.code, forced.stderr).toBe(0)
    expect(forced.json()).toEqual({ forceNext: { code: 'RATE_LIMIT', path: null } })
    // another merchant is unaffected
    expect((await lookup(b)).body.resultInfo.code).not.toBe('RATE_LIMIT')
    const first = await lookup(a)
    expect([first.status, first.body.resultInfo]).toEqual([expected.status, { code: expected.code, codeId: expected.codeId, message: expected.message }])
    expect([(await lookup(a)).status, (await lookup(a)).body.resultInfo]).toEqual([normal.status, normal.body.resultInfo])

    // a code no endpoint publishes, or one the path does not: a clear error, nothing stored
    const bad = await paylab(a, 'force', 'NOT_A_CODE', '--lang', 'en')
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('SANDBOX_COMMAND_INVALID')
    expect(bad.stderr).toContain('no endpoint publishes NOT_A_CODE')
    const badPath = await paylab(a, 'force', 'DYNAMIC_QR_ALREADY_PAID', '--path', '/v2/refunds', '--lang', 'en')
    expect(badPath.code).toBe(1)
    expect(badPath.stderr).toContain('no endpoint on /v2/refunds publishes DYNAMIC_QR_ALREADY_PAID')
    expect((await lookup(a)).status).toBe(normal.status)

    // without a path, it waits for a call whose endpoint publishes the code
    const paid = forcedErrorsOf('DELETE /v2/codes/:codeId').find((e) => e.code === 'DYNAMIC_QR_ALREADY_PAID')!
    expect((await paylab(a, 'force', 'DYNAMIC_QR_ALREADY_PAID')).code).toBe(0)
    expect((await lookup(a)).status).toBe(normal.status)
    const deleted = await a.opa.delete('/v2/codes/FN-CODE')
    expect([deleted.status, deleted.body.resultInfo.code]).toEqual([paid.status, 'DYNAMIC_QR_ALREADY_PAID'])
    expect((await a.opa.delete('/v2/codes/FN-CODE')).body.resultInfo.code).not.toBe('DYNAMIC_QR_ALREADY_PAID')

    // with a path, it waits for a call on that path
    expect((await paylab(a, 'force', 'RATE_LIMIT', '--path', '/v2/codes/payments/FN-2')).code).toBe(0)
    expect((await lookup(a, 'FN-1')).status).toBe(normal.status)
    expect((await lookup(a, 'FN-2')).status).toBe(expected.status)
    expect((await lookup(a, 'FN-2')).status).toBe(normal.status)

    // two calls at once: only one takes it
    expect((await paylab(a, 'force', 'RATE_LIMIT')).code).toBe(0)
    const both = await Promise.all([lookup(a), lookup(a)])
    expect(both.map((r) => r.status).sort()).toEqual([normal.status, expected.status].sort())

    // off cancels it, and so does a reset
    expect((await paylab(a, 'force', 'RATE_LIMIT')).code).toBe(0)
    expect((await paylab(a, 'force', 'off', '--json')).json()).toEqual({ forceNext: null, cleared: true })
    expect((await lookup(a)).status).toBe(normal.status)
    expect((await paylab(a, 'force', 'RATE_LIMIT')).code).toBe(0)
    expect((await paylab(a, 'reset')).code).toBe(0)
    expect((await lookup(a)).status).toBe(normal.status)
  })

  it('webhook chaos: the next delivery twice with the same id, out of order, or late on the merchant clock', async () => {
    const received: string[] = []
    const dispatcher = webhookDispatcher(t.deps, async (_url, headers) => {
      received.push(headers[webhookHeaders.id]!)
      return { status: 200, body: 'ok', error: null }
    })
    const put = await b.opa.put('/sandbox/api/webhooks', { url: 'https://hooks.shop.example/paylab' })
    expect(put.status).toBe(200)

    expect((await paylab(b, 'webhooks', 'chaos', 'duplicate', '--json')).json().chaos).toMatchObject({ mode: 'duplicate' })
    await paylab(b, 'trigger', 'payment.completed', '--json')
    await dispatcher.runDue()
    await dispatcher.runDue()
    expect(received).toHaveLength(2)
    expect(received[0]).toMatch(/^wh_/)
    expect(received[1]).toBe(received[0])

    received.length = 0
    await paylab(b, 'webhooks', 'chaos', 'reorder')
    const first = (await paylab(b, 'trigger', 'payment.completed', '--json')).json().payment
    const second = (await paylab(b, 'trigger', 'payment.completed', '--json')).json().payment
    await dispatcher.runDue()
    await dispatcher.runDue()
    const ids = await deliveries(b)
    const idOf = (p: { paymentId: string }) =>
      (ids as unknown as { deliveryId: string; paymentId: string }[]).find((d) => d.paymentId === p.paymentId)!.deliveryId
    expect(received).toEqual([idOf(second), idOf(first)])

    received.length = 0
    await paylab(b, 'webhooks', 'chaos', 'delay', '--delay', '5m')
    await paylab(b, 'trigger', 'payment.completed', '--json')
    await dispatcher.runDue()
    expect(received).toHaveLength(0)
    await paylab(b, 'clock', 'advance', '5m')
    await dispatcher.runDue()
    expect(received).toHaveLength(1)
    expect((await paylab(b, 'webhooks', 'chaos', 'delay', '--json')).json().error.code).toBe('SANDBOX_COMMAND_INVALID')
  })

  it("the sandbox tools page asks for the same chaos for the mode's merchant", async () => {
    const ask = await t.json('POST', '/dev/v1/sandbox/webhooks/chaos', { mode: 'delay', delayMs: 120_000 }, a.auth)
    expect([ask.status, ask.body.data.chaos]).toEqual([200, { mode: 'delay', delayMs: 120_000, deliveryId: null }])
    expect((await t.json('GET', '/dev/v1/sandbox/webhooks/chaos', undefined, a.auth)).body.data).toMatchObject({
      merchantId: a.merchantId,
      chaos: { mode: 'delay' },
    })
    expect((await t.json('POST', '/dev/v1/sandbox/webhooks/chaos', { mode: 'sideways' }, a.auth)).status).toBe(400)
    expect((await t.json('POST', '/dev/v1/sandbox/webhooks/chaos', { mode: 'off' }, a.auth)).body.data.chaos).toBeNull()
    // a reset withdraws a pending request with the rest of the sandbox
    await t.json('POST', '/dev/v1/sandbox/webhooks/chaos', { mode: 'reorder' }, a.auth)
    expect((await paylab(a, 'reset')).code).toBe(0)
    expect((await t.json('GET', '/dev/v1/sandbox/webhooks/chaos', undefined, a.auth)).body.data.chaos).toBeNull()
    expect((await t.json('GET', '/dev/v1/sandbox/webhooks/chaos')).status).toBe(401)
  })
})
