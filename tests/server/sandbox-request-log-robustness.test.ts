import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storableLogEntry, storableValue } from '../../src/domain/sandbox-log.ts'
import { createLogger } from '../../src/server/logger.ts'
import { requestRecorder } from '../../src/server/modules/sandbox/request-log/request-log.ts'
import { requestLogWriter, writeFailureCause } from '../../src/server/modules/sandbox/request-log/writer.ts'
import { requestLogRepo, type NewRequestLogRow } from '../../src/server/store/request-log-repo.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { developer, type Developer } from './devtools-helpers.ts'
import { logEntry } from './request-log-helpers.ts'

/**
 * Issue 22 item 1 (docs/sandbox-powers.md, "Request log bounds"): the request log never loses an entry because of
 * another request. Entries are made storable before they are written; a batch that still fails is written entry by
 * entry (the bad one dropped alone, its cause logged); the queue waiting for writes is bounded.
 */

const NUL = '\u0000'
const loneHigh = '\uD800'
const loneLow = '\uDC00'
const U = '\uFFFD'

describe('storable log entries (pure)', () => {
  it('replaces NUL and lone surrogates in every string, object keys included, and flags the entry', () => {
    expect(storableValue(`a${NUL}b${loneHigh}c${loneLow}d😀`).value).toBe(`a${U}b${U}c${U}d😀`)
    const row = logEntry('m', 'k', { path: `/p${NUL}`, requestHeaders: { [`x${NUL}`]: `v${loneLow}` }, flags: ['request-masked'] })
    const safe = storableLogEntry(row)
    expect(safe.path).toBe(`/p${U}`)
    expect(safe.requestHeaders).toEqual({ [`x${U}`]: `v${U}` })
    expect(safe.flags).toEqual(['request-masked', 'sanitized'])
    // a clean entry is kept as it is (same object, no flag)
    const clean = logEntry('m', 'k', { requestBody: '{"a":"é😀"}' })
    expect(storableLogEntry(clean)).toBe(clean)
  })

  it('names the database cause (message and SQLSTATE), never the wrapper that repeats the query and its parameters', () => {
    const driver = Object.assign(new Error('value "1099511627776" is out of range for type integer'), { code: '22003' })
    const wrapped = Object.assign(new Error('Failed query: insert into … params: secret-body'), { cause: driver })
    expect(writeFailureCause(wrapped)).toEqual({ message: 'value "1099511627776" is out of range for type integer', code: '22003' })
    expect(writeFailureCause('boom')).toEqual({ message: 'boom' })
  })
})

describe('request log write queue (bounded)', () => {
  it('beyond maxQueuedEntries drops the oldest waiting entries, counts them and logs the count once', async () => {
    const lines: string[] = []
    const log = createLogger('info', {}, (line) => lines.push(line))
    const written: string[] = []
    let open!: () => void
    const gate = new Promise<void>((resolve) => (open = resolve))
    const repo = {
      insert: async (rows: NewRequestLogRow[]) => {
        await gate
        written.push(...rows.map((r) => r.path))
        return rows.map(() => 'id')
      },
      prune: async () => {},
    }
    const writer = requestLogWriter(repo, log, { flushDelayMs: 5, bufferedEntries: 2, maxQueuedEntries: 5 })
    // two entries make a batch, whose write hangs; twelve more wait behind it, of which only the newest 5 stay
    for (let i = 0; i < 14; i++) writer.enqueue(logEntry('m', 'k', { path: `/${i}` }))
    expect(writer.pending()).toBe(5)
    open()
    await writer.flush()
    expect(written).toEqual(['/0', '/1', '/9', '/10', '/11', '/12', '/13'])
    const dropped = lines.map((l) => JSON.parse(l)).filter((l) => l.msg.startsWith('request log entries dropped'))
    expect(dropped).toHaveLength(1)
    expect(dropped[0]).toMatchObject({ level: 'warn', dropped: 7, maxQueuedEntries: 5 })
  })
})

