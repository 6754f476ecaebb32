import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { macMessage, bodyDigest } from '../../src/domain/opa-auth.ts'
import { requestLogLimits, signatureVerifiedFlag } from '../../src/domain/sandbox-log.ts'
import { nodeOpaCrypto } from '../../src/server/modules/sandbox/auth/opa-crypto.ts'
import { requestLogRepo } from '../../src/server/store/request-log-repo.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy, opaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { developer, type Developer } from './devtools-helpers.ts'
import { badSignature, logEntry } from './request-log-helpers.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'

const qrBody = (id: string, extra: Record<string, unknown> = {}) => ({
  merchantPaymentId: id,
  amount: jpy(100),
  codeType: 'ORDER_QR',
  requestedAt: epochNow(),
  ...extra,
})

describe.each(storeKinds())('sandbox request log and signature debugger [%s]', (kind) => {
  let t: TestApp
  let a: Developer
  let b: Developer
  const logOf = async (d: Developer, query = '') => (await d.opa.get(`/sandbox/api/requests${query}`)).body.data.requests
  const portalLog = (d: Developer, query = '', headers: Record<string, string> = {}) =>
    t.json('GET', `/dev/v1/sandbox/requests${query}`, undefined, { ...d.auth, ...headers })

  beforeAll(async () => {
    t = await createTestApp(kind)
    a = await developer(t)
    b = await developer(t)
  })
  afterAll(() => t.close())

  it('keeps every signed request of the merchant, newest first, with status, code, latency and bodies; filters', async () => {
    const created = await a.opa.post('/v2/codes', qrBody(`LOG-${kind}-1`))
    expect(created.status).toBe(201)
    const forced = await a.opa.get(`/v2/codes/payments/LOG-${kind}-1`, { headers: { 'X-Sandbox-Force': 'RATE_LIMIT' } })
    expect(forced.status).toBe(429)

    const log = await logOf(a)
    expect(log.slice(0, 2).map((e: any) => [e.method, e.path, e.status, e.code])).toEqual([
      ['GET', `/v2/codes/payments/LOG-${kind}-1`, 429, 'RATE_LIMIT'],
      ['POST', '/v2/codes', 201, 'SUCCESS'],
    ])
    const [rateLimited, create] = log
    expect(rateLimited.code_id).toBe(forced.body.resultInfo.codeId)
    expect(rateLimited.request_headers['x-sandbox-force']).toBe('RATE_LIMIT')
    expect(rateLimited.resolver_path).toBe(
      `/develop/resolve?api_name=GET+%2Fv2%2Fcodes%2Fpayments%2FLOG-${kind}-1&code=RATE_LIMIT&code_id=${forced.body.resultInfo.codeId}`,
    )
    expect(create.resolver_path).toBeNull()
    expect(JSON.parse(create.request_body).merchantPaymentId).toBe(`LOG-${kind}-1`)
    expect(JSON.parse(create.response_body).data.codeId).toBe(created.body.data.codeId)
    expect(create.latency_ms).toBeGreaterThanOrEqual(0)
    // the MAC of the Authorization header is not kept; key, nonce, epoch and hash are
    expect(create.request_headers.authorization).toMatch(new RegExp(`^hmac OPA-Auth:${a.apiKey}:\\[masked\\]:[0-9a-f]+:\\d+:`))
    expect(JSON.stringify(create)).not.toContain(created.authorization!.split(':')[2])

    expect((await logOf(a, '?status=429')).every((e: any) => e.status === 429)).toBe(true)
    expect((await logOf(a, '?code=rate_limit')).map((e: any) => e.id)).toEqual([rateLimited.id])
    expect((await logOf(a, `?path=LOG-${kind}-1&limit=1`)).map((e: any) => e.id)).toEqual([rateLimited.id])
    expect(await logOf(a, `?from=${Date.parse(rateLimited.at) + 60_000}`)).toEqual([])
    expect((await a.opa.get('/sandbox/api/requests?status=abc')).status).toBe(400)
    expect((await a.opa.get('/sandbox/api/requests?limit=100000')).status).toBe(400)

    // the portal call answers the same entries for the signed-in owner
    const portal = await portalLog(a, '?code=RATE_LIMIT')
    expect(portal.status).toBe(200)
    expect(portal.body.data.requests.map((e: any) => e.id)).toEqual([rateLimited.id])
  })

  it('explains each failed OPA-Auth of a known key to its owner: which part failed and the string it expected', async () => {
    const id = `DBG-${kind}`
    // signature mismatch: signed with a wrong secret
    const bad = await a.opa.post('/v2/codes', qrBody(`${id}-sig`), { apiSecret: 'not-the-secret', nonce: 'dbgnonce1' })
    expect(bad.status).toBe(401)
    // body changed after signing
    await a.opa.post('/v2/codes', qrBody(`${id}-body`), { sendBody: JSON.stringify(qrBody(`${id}-other`)) })
    // stale epoch: five minutes behind
    const epoch = epochNow() - 300
    await a.opa.get(`/v2/codes/payments/${id}`, { epoch })
    // a nonce used twice
    await a.opa.get(`/v2/codes/payments/${id}-n`, { nonce: 'dbgnonce2' })
    await a.opa.get(`/v2/codes/payments/${id}-n`, { nonce: 'dbgnonce2' })

    const failed = await logOf(a, '?auth_failed=true')
    const reasons = failed.map((e: any) => e.auth_failure.reason)
    expect(reasons.slice(0, 4)).toEqual(['NONCE_REUSED', 'STALE_EPOCH', 'BODY_HASH_MISMATCH', 'BAD_SIGNATURE'])
    expect(failed.every((e: any) => e.status === 401 && e.code === 'UNAUTHORIZED')).toBe(true)

    const sig = failed[3].auth_failure
    expect(JSON.parse(failed[3].request_body).merchantPaymentId).toBe(`${id}-sig`)
    const digest = bodyDigest(nodeOpaCrypto, 'application/json;charset=UTF-8;', failed[3].request_body)
    expect(sig.expected_string_to_sign).toBe(
      macMessage({ path: '/v2/codes', method: 'POST', nonce: 'dbgnonce1', epoch: bad.authorization!.split(':')[4]!, ...digest }),
    )
    expect(sig.received_header).toBe(bad.authorization)
    // the server never reveals the MAC it expected
    expect(JSON.stringify(failed[3])).not.toMatch(/expected_mac|expectedMac/)

    const body = failed[2].auth_failure
    expect(body.expected_body_hash).not.toBe(body.received_body_hash)
    const stale = failed[1].auth_failure
    expect(stale.epoch_skew_ms).toBeLessThan(-290_000)
    expect(stale.epoch_skew_ms).toBeGreaterThan(-320_000)
    expect(stale.allowed_skew_ms).toBe(120_000)
  })

  it('a revoked key is explained to its owner as UNKNOWN_KEY; a key acting for another merchant as ASSUMED_MERCHANT', async () => {
    const created = (await t.json('POST', `/v1/d-panel/${a.merchantId}/apiKey`, undefined, a.auth)).body.data
    const spare = opaClient({ request: (p, i) => t.app.request(p, i), apiKey: created.api_key, apiSecret: created.api_secret, merchantId: a.merchantId })
    expect((await t.json('DELETE', `/v1/d-panel/${a.merchantId}/apiKey/${created.api_key}`, undefined, a.auth)).status).toBe(200)
    expect((await spare.get('/v2/codes/payments/REVOKED')).status).toBe(401)
    const foreign = opaClient({ request: (p, i) => t.app.request(p, i), apiKey: a.apiKey, apiSecret: a.apiSecret, merchantId: b.merchantId })
    expect((await foreign.get('/v2/codes/payments/FOREIGN')).body.resultInfo.code).toBe('OP_OUT_OF_SCOPE')

    const [assumed, revoked] = await logOf(a, '?auth_failed=true')
    expect(assumed.auth_failure).toMatchObject({ reason: 'ASSUMED_MERCHANT', assumed_merchant: b.merchantId })
    expect(revoked.auth_failure.reason).toBe('UNKNOWN_KEY')
    expect(revoked.api_key).toBe(created.api_key)
  })

  it("never shows a merchant another merchant's entries, by any call", async () => {
    // a's key, signed wrongly, claiming b's merchant: logged for a (the key's owner), never for b
    const foreign = opaClient({ request: (p, i) => t.app.request(p, i), apiKey: a.apiKey, apiSecret: 'wrong', merchantId: b.merchantId })
    await foreign.post('/v2/codes', qrBody(`ISO-${kind}`))
    const aEntries = await logOf(a)
    expect(aEntries[0].request_body).toContain(`ISO-${kind}`)
    const bOpa = await logOf(b)
    const bPortal = (await portalLog(b)).body.data.requests
    for (const entries of [bOpa, bPortal]) {
      expect(JSON.stringify(entries)).not.toContain(a.apiKey)
      expect(JSON.stringify(entries)).not.toContain(`ISO-${kind}`)
      expect(JSON.stringify(entries)).not.toContain('LOG-')
    }
    // b cannot assume a's merchant, nor read, copy or replay a's entry by id
    expect((await portalLog(b, '', { 'X-ASSUME-MERCHANT': a.merchantId })).status).toBe(403)
    const id = aEntries[0].id
    for (const [method, path] of [
      ['GET', `/dev/v1/sandbox/requests/${id}/curl`],
      ['POST', `/dev/v1/sandbox/requests/${id}/replay`],
    ] as const) {
      const answer = await t.json(method, path, undefined, b.auth)
      expect([answer.status, answer.body.resultInfo.code]).toEqual([404, 'SANDBOX_LOG_ENTRY_NOT_FOUND'])
    }
    expect((await t.json('GET', `/dev/v1/sandbox/requests/${id}/curl`, undefined, { ...b.auth, 'X-ASSUME-MERCHANT': a.merchantId })).status).toBe(403)
    // b signing with a's key id but b's secret: a's key is known, so the entry is a's, and b sees nothing
    const mixed = opaClient({ request: (p, i) => t.app.request(p, i), apiKey: a.apiKey, apiSecret: b.apiSecret, merchantId: b.merchantId })
    await mixed.get('/v2/codes/payments/MIXED')
    expect(JSON.stringify(await logOf(b))).not.toContain('MIXED')
    expect(JSON.stringify(await logOf(a))).toContain('MIXED')
  })

  it('copy as curl signs the entry anew with the owner key; replay sends it again and logs the answer', async () => {
    await a.opa.post('/v2/codes', qrBody(`RPL-${kind}`))
    const get = await a.opa.get(`/v2/codes/payments/RPL-${kind}`)
    expect(get.status).toBe(200)
    const [entry] = await logOf(a, `?path=/v2/codes/payments/RPL-${kind}`)
    const curl = await t.json('GET', `/dev/v1/sandbox/requests/${entry.id}/curl`, undefined, a.auth)
    expect(curl.status).toBe(200)
    expect(curl.body.data.curl).toContain(`'http://localhost/v2/codes/payments/RPL-${kind}'`)
    expect(curl.body.data.curl).toMatch(new RegExp(`-H 'authorization: hmac OPA-Auth:${a.apiKey}:[A-Za-z0-9+/=]{44}:`))
    expect(curl.body.data.curl).not.toContain(get.authorization!)
    const replay = await t.json('POST', `/dev/v1/sandbox/requests/${entry.id}/replay`, undefined, a.auth)
    expect(replay.status).toBe(200)
    expect(replay.body.data.status).toBe(200)
    expect(replay.body.data.body.data.merchantPaymentId).toBe(`RPL-${kind}`)
    const again = await logOf(a, `?path=/v2/codes/payments/RPL-${kind}`)
    expect(again).toHaveLength(2)
    // the POST replayed answers the duplicate, as the provider would
    const [post] = await logOf(a, `?path=/v2/codes&status=201`)
    const replayedPost = await t.json('POST', `/dev/v1/sandbox/requests/${post.id}/replay`, undefined, a.auth)
    expect(replayedPost.body.data.body.resultInfo.code).toBe('DUPLICATE_DYNAMIC_QR_REQUEST')
  })

  it('never signs anew a request whose signature did not verify: a forged refund planted with the key alone stays unrun', async () => {
    // a COMPLETED payment of a's merchant
    const id = `FRG-${kind}`
    const code = (await a.opa.post('/v2/codes', qrBody(id))).body.data
    const engine = t.deps.sandbox
    const taro = (await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(a.merchantId))).find((u) => u.username === 'taro')!
    await sandboxCommands.codes.payCode(engine.ctx, { codeId: code.codeId, testUserId: taro.id })
    const paid = await a.opa.get(`/v2/codes/payments/${id}`)
    expect(paid.body.data.status).toBe('COMPLETED')
    // someone who knows a's API key, not its secret, plants a refund with a wrong signature
    const refund = { merchantRefundId: `${id}-R`, paymentId: paid.body.data.paymentId, amount: jpy(100), requestedAt: epochNow(), reason: 'forged' }
    const forged = await a.opa.post('/v2/refunds', refund, { apiSecret: 'not-the-secret' })
    expect(forged.status).toBe(401)
    const [entry] = await logOf(a, '?path=/v2/refunds')
    expect(entry.auth_failure.reason).toBe('BAD_SIGNATURE')
    expect(entry.signature_verified).toBe(false)
    expect(entry.flags).not.toContain(signatureVerifiedFlag)
    // the debugger still shows it; neither curl nor replay signs it, in the provider's error shape and both languages
    for (const [lang, message] of [
      ['en', /signature did not verify/],
      ['ja', /署名が検証されていません/],
    ] as const) {
      for (const [method, path] of [
        ['GET', `/dev/v1/sandbox/requests/${entry.id}/curl`],
        ['POST', `/dev/v1/sandbox/requests/${entry.id}/replay`],
      ] as const) {
        const answer = await t.json(method, path, undefined, { ...a.auth, 'accept-language': lang })
        expect([method, answer.status, answer.body.resultInfo.code, answer.body.resultInfo.codeId]).toEqual([
          method,
          403,
          'SANDBOX_LOG_ENTRY_NOT_VERIFIED',
          '99900007',
        ])
        expect(answer.body.resultInfo.message).toMatch(message)
        expect(answer.body).toHaveProperty('data', null)
        expect(JSON.stringify(answer.body)).not.toContain('curl')
      }
    }
    // nothing ran: the payment is still COMPLETED, no refund exists, and no new entry was logged
    expect(await logOf(a, '?path=/v2/refunds')).toHaveLength(1)
    expect((await a.opa.get(`/v2/codes/payments/${id}`)).body.data.status).toBe('COMPLETED')
    expect((await a.opa.get(`/v2/refunds/${id}-R`)).body.resultInfo.code).toBe('NO_SUCH_REFUND_ORDER')

    // the verified entries say so, and only they are replayable
    const [read] = await logOf(a, `?path=/v2/codes/payments/${id}&status=200`)
    expect(read.signature_verified).toBe(true)
    expect(read.flags).toContain(signatureVerifiedFlag)
    expect((await t.json('GET', `/dev/v1/sandbox/requests/${read.id}/curl`, undefined, a.auth)).status).toBe(200)
  })

  it('an entry written before entries recorded their verification counts as unverified', async () => {
    const repo = requestLogRepo(t.deps.store.db)
    const [legacy] = await repo.insertMany([logEntry(a.merchantId, a.apiKey, { path: '/v2/codes/payments/LEGACY' })])
    const [entry] = await logOf(a, '?path=LEGACY')
    expect([entry.id, entry.signature_verified, entry.auth_failure]).toEqual([legacy, false, null])
    for (const [method, path] of [
      ['GET', `/dev/v1/sandbox/requests/${legacy}/curl`],
      ['POST', `/dev/v1/sandbox/requests/${legacy}/replay`],
    ] as const) {
      const answer = await t.json(method, path, undefined, a.auth)
      expect([answer.status, answer.body.resultInfo.code]).toEqual([403, 'SANDBOX_LOG_ENTRY_NOT_VERIFIED'])
    }
  })

  it('keeps at most the newest N entries per merchant (pruned with each insert)', async () => {
    const repo = requestLogRepo(t.deps.store.db)
    const base = Date.now()
    const row = logEntry(b.merchantId, b.apiKey)
    // one batch beyond the bound, then single entries: each write prunes
    await repo.insertMany(Array.from({ length: requestLogLimits.perMerchant + 3 }, (_, i) => ({ ...row, atMs: base + i, path: `/v2/x/${i}` })))
    expect(await repo.count(b.merchantId)).toBe(requestLogLimits.perMerchant)
    for (let i = requestLogLimits.perMerchant + 3; i < requestLogLimits.perMerchant + 5; i++)
      await repo.insertMany([{ ...row, atMs: base + i, path: `/v2/x/${i}` }])
    expect(await repo.count(b.merchantId)).toBe(requestLogLimits.perMerchant)
    const newest = await repo.list(b.merchantId, { limit: 1 })
    expect(newest[0]!.path).toBe(`/v2/x/${requestLogLimits.perMerchant + 4}`)
    expect((await repo.list(b.merchantId, { limit: 200 })).some((r) => r.path === '/v2/x/0')).toBe(false)
    // a's entries were untouched by b's pruning
    expect(await repo.count(a.merchantId)).toBeGreaterThan(10)
  })

  it('writers on many connections at once (WORKERS, two servers) prune the same merchant without a deadlock or a lost bound', async () => {
    const d = await developer(t)
    const repo = requestLogRepo(t.deps.store.db)
    const base = Date.now()
    const row = (i: number, w: number) =>
      logEntry(d.merchantId, d.apiKey, { atMs: base + i, path: `/v2/w${w}/${i}`, authFailure: i % 3 === 0 ? badSignature : null })
    // 16 writers, 12 batches each, every batch beyond both bounds' room: each prune deletes rows another is deleting
    const writers = Array.from({ length: 16 }, async (_, w) => {
      for (let batch = 0; batch < 12; batch++) await repo.insertMany(Array.from({ length: 30 }, (_, k) => row((batch * 16 + w) * 30 + k, w)))
    })
    const outcomes = await Promise.allSettled(writers)
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason))).toEqual([])
    await repo.prune([d.merchantId])
    expect((await logOf(d, '?auth_failed=false&limit=200')).length).toBe(requestLogLimits.perMerchant)
    expect((await logOf(d, '?auth_failed=true&limit=200')).length).toBe(requestLogLimits.unverifiedPerMerchant)
  })

  it('a flood signed with the key but a wrong secret leaves every verified entry: refused ones have a small pool and a rate of their own', async () => {
    const c = await developer(t)
    for (let i = 0; i < 5; i++) expect((await c.opa.post('/v2/codes', qrBody(`FLOOD-${kind}-${i}`))).status).toBe(201)
    // more than the per-minute rate, from someone holding the key alone
    const flood = requestLogLimits.unverifiedPerMinute + 40
    for (let i = 0; i < flood; i++) expect((await c.opa.get(`/v2/codes/payments/FLOOD-${kind}-0`, { apiSecret: 'not-the-secret' })).status).toBe(401)
    const verified = await logOf(c, '?auth_failed=false&limit=200')
    expect(verified.map((e: any) => e.path)).toEqual(Array.from({ length: 5 }, () => '/v2/codes'))
    const refused = await logOf(c, '?auth_failed=true&limit=200')
    // the newest refused ones are kept to debug a signature, no more
    expect(refused.length).toBe(requestLogLimits.unverifiedPerMerchant)
    expect(refused[0].auth_failure.reason).toBe('BAD_SIGNATURE')
    // and the merchant's own requests after the flood are logged as before
    expect((await c.opa.post('/v2/codes', qrBody(`FLOOD-${kind}-after`))).status).toBe(201)
    expect((await logOf(c, '?auth_failed=false&limit=1'))[0].request_body).toContain(`FLOOD-${kind}-after`)
  })
})
