import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseOpaAuthHeader, signOpaRequest, verifyOpaRequest, type OpaSignInput } from '../../src/domain/opa-auth.ts'
import { createApp } from '../../src/server/app.ts'
import { demoMerchant } from '../../src/server/modules/sandbox/engine/seed.ts'
import { nodeOpaCrypto } from '../../src/server/modules/sandbox/auth/opa-crypto.ts'
import { merchantRepo } from '../../src/server/store/merchant-repo.ts'
import { sandboxRepo } from '../../src/server/store/sandbox-repo.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy, opaClient, type OpaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'

const windowMs = 120_000

function verify(input: OpaSignInput, header: string, request: Partial<OpaSignInput> = {}, nowMs = Number(input.epoch) * 1000) {
  const parsed = parseOpaAuthHeader(header)
  if (!parsed) return false
  const r = { ...input, ...request }
  return verifyOpaRequest(nodeOpaCrypto, {
    header: parsed,
    apiSecret: r.apiSecret,
    method: r.method,
    path: r.path,
    contentType: r.contentType,
    body: r.body,
    nowMs,
    windowMs,
  }).ok
}

/** Replaces one character of `s` at `at` with a different one. */
function mutate(s: string, at: number, replacement: string) {
  const i = at % s.length
  const c = s[i] === replacement ? (replacement === 'a' ? 'b' : 'a') : replacement
  return s.slice(0, i) + c + s.slice(i + 1)
}

