import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { frozenInstantMs } from '../../src/server/clock.ts'
import { freePort, waitUntilOk } from '../../scripts/lib/local-server.ts'
import { jpy, opaClient } from '../support/opa-client.ts'
import { serverProcessArgs, stopProcesses } from '../support/server-process.ts'
import { seedPgliteDataDir } from '../support/pglite-template.ts'

/**
 * Issue 33: a sandbox replayed byte for byte. Three real server processes (`src/server/main.ts`), each on its own
 * PGlite data directory: two started with SANDBOX_SEED=golden-1, one with SANDBOX_SEED=golden-2. The same script of
 * signed requests, sent one at a time as docs/sandbox-state.md tells golden-file tests to, gets the same bytes from
 * the two servers of one seed (answers and X-REQUEST-ID), and other ids from the other seed.
 */
const requestedAt = Math.floor(frozenInstantMs / 1000)

interface Answer {
  step: string
  status: number
  requestId: string | null
  text: string
}

/** The scripted session of a golden-file test: codes, the wallet paying, refunds, commands, the clock, webhooks. */
async function script(origin: string): Promise<Answer[]> {
  const answers: Answer[] = []
  const opa = opaClient({ request: (path, init) => fetch(origin + path, init) })
  const call = async (step: string, method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await (method === 'GET' ? opa.get(path) : opa.post(path, body))
    const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body)
    answers.push({ step, status: res.status, requestId: res.headers.get('x-request-id'), text })
    return res.body?.data
  }
  await call('clock', 'GET', '/sandbox/api/clock')
  const code = await call('create code', 'POST', '/v2/codes', { merchantPaymentId: 'golden-1', amount: jpy(500), codeType: 'ORDER_QR', requestedAt })
  await call('get code payment (unpaid)', 'GET', '/v2/codes/payments/golden-1')
  await call('wallet pays', 'POST', '/sandbox/api/commands/pay_code', { code: code.url, user: 'taro' })
  const paid = await call('get code payment (paid)', 'GET', '/v2/codes/payments/golden-1')
  await call('refund', 'POST', '/v2/refunds', { merchantRefundId: 'golden-r1', paymentId: paid.paymentId, amount: jpy(200), requestedAt })
  await call('get refund', 'GET', '/v2/refunds/golden-r1')
  await call('trigger (made-up ids)', 'POST', '/sandbox/api/commands/trigger', { event: 'payment.refunded', amount: 300 })
  const link = await call('link a test user', 'POST', '/sandbox/api/commands/link_test_user', { user: 'hanako' })
  const payment = await call('native payment', 'POST', '/sandbox/api/commands/create_payment', { userAuthorizationId: link.userAuthorizationId, amount: 100 })
  await call('get payment', 'GET', `/v2/payments/${payment.merchantPaymentId}`)
  await call('duplicate code (an error answer)', 'POST', '/v2/codes', { merchantPaymentId: 'golden-1', amount: jpy(500), codeType: 'ORDER_QR', requestedAt })
  await call('advance the clock', 'POST', '/sandbox/api/clock', { advanceMs: 10 * 60_000 })
  await call('a code after the move', 'POST', '/v2/codes', { merchantPaymentId: 'golden-2', amount: jpy(700), codeType: 'ORDER_QR', requestedAt })
  await call('webhooks', 'GET', '/sandbox/api/webhooks')
  await call('snapshot', 'POST', '/sandbox/api/snapshots', { label: 'golden' })
  await call('test users', 'POST', '/sandbox/api/commands/list_test_users', {})
  return answers
}

describe('SANDBOX_SEED: two processes with one seed answer byte for byte the same', () => {
  const children: ChildProcess[] = []
  const dirs: string[] = []
  const origins: Record<'a' | 'b' | 'other', string> = { a: '', b: '', other: '' }
  let first: Answer[] = []

  const start = async (seed: string) => {
    const port = await freePort()
    const dataDir = mkdtempSync(join(tmpdir(), 'paylab-seed-'))
    dirs.push(dataDir)
    // a copy of the migrated template store: the process skips initdb and the migrations
    await seedPgliteDataDir(dataDir)
    const child = spawn(process.execPath, serverProcessArgs(), {
      env: {
        ...process.env,
        SANDBOX_SEED: seed,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        // links in answers (cashier URLs) name one origin for both, as one CI job's server would
        PUBLIC_ORIGIN: 'http://localhost:3000',
        DATABASE_URL: '',
        WORKERS: '',
        LOG_LEVEL: 'warn',
        SANDBOX_HTTPS_PORT: '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    children.push(child)
    const origin = `http://127.0.0.1:${port}`
    await waitUntilOk(`${origin}/healthz`, { timeoutMs: 540_000, intervalMs: 200, child })
    return origin
  }

  beforeAll(async () => {
    ;[origins.a, origins.b, origins.other] = await Promise.all([start('golden-1'), start('golden-1'), start('golden-2')])
  }, 600_000)

  afterAll(async () => {
    await stopProcesses(children)
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  }, 60_000)

  it('the same seed and the same requests: the same answers, the same request ids', async () => {
    const a = (first = await script(origins.a))
    const b = await script(origins.b)
    // every step answered as a client expects (the script itself is right)
    expect(a.map((x) => [x.step, x.status])).toEqual([
      ['clock', 200],
      ['create code', 201],
      ['get code payment (unpaid)', 200],
      ['wallet pays', 200],
      ['get code payment (paid)', 200],
      ['refund', 200],
      ['get refund', 200],
      ['trigger (made-up ids)', 200],
      ['link a test user', 200],
      ['native payment', 200],
      ['get payment', 200],
      ['duplicate code (an error answer)', 400],
      ['advance the clock', 200],
      ['a code after the move', 201],
      ['webhooks', 200],
      ['snapshot', 201],
      ['test users', 200],
    ])
    for (let i = 0; i < a.length; i++) expect(b[i], a[i]!.step).toEqual(a[i])
    // the clock stands at the documented instant, and moved by what it was told only
    expect(JSON.parse(a[0]!.text).data.nowMs).toBe(frozenInstantMs)
    expect(JSON.parse(a[12]!.text).data.nowMs).toBe(frozenInstantMs + 10 * 60_000)
    const created = JSON.parse(a[13]!.text).data
    expect(created.expiryDate).toBeGreaterThan(requestedAt)
    // the webhooks of the script are listed, with their ids and signatures
    expect(JSON.parse(a[14]!.text).data.deliveries.length).toBeGreaterThanOrEqual(3)
  }, 120_000)

  it('another seed makes other ids', async () => {
    const a = first
    expect(a).toHaveLength(17)
    const other = await script(origins.other)
    const idsOf = (answers: Answer[]) => {
      const codeAnswer = JSON.parse(answers.find((x) => x.step === 'a code after the move')!.text).data
      return { codeId: codeAnswer.codeId, paymentId: JSON.parse(answers.find((x) => x.step === 'native payment')!.text).data.paymentId }
    }
    expect(idsOf(other).codeId).not.toBe(idsOf(a).codeId)
    expect(idsOf(other).paymentId).not.toBe(idsOf(a).paymentId)
    expect(other.map((x) => x.requestId)).not.toEqual(a.map((x) => x.requestId))
  }, 120_000)
})
