import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoApiPaths as P } from '../../src/domain/demo-api.ts'
import { limits } from '../../src/domain/limits.ts'
import { byPrefix } from '../../src/server/http/prefixes.ts'
import { sandboxModule } from '../../src/server/modules/sandbox/index.ts'
import { demoShopApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy, opaClient, type OpaClient } from '../support/opa-client.ts'

/**
 * The server's shape (issue 19): each URL prefix mounted once by one module, the sandbox app of in-process
 * calls, and validation at the edge that still reads bodies the way the provider's API does.
 */
describe('byPrefix', () => {
  const router = () => new Hono().get('/', (c) => c.text('ok'))

  it('mounts each router at its prefix', async () => {
    const app = byPrefix(new Hono(), { '/a': router() }, { '/b': router(), '/ab': router() })
    expect((await app.request('/a')).status).toBe(200)
    expect((await app.request('/ab')).status).toBe(200)
    expect((await app.request('/c')).status).toBe(404)
  })

  it('refuses a prefix claimed by two modules, or one prefix inside another', () => {
    expect(() => byPrefix(new Hono(), { '/codes': router() }, { '/codes': router() })).toThrow(/\/codes/)
    expect(() => byPrefix(new Hono(), { '/payments': router() }, { '/payments/capture': router() })).toThrow(/\/payments/)
    expect(() => byPrefix(new Hono(), { '/user/x': router() }, { '/user': router() })).toThrow(/\/user/)
  })
})

describe('the edge of the sandbox API [pglite]', () => {
  let t: TestApp & { lines: string[] }
  let opa: OpaClient
  const id = (prefix: string) => `${prefix}${randomBytes(8).toString('hex')}`

  beforeAll(async () => {
    ;({ t, opa } = (await demoShopApp('pglite')) as { t: TestApp & { lines: string[] }; opa: OpaClient })
  })
  afterAll(() => t.close())

  it('reads a JSON body whatever its Content-Type says, as the provider does', async () => {
    const plain = opaClient({ request: (path, init) => t.app.request(path, init), contentType: 'text/plain' })
    const res = await plain.post('/v2/codes', { merchantPaymentId: id('MP'), amount: jpy(10), codeType: 'ORDER_QR' })
    expect([res.status, res.body.resultInfo.code]).toEqual([201, 'SUCCESS'])
  })

  it('an empty body is a missing one, a malformed one INVALID_PARAMS, each in the error shape', async () => {
    const empty = await opa.post('/v2/payments', undefined, { rawBody: '' })
    expect([empty.status, empty.body.resultInfo.code]).toEqual([400, 'MISSING_REQUEST_PARAMS'])
    const broken = await opa.post('/v2/payments', undefined, { rawBody: '{"merchantPaymentId":' })
    expect([broken.status, broken.body.resultInfo.code, broken.body.data.issues]).toEqual([
      400,
      'INVALID_PARAMS',
      [{ path: '', message: 'Body is not valid JSON' }],
    ])
  })

  it('the handler gets the validated input: a missing field, an unsupported currency, a bad id answer as published', async () => {
    const base = { merchantPaymentId: id('MP'), userAuthorizationId: 'x', requestedAt: epochNow() }
    const missing = await opa.post('/v2/payments', { ...base, merchantPaymentId: undefined, amount: jpy(1) })
    expect([missing.status, missing.body.resultInfo.code, missing.body.data.issues[0].path]).toEqual([400, 'MISSING_REQUEST_PARAMS', 'merchantPaymentId'])
    const currency = await opa.post('/v2/payments', { ...base, amount: { amount: 1, currency: 'USD' } })
    expect([currency.status, currency.body.resultInfo.code]).toEqual([400, 'INVALID_REQUEST_PARAMS'])
    const qr = await opa.delete(`/v2/codes/${'x'.repeat(65)}`)
    expect([qr.status, qr.body.resultInfo.code]).toEqual([400, 'DYNAMIC_QR_BAD_REQUEST'])
  })

  it('in-process calls of the payment demos go to the sandbox app, not back through the whole app', async () => {
    const before = t.lines.length
    const merchantPaymentId = `${limits.demo.merchantPaymentIdPrefix}${randomBytes(12).toString('hex')}`
    const res = await t.json('POST', P.createQr, { merchantPaymentId, amount: jpy(1), codeType: 'ORDER_QR' })
    expect(res.status).toBe(201)
    const requests = t.lines
      .slice(before)
      .map((line) => JSON.parse(line) as { msg?: string; path?: string })
      .filter((entry) => entry.msg === 'request')
    // the app's request log saw the demo call once; the forwarded POST /v2/codes did not re-enter the app
    expect(requests.map((r) => r.path)).toEqual([P.createQr])
  })

  it('the sandbox app alone answers the sandbox and nothing else, in the error shape', async () => {
    const sandbox = sandboxModule(t.deps)
    const ping = await sandbox.app.request('/sandbox/api/ping')
    expect([ping.status, (await ping.json()).data]).toEqual([200, { pong: true }])
    const portal = await sandbox.app.request(P.clientInfo)
    expect([portal.status, (await portal.json()).resultInfo.code]).toEqual([404, 'RESOURCE_NOT_FOUND'])
  })
})