describe('OPA-Auth signing (domain)', () => {
  it("reproduces the provider's published example header byte for byte", () => {
    const header = signOpaRequest(nodeOpaCrypto, {
      apiKey: 'APIKeyGenerated',
      apiSecret: 'APIKeySecretGenerated',
      method: 'POST',
      path: '/v2/codes',
      nonce: 'acd028',
      epoch: 1579843452,
      contentType: 'application/json;charset=UTF-8;',
      body: '{"sampleRequestBodyKey1":"sampleRequestBodyValue1","sampleRequestBodyKey2":"sampleRequestBodyValue2"}',
    })
    expect(header).toBe('hmac OPA-Auth:APIKeyGenerated:NW1jKIMnzR7tEhMWtcJcaef+nFVBt7jjAGcVuxHhchc=:acd028:1579843452:1j0FnY4flNp5CtIKa7x9MQ==')
  })

  it('signs bodiless requests with `empty` for content type and hash, and ignores the query string', () => {
    const input = { apiKey: 'k', apiSecret: 's', method: 'GET', path: '/v2/payments/abc?x=1', nonce: 'n', epoch: 1 }
    const header = signOpaRequest(nodeOpaCrypto, input)
    expect(header.endsWith(':empty')).toBe(true)
    expect(header).toBe(signOpaRequest(nodeOpaCrypto, { ...input, path: '/v2/payments/abc' }))
  })

  const arbPath = fc.stringMatching(/^\/[A-Za-z0-9_\-./~%]{0,40}$/)
  const arbInput = fc.record({
    apiKey: fc.stringMatching(/^[A-Za-z0-9_]{1,20}$/),
    apiSecret: fc.string({ minLength: 1, maxLength: 64 }),
    method: fc.constantFrom('GET', 'POST', 'DELETE', 'PUT'),
    path: arbPath,
    nonce: fc.stringMatching(/^[A-Za-z0-9-]{1,36}$/),
    epoch: fc.integer({ min: 1_000_000_000, max: 4_000_000_000 }),
    contentType: fc.constantFrom('application/json', 'application/json;charset=UTF-8;', 'text/plain'),
    body: fc.string({ maxLength: 300, unit: 'binary' }),
  })

  it('verifies whatever it signs: any body, any path', () => {
    fc.assert(
      fc.property(arbInput, (input) => verify(input, signOpaRequest(nodeOpaCrypto, input))),
      { numRuns: 300 },
    )
  })

  it('fails when any single character of the body, path, method, epoch, content type or secret changes', () => {
    fc.assert(
      fc.property(
        arbInput.filter((i) => i.body.length > 0),
        fc.nat(),
        fc.constantFrom('body', 'path', 'contentType', 'apiSecret', 'method', 'epoch'),
        fc.constantFrom('x', '0', '{', ' ', 'é'),
        (input, at, field, replacement) => {
          const header = signOpaRequest(nodeOpaCrypto, input)
          const changed: Partial<OpaSignInput> =
            field === 'epoch'
              ? {}
              : field === 'method'
                ? { method: input.method === 'GET' ? 'POST' : 'GET' }
                : { [field]: mutate(String(input[field]), at, replacement) }
          if (field === 'path' && String(changed.path).search(/[?#]/) >= 0) return true
          if (field === 'epoch') {
            const parsed = parseOpaAuthHeader(header)!
            const tampered = header.replace(`:${parsed.epoch}:`, `:${Number(parsed.epoch) + 1 + (at % 9)}:`)
            return !verify(input, tampered)
          }
          return !verify(input, header, changed)
        },
      ),
      { numRuns: 500 },
    )
  })

  it('fails when any single character of the signature, nonce, epoch or hash in the header changes', () => {
    // the API key is not covered by the MAC: a different key selects a different secret on the server
    fc.assert(
      fc.property(arbInput, fc.nat(), fc.constantFrom('A', 'z', '9', '+', '='), (input, at, replacement) => {
        const header = signOpaRequest(nodeOpaCrypto, input)
        const start = 'hmac OPA-Auth:'.length + input.apiKey.length + 1
        const index = start + (at % (header.length - start))
        if (header[index] === ':') return true
        return !verify(input, mutate(header, index, replacement))
      }),
      { numRuns: 500 },
    )
  })

  it('refuses an epoch more than 120 s away from server time', () => {
    const input = { apiKey: 'k', apiSecret: 's', method: 'GET', path: '/v2/x', nonce: 'n', epoch: 2_000_000_000 }
    const header = signOpaRequest(nodeOpaCrypto, input)
    expect(verify(input, header, {}, 2_000_000_000_000 + 119_000)).toBe(true)
    expect(verify(input, header, {}, 2_000_000_000_000 + 121_000)).toBe(false)
    expect(verify(input, header, {}, 2_000_000_000_000 - 121_000)).toBe(false)
  })
})

describe.each(storeKinds())('OPA-Auth on the sandbox [%s]', (kind) => {
  let t: TestApp
  let opa: OpaClient
  const code = (mpid: string) => ({ merchantPaymentId: mpid, amount: jpy(10), codeType: 'ORDER_QR' })
  let n = 0
  const mpid = () => `AUTH-${kind}-${++n}`

  beforeAll(async () => {
    t = await createTestApp(kind)
    opa = opaClient({ request: (path, init) => t.app.request(path, init) })
    await opa.get('/sandbox/api/clock')
  })
  afterAll(() => t.close())

  const expectUnauthorized = (res: { status: number; body: any }) => {
    expect(res.status).toBe(401)
    expect(res.body.resultInfo).toMatchObject({ code: 'UNAUTHORIZED', codeId: '08100016' })
    expect(res.body.data).toBeNull()
  }

  it('accepts a well-signed request, also with a query string the signature does not cover', async () => {
    expect((await opa.post('/v2/codes', code(mpid()))).status).toBe(201)
    expect((await opa.get('/v2/wallet/check_balance?userAuthorizationId=x&amount=1&currency=JPY')).body.resultInfo.code).toBe('INVALID_USER_AUTHORIZATION_ID')
  })

  it('answers 401 UNAUTHORIZED without a header, with an unknown key, a wrong secret or a tampered body', async () => {
    expectUnauthorized(await opa.post('/v2/codes', code(mpid()), { unsigned: true }))
    expectUnauthorized(await opa.post('/v2/codes', code(mpid()), { apiKey: 'a_unknown' }))
    expectUnauthorized(await opa.post('/v2/codes', code(mpid()), { apiSecret: 'not-the-secret' }))
    const signed = JSON.stringify(code(mpid()))
    expectUnauthorized(await opa.post('/v2/codes', undefined, { rawBody: signed, sendBody: signed.replace('"amount":10', '"amount":11') }))
    expectUnauthorized(await opa.post('/v2/codes', code(mpid()), { headers: { authorization: 'Basic abc' } }))
  })

  it('answers 401 for a stale or future epoch (more than 120 s away)', async () => {
    expectUnauthorized(await opa.post('/v2/codes', code(mpid()), { epoch: epochNow() - 125 }))
    expectUnauthorized(await opa.post('/v2/codes', code(mpid()), { epoch: epochNow() + 125 }))
    expect((await opa.post('/v2/codes', code(mpid()), { epoch: epochNow() - 100 })).status).toBe(201)
  })

  it('answers 401 for a nonce longer than 64 characters (it would be remembered for the window), and accepts 64', async () => {
    expectUnauthorized(await opa.post('/v2/codes', code(mpid()), { nonce: 'n'.repeat(65) }))
    expect((await opa.post('/v2/codes', code(mpid()), { nonce: 'n'.repeat(64) })).status).toBe(201)
  })

  it('answers 401 when a nonce is reused inside the window, even on another server process of the same store', async () => {
    const first = await opa.post('/v2/codes', code(mpid()), { nonce: `nonce-${kind}` })
    expect(first.status).toBe(201)
    expectUnauthorized(await opa.post('/v2/codes', code(mpid()), { nonce: `nonce-${kind}` }))
    const otherProcess = createApp(t.deps)
    const other = opaClient({ request: (path, init) => otherProcess.request(path, init) })
    expectUnauthorized(await other.post('/v2/codes', code(mpid()), { nonce: `nonce-${kind}` }))
  })

  it('refuses all but one of one signed request sent many times at once (the admissions of one moment share a statement)', async () => {
    // the key is known to this process first, so that every copy takes the grouped path
    expect((await opa.get('/sandbox/api/clock')).status).toBe(200)
    const copies = await Promise.all(Array.from({ length: 12 }, () => opa.post('/v2/codes', code(mpid()), { nonce: `burst-${kind}`, epoch: epochNow() })))
    // (each copy has its own body: the signature differs, the nonce does not)
    expect(copies.filter((r) => r.status === 201)).toHaveLength(1)
    expect(copies.filter((r) => r.status === 401)).toHaveLength(11)
    // and different nonces of the same moment are each admitted once
    const distinct = await Promise.all(Array.from({ length: 12 }, (_, i) => opa.post('/v2/codes', code(mpid()), { nonce: `burst-${kind}-${i}` })))
    expect(distinct.map((r) => r.status)).toEqual(distinct.map(() => 201))
  })

  it('takes the merchant from assumeMerchant over X-ASSUME-MERCHANT, and refuses another merchant with OP_OUT_OF_SCOPE', async () => {
    const other = await merchantRepo(t.deps.store.db).create({ name: 'Other shop', products: ['qrcode'] })
    const viaQuery = await opa.post(`/v2/codes?assumeMerchant=${demoMerchant.id}`, code(mpid()), { headers: { 'x-assume-merchant': other.id } })
    expect(viaQuery.status).toBe(201)
    const foreign = await opa.post(`/v2/codes?assumeMerchant=${other.id}`, code(mpid()))
    expect(foreign.status).toBe(401)
    expect(foreign.body.resultInfo).toMatchObject({ code: 'OP_OUT_OF_SCOPE', codeId: '08100023' })
    const noHeader = opaClient({ request: (path, init) => t.app.request(path, init), merchantId: null })
    expect((await noHeader.post('/v2/codes', code(mpid()))).status).toBe(201)
  })

  it('answers OP_OUT_OF_SCOPE for products the merchant lacks, and seeds test users on its first use', async () => {
    const repo = merchantRepo(t.deps.store.db)
    const qrOnly = await repo.create({ name: 'QR only', products: ['qrcode'] })
    const key = await repo.issueCredential(qrOnly.id)
    const client = opaClient({ request: (path, init) => t.app.request(path, init), apiKey: key.apiKey, apiSecret: key.apiSecret, merchantId: qrOnly.id })
    expect((await client.post('/v2/codes', code(mpid()))).status).toBe(201)
    const native = await client.post('/v2/payments', { merchantPaymentId: mpid(), userAuthorizationId: 'u', amount: jpy(1), requestedAt: epochNow() })
    expect(native.status).toBe(401)
    expect(native.body.resultInfo.code).toBe('OP_OUT_OF_SCOPE')
    const preauthCode = await client.post('/v2/codes', { ...code(mpid()), isAuthorization: true })
    expect(preauthCode.body.resultInfo).toMatchObject({ code: 'PRE_AUTH_CAPTURE_UNSUPPORTED_MERCHANT', codeId: '00400060' })
    expect(await sandboxRepo(t.deps.store.db).countTestUsers(qrOnly.id)).toBe(3)
  })
})
