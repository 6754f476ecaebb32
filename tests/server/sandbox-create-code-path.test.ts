import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoMerchant } from '../../src/server/modules/sandbox/engine/seed.ts'
import { insertCodeRow } from '../../src/server/store/code-inserts.ts'
import type { NewCodeRow } from '../../src/server/store/sandbox-rows.ts'
import { newCodeId, newPaymentId, sandboxRepo } from '../../src/server/store/sandbox-repo.ts'
import { sandboxPayments } from '../../src/server/store/tables/sandbox.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { jpy, opaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'

/** Issue 22, the signed create-code's hot path: its grouped insert, and its body read straight from the socket. */
describe.each(storeKinds())('create-code hot path [%s]', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(() => t.close())

  const row = (merchantPaymentId: string, merchantId: string = demoMerchant.id): NewCodeRow => ({
    paymentId: newPaymentId(),
    merchantId,
    merchantPaymentId,
    kind: 'QR',
    status: 'CREATED',
    isAuthorization: false,
    amount: 1200,
    codeId: newCodeId(),
    codeExpiresAtMs: 1_900_000_000_000,
    requestedAt: null,
    expiresAtMs: null,
    order: { orderDescription: 'Cake', orderItems: [{ name: 'Tart', quantity: 1 }] },
    createdAtMs: 1_800_000_000_000,
  })

  it('inserts the codes of one moment together: each answers its own row as a lone insert would, a taken merchantPaymentId none', async () => {
    const db = t.deps.store.db
    const rows = [row(`GROUP-A-${kind}`), row(`GROUP-B-${kind}`), row(`GROUP-A-${kind}`), row(`GROUP-C-${kind}`)]
    // one turn of the event loop: one statement
    const answers = await Promise.all(rows.map((r) => insertCodeRow(db, r)))
    expect(answers.map((a) => a?.merchantPaymentId)).toEqual([`GROUP-A-${kind}`, `GROUP-B-${kind}`, undefined, `GROUP-C-${kind}`])
    // the row as the database holds it, with its defaults, as Drizzle reads it
    const stored = await sandboxRepo(db).findPayment(demoMerchant.id, `GROUP-B-${kind}`)
    expect(answers[1]).toEqual(stored)
    expect(stored).toMatchObject({ amount: 1200, heldAmount: 0, captures: [], codeDeleted: false, order: rows[1]!.order, createdAtMs: 1_800_000_000_000 })
    // a merchantPaymentId taken earlier: none either
    expect(await insertCodeRow(db, row(`GROUP-B-${kind}`))).toBeUndefined()
    expect(
      await db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.merchantPaymentId, `GROUP-A-${kind}`)),
    ).toHaveLength(1)
  })

  it('answers each row of a batch that failed on its own: a code of an unknown merchant fails alone, the others are made', async () => {
    const db = t.deps.store.db
    const rows = [row(`ALONE-A-${kind}`), row(`ALONE-B-${kind}`, 'no-such-merchant'), row(`ALONE-C-${kind}`)]
    const answers = await Promise.allSettled(rows.map((r) => insertCodeRow(db, r)))
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value?.merchantPaymentId : 'failed'))).toEqual([`ALONE-A-${kind}`, 'failed', `ALONE-C-${kind}`])
  })

  it('inside a transaction inserts in that transaction (rolled back with it)', async () => {
    const db = t.deps.store.db
    await expect(
      db.transaction(async (tx) => {
        expect(await insertCodeRow(tx as unknown as typeof db, row(`TX-${kind}`))).toMatchObject({ merchantPaymentId: `TX-${kind}` })
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect(await sandboxRepo(db).findPayment(demoMerchant.id, `TX-${kind}`)).toBeUndefined()
  })

  describe('over a socket', () => {
    let server: ServerType
    let origin: string
    beforeAll(async () => {
      server = await new Promise<ServerType>((resolve) => {
        const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
      })
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    })
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

    /** A raw HTTP/1.1 POST: `chunked` sends the body without a Content-Length. */
    const post = (path: string, body: string, chunked: boolean) =>
      new Promise<{ status: number; body: { resultInfo: { code: string } } }>((resolve, reject) => {
        const req = httpRequest(`${origin}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': Buffer.byteLength(body) }) },
        })
        req.on('response', (res) => {
          let text = ''
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) as { resultInfo: { code: string } } }))
        })
        req.on('error', reject)
        if (chunked) for (let at = 0; at < body.length; at += 64 * 1024) req.write(body.slice(at, at + 64 * 1024))
        else req.write(body)
        req.end()
      })

    it('creates a signed code, refuses its replay and a second code of its merchantPaymentId', async () => {
      const opa = opaClient({ request: (path, init) => fetch(`${origin}${path}`, init) })
      const body = { merchantPaymentId: `SOCKET-${kind}`, amount: jpy(500), codeType: 'ORDER_QR', orderDescription: 'ケーキ' }
      const created = await opa.post('/v2/codes', body, { nonce: `n-${kind}` })
      expect([created.status, created.body.data.merchantPaymentId, created.body.data.amount]).toEqual([201, `SOCKET-${kind}`, jpy(500)])
      const replayed = await opa.post('/v2/codes', body, { nonce: `n-${kind}` })
      expect([replayed.status, replayed.body.resultInfo.code]).toEqual([401, 'UNAUTHORIZED'])
      const again = await opa.post('/v2/codes', body)
      expect(again.body.resultInfo.code).toBe('DUPLICATE_DYNAMIC_QR_REQUEST')
    })

    it('refuses a body over the limit with 413, told by its Content-Length or counted as it streams', async () => {
      const big = JSON.stringify({ pad: 'x'.repeat(1_100_000) })
      for (const chunked of [false, true]) {
        const answer = await post('/v2/codes', big, chunked)
        expect([chunked, answer.status, answer.body.resultInfo.code]).toEqual([chunked, 413, 'PAYLOAD_TOO_LARGE'])
      }
      // under the limit, streamed: read as a whole (unsigned, so refused by OPA-Auth, not by the limit)
      expect((await post('/v2/codes', JSON.stringify({ pad: 'x'.repeat(200_000) }), true)).status).toBe(401)
    })
  })
})