describe.each(storeKinds())('request log robustness [%s]', (kind) => {
  let t: TestApp & { lines: string[] }
  let a: Developer
  let b: Developer
  const logOf = async (d: Developer, query = '') => (await d.opa.get(`/sandbox/api/requests${query}`)).body.data.requests

  beforeAll(async () => {
    t = await createTestApp(kind)
    a = await developer(t)
    b = await developer(t)
  })
  afterAll(() => t.close())

  it("a signed body with a raw NUL is logged sanitised, beside other merchants' requests of the same batch", async () => {
    const nulBody = `{"merchantPaymentId":"NUL-${kind}","note":"a${NUL}b"}`
    const answers = await Promise.all([
      a.opa.post('/v2/codes', undefined, { rawBody: nulBody }),
      ...Array.from({ length: 5 }, (_, i) =>
        b.opa.post('/v2/codes', { merchantPaymentId: `NEXT-${kind}-${i}`, amount: jpy(100), codeType: 'ORDER_QR', requestedAt: epochNow() }),
      ),
    ])
    expect(answers.slice(1).every((x) => x.status === 201)).toBe(true)
    await requestRecorder(t.deps).settled()

    const [nul] = await logOf(a, `?path=/v2/codes`)
    expect(nul.request_body).toBe(`{"merchantPaymentId":"NUL-${kind}","note":"a${U}b"}`)
    expect(nul.flags).toContain('sanitized')
    const bPaths = (await logOf(b)).map((e: any) => JSON.parse(e.request_body).merchantPaymentId)
    expect(bPaths.sort()).toEqual(Array.from({ length: 5 }, (_, i) => `NEXT-${kind}-${i}`))
    expect(t.lines.filter((l) => l.includes('request log'))).toEqual([])
    // what was sent is no longer known exactly: neither copied as curl nor replayed
    for (const [method, path] of [
      ['GET', `/dev/v1/sandbox/requests/${nul.id}/curl`],
      ['POST', `/dev/v1/sandbox/requests/${nul.id}/replay`],
    ] as const) {
      const answer = await t.json(method, path, undefined, a.auth)
      expect([answer.status, answer.body.resultInfo.code]).toEqual([409, 'SANDBOX_LOG_ENTRY_NOT_REPLAYABLE'])
    }
  })

  it('NUL and lone surrogates in path, headers, bodies and the auth-failure explanation are stored, replaced by U+FFFD', async () => {
    const repo = requestLogRepo(t.deps.store.db)
    const bad = `x${NUL}y${loneHigh}z${loneLow}`
    const safe = `x${U}y${U}z${U}`
    const [id] = await repo.insertMany([
      logEntry(a.merchantId, a.apiKey, {
        path: `/v2/bad/${bad}`,
        requestHeaders: { 'content-type': bad, [`x-${bad}`]: 'v' },
        requestBody: bad,
        responseBody: bad,
        code: bad,
        authFailure: {
          reason: 'BAD_SIGNATURE',
          receivedHeader: bad,
          expectedStringToSign: bad,
          expectedBodyHash: bad,
          receivedBodyHash: bad,
          epochSkewMs: 0,
          allowedSkewMs: 120_000,
        },
      }),
    ])
    const row = (await repo.find(a.merchantId, id!))!
    expect(row.path).toBe(`/v2/bad/${safe}`)
    expect(row.requestHeaders).toEqual({ 'content-type': safe, [`x-${safe}`]: 'v' })
    expect([row.requestBody, row.responseBody, row.code]).toEqual([safe, safe, safe])
    expect(row.authFailure).toMatchObject({ receivedHeader: safe, expectedStringToSign: safe, expectedBodyHash: safe, receivedBodyHash: safe })
    expect(row.flags).toEqual(['sanitized'])
  })

  it('a row the database refuses is dropped alone, its cause (message, SQLSTATE) logged; the rest of its batch is written', async () => {
    const lines: string[] = []
    const log = createLogger('info', {}, (line) => lines.push(line))
    const writer = requestLogWriter(requestLogRepo(t.deps.store.db), log)
    // status is an integer column: 2^40 is refused (22003) whatever the text
    writer.enqueue(logEntry(a.merchantId, a.apiKey, { path: `/v2/ok-a-${kind}` }))
    writer.enqueue(logEntry(b.merchantId, b.apiKey, { path: `/v2/refused-${kind}`, status: 2 ** 40, requestBody: 'secret-of-the-refused-row' }))
    writer.enqueue(logEntry(b.merchantId, b.apiKey, { path: `/v2/ok-b-${kind}` }))
    await writer.flush()

    const paths = async (d: Developer) => (await requestLogRepo(t.deps.store.db).list(d.merchantId, { limit: 200 })).map((r) => r.path)
    expect(await paths(a)).toContain(`/v2/ok-a-${kind}`)
    expect(await paths(b)).toContain(`/v2/ok-b-${kind}`)
    expect(await paths(b)).not.toContain(`/v2/refused-${kind}`)

    const records = lines.map((l) => JSON.parse(l))
    const droppedEntries = records.filter((r) => r.msg === 'request log entry dropped')
    expect(droppedEntries).toHaveLength(1)
    // (the logger redacts the merchant's digits as it redacts any long number)
    expect(droppedEntries[0]).toMatchObject({ level: 'error', merchantId: expect.any(String), path: `/v2/refused-${kind}`, cause: { code: '22003' } })
    expect(droppedEntries[0].cause.message).toMatch(/out of range/)
    expect(records.find((r) => r.msg.startsWith('request log batch write failed'))).toMatchObject({ entries: 3, cause: { code: '22003' } })
    // the log never carries the bodies the failed query held
    expect(lines.join('\n')).not.toContain('secret-of-the-refused-row')
  })
})
