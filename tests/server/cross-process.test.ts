import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoApiPaths as demoPaths } from '../../src/domain/demo-api.ts'
import { limits } from '../../src/domain/limits.ts'
import { createClock } from '../../src/server/clock.ts'
import { createLogger } from '../../src/server/logger.ts'
import { createSandbox, type SandboxEngine } from '../../src/server/modules/sandbox/engine/index.ts'
import { openStore, type Store } from '../../src/server/store/db.ts'
import { merchantRepo } from '../../src/server/store/merchant-repo.ts'
import { accountRepo } from '../../src/server/store/account-repo.ts'
import { hashPassword, otpHash } from '../../src/server/modules/accounts/crypto.ts'
import { freePort, waitUntilOk } from '../../scripts/lib/local-server.ts'
import { epochNow, jpy, opaClient } from '../support/opa-client.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'
import { serverProcessArgs, stopProcesses } from '../support/server-process.ts'

/**
 * Issue 22: two server processes (each `src/server/main.ts`, as `WORKERS=2` or two machines run them) on one
 * PostgreSQL database agree on everything a client can see. Runs when TEST_DATABASE_URL is set (CI sets it);
 * the two processes start once for the whole file.
 */
const adminUrl = process.env.TEST_DATABASE_URL
const example = JSON.parse(readFileSync(new URL('../../docs/sandbox-seed.example.json', import.meta.url), 'utf8'))
/** Debian's nginx: CI installs it (.ci/run sets PAYLAB_REQUIRE_NGINX); on a machine without it that one test is skipped, said aloud. */
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path))
if (adminUrl && !nginx) {
  if (process.env.PAYLAB_REQUIRE_NGINX) throw new Error('nginx is required here (PAYLAB_REQUIRE_NGINX is set) but not installed: apt-get install nginx')
  console.warn('cross-process suite: nginx is not installed, the load-balancer test of docs "Running PayLab for a team" is SKIPPED (apt-get install nginx)')
}

describe.runIf(!!adminUrl)('two server processes on one PostgreSQL database', () => {
  const name = `paylab_x_${randomBytes(5).toString('hex')}`
  const children: ChildProcess[] = []
  const origins: string[] = []
  let dataDir: string
  let store: Store
  let engine: SandboxEngine
  let merchant: { id: string; apiKey: string; apiSecret: string }
  /** Signed calls to process 0 or 1, with the test merchant's key. */
  const opa = (i: 0 | 1) =>
    opaClient({ request: (path, init) => fetch(origins[i]! + path, init), apiKey: merchant.apiKey, apiSecret: merchant.apiSecret, merchantId: merchant.id })

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }

  beforeAll(async () => {
    await admin(`create database ${name}`)
    const url = new URL(adminUrl!)
    url.pathname = `/${name}`
    store = await openStore({ databaseUrl: url.toString(), poolSize: 4 })
    const repo = merchantRepo(store.db)
    const created = await repo.create({ name: 'Cross-process Cake Shop', products: [] })
    const credential = await repo.issueCredential(created.id)
    merchant = { id: created.id, apiKey: credential.apiKey, apiSecret: credential.apiSecret }
    // this test process is a third one on the database: it pays codes as the wallet would
    engine = createSandbox({ store, clock: createClock(), log: createLogger('silent') })
    dataDir = mkdtempSync(join(tmpdir(), 'paylab-x-'))
    await Promise.all(
      [0, 1].map(async (i) => {
        const port = await freePort()
        const child = spawn(process.execPath, serverProcessArgs(), {
          env: {
            ...process.env,
            DATABASE_URL: url.toString(),
            DATA_DIR: join(dataDir, String(i)),
            PORT: String(port),
            // a shared server (not loopback only): a localhost webhook URL waits for the forwarder (docs/webhooks.md)
            HOST: '0.0.0.0',
            LOG_LEVEL: 'warn',
            SANDBOX_HTTPS_PORT: '',
            WORKERS: '',
          },
          stdio: ['ignore', 'inherit', 'inherit'],
        })
        children.push(child)
        origins[i] = `http://127.0.0.1:${port}`
        await waitUntilOk(`${origins[i]}/healthz`, { timeoutMs: 90_000, intervalMs: 200, child })
      }),
    )
    // each process has served the merchant once (test users made, clocks loaded)
    await Promise.all([opa(0).get('/sandbox/api/clock'), opa(1).get('/sandbox/api/clock')])
  }, 120_000)

  afterAll(async () => {
    await stopProcesses(children)
    await store?.close()
    await admin(`drop database if exists ${name} with (force)`)
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  }, 60_000)

  const createPaid = async (mpid: string, amount: number) => {
    const code = await opa(0).post('/v2/codes', { merchantPaymentId: mpid, amount: jpy(amount), codeType: 'ORDER_QR', requestedAt: epochNow() })
    expect(code.status).toBe(201)
    const taro = (await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(merchant.id))).find((u) => u.username === 'taro')!
    await sandboxCommands.codes.payCode(engine.ctx, { codeId: code.body.data.codeId, testUserId: taro.id })
    return { paymentId: (await opa(1).get(`/v2/codes/payments/${mpid}`)).body.data.paymentId as string, taro }
  }

  it('every process refuses a rebound Host (DNS rebinding, issue 33) and answers its own names', async () => {
    const get = (origin: string, host: string) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(origin)
        const req = httpRequest({ host: url.hostname, port: url.port, path: '/sandbox/mailbox.json', headers: { host } }, (res) => {
          res.resume()
          resolve(res.statusCode!)
        })
        req.on('error', reject)
        req.end()
      })
    for (const origin of origins) {
      const port = new URL(origin).port
      expect([await get(origin, `attacker.example:${port}`), await get(origin, `localhost:${port}`), await get(origin, `192.168.1.20:${port}`)]).toEqual([
        421, 200, 200,
      ])
    }
  })

  it('a request signed once is refused when replayed on the other process', async () => {
    const first = await opa(0).get('/sandbox/api/clock', { nonce: 'cafe01', epoch: epochNow() })
    expect(first.status).toBe(200)
    const replay = await fetch(`${origins[1]}/sandbox/api/clock`, { headers: { authorization: first.authorization!, 'x-assume-merchant': merchant.id } })
    expect(replay.status).toBe(401)
  })

  it('one merchantPaymentId sent to both at once makes one code', async () => {
    const body = { merchantPaymentId: 'X-SAME', amount: jpy(100), codeType: 'ORDER_QR', requestedAt: epochNow() }
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => opa(i % 2 === 0 ? 0 : 1).post('/v2/codes', body)))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1)
    expect(answers.filter((a) => a.body.resultInfo.code === 'DUPLICATE_DYNAMIC_QR_REQUEST')).toHaveLength(9)
  })

  it('refunds of one payment split across the two: one wins, the money comes back once', async () => {
    const { paymentId, taro } = await createPaid('X-REFUND', 900)
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        opa(i % 2 === 0 ? 0 : 1).post('/v2/refunds', { merchantRefundId: `X-RR-${i}`, paymentId, amount: jpy(900), requestedAt: epochNow() }),
      ),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.body.resultInfo.code === 'MERCHANT_MULTIPLE_REFUND_REJECTED')).toHaveLength(9)
    expect((await sandboxCommands.testUsers.findTestUser(engine.ctx, { testUserId: taro.id }))!.balance).toBe(taro.balance)
  })

  it('sign-in lockout: wrong passwords and wrong OTPs sent to both at once are counted together', async () => {
    const email = `x-lock-${randomBytes(4).toString('hex')}@paylab.example`
    const password = 'Secr3t-pass'
    await accountRepo(store.db).insertDeveloper({
      id: `u_x_${randomBytes(6).toString('hex')}`,
      email,
      passwordHash: await hashPassword(password),
      externalUserId: randomUUID(),
      now: new Date(),
    })
    const signIn = (i: number, body: unknown) =>
      fetch(`${origins[i % 2]}/v1/dpSignIn/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
        async (r) => ({ status: r.status, code: ((await r.json()) as { resultInfo: { code: string } }).resultInfo.code }),
      )
    // an OTP reference (the right password on a device never seen): 8 wrong codes, 4 to each process (fewer than the
    // address's own OTP limit, which would lock it on the 10th)
    const asked = await fetch(`${origins[0]}/v1/dpSignIn/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-device-id': `pp4d-${randomUUID()}` },
      body: JSON.stringify({ email, password }),
    })
    const reference = ((await asked.json()) as { data: { otp_reference_id: string } }).data.otp_reference_id
    expect(asked.status).toBe(403)
    // a code that is surely wrong: not the one whose hash the challenge keeps
    const challenge = await accountRepo(store.db).findChallenge(reference, 'signin_otp')
    const wrongOtp = ['0000', '0001'].find((otp) => otpHash(reference, otp) !== challenge!.codeHash)!
    const otps = await Promise.all(Array.from({ length: 8 }, (_, i) => signIn(i, { otp_reference_id: reference, otp: wrongOtp })))
    // the reference's five tries, whichever process took them: four wrong, then it is used up
    expect(otps.filter((a) => a.code === 'INVALID_GRANT')).toHaveLength(limits.accounts.otpMaxAttempts - 1)
    expect(otps.filter((a) => a.code === 'OTP_ATTEMPTS_EXCEEDED')).toHaveLength(8 - (limits.accounts.otpMaxAttempts - 1))
    // the password: the address's five failures, whichever process counted them, then the lock (423) on both
    const wrong = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(i, { email, password: 'Wrong-pass1' })))
    expect(wrong.filter((a) => a.code === '01102004')).toHaveLength(limits.accounts.loginMaxFailures - 1)
    expect(wrong.filter((a) => a.status === 423 && a.code === '01101007')).toHaveLength(10 - (limits.accounts.loginMaxFailures - 1))
    for (const i of [0, 1]) expect(await signIn(i, { email, password })).toEqual({ status: 423, code: '01101007' })
  })

  it('top-up once a month: many sent to both at once, one goes through', async () => {
    const jiro = (await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(merchant.id))).find((u) => u.username === 'jiro')!
    const topUp = (i: number) =>
      fetch(`${origins[i % 2]}/sandbox/merchants/${merchant.id}/test-users/${encodeURIComponent(jiro.id)}/top-up`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: origins[i % 2]!, accept: 'text/html' },
        body: new URLSearchParams({ amount: '20000' }).toString(),
      }).then((r) => r.status)
    const statuses = await Promise.all(Array.from({ length: 10 }, (_, i) => topUp(i)))
    expect(statuses.filter((s) => s === 303)).toHaveLength(1)
    expect(statuses.filter((s) => s === 400)).toHaveLength(9)
    expect((await sandboxCommands.testUsers.findTestUser(engine.ctx, { testUserId: jiro.id }))!.balance).toBe(jiro.balance + 20_000)
  })

  it('a clock moved on one process is the other one’s at once, and so is its reset', async () => {
    const hour = 3_600_000
    const moved = await opa(0).post('/sandbox/api/clock', { advanceMs: hour })
    expect(moved.status).toBe(200)
    const seen = await opa(1).get('/sandbox/api/clock')
    expect(Math.abs(seen.body.data.nowMs - moved.body.data.nowMs)).toBeLessThan(60_000)
    expect(seen.body.data.nowMs - Date.now()).toBeGreaterThan(hour - 60_000)
    expect((await opa(1).post('/sandbox/api/clock', { reset: true })).status).toBe(200)
    expect(Math.abs((await opa(0).get('/sandbox/api/clock')).body.data.nowMs - Date.now())).toBeLessThan(60_000)
  })

  it('the demo API limit counts one client’s calls on both processes together', async () => {
    const call = (i: number) => fetch(origins[i % 2]! + demoPaths.clientInfo)
    const limit = limits.demo.requestsPerMinute
    for (let sent = 0; sent < limit; sent += 20) {
      const statuses = await Promise.all(Array.from({ length: Math.min(20, limit - sent) }, (_, i) => call(sent + i).then((r) => r.status)))
      expect(statuses.every((s) => s === 200)).toBe(true)
    }
    expect((await call(0)).status).toBe(429)
    expect((await call(1)).status).toBe(429)
  })

  it('a request answered by one process is in the other one’s request log within a second', async () => {
    const mpid = `X-LOG-${Date.now()}`
    expect((await opa(0).post('/v2/codes', { merchantPaymentId: mpid, amount: jpy(120), codeType: 'ORDER_QR', requestedAt: epochNow() })).status).toBe(201)
    const answered = Date.now()
    let found = false
    while (!found && Date.now() - answered < 1000) {
      const list = await opa(1).get(`/sandbox/api/requests?path=${encodeURIComponent('/v2/codes')}`)
      found = list.body.data.requests.some((r: { request_body: string }) => r.request_body.includes(mpid))
    }
    expect(found).toBe(true)
  })

  it('two forwarders polling the two processes: each delivery is claimed by one', async () => {
    // a loopback URL: the sandbox does not post it, the forwarder does (docs/webhooks.md)
    expect((await opa(0).put('/sandbox/api/webhooks', { url: 'http://127.0.0.1:9/hooks' })).status).toBe(200)
    await createPaid('X-HOOK', 300)
    const waiting = (await opa(1).get('/sandbox/api/webhooks?status=pending')).body.data.deliveries.filter((d: { forward: boolean }) => d.forward)
    expect(waiting.length).toBeGreaterThan(0)
    for (const delivery of waiting) {
      const claims = await Promise.all([0, 1, 0, 1].map((i) => opa(i as 0 | 1).post(`/sandbox/api/webhooks/${delivery.deliveryId}/claim`, undefined)))
      expect(claims.map((c) => c.status)).toEqual([200, 200, 200, 200])
      expect(claims.filter((c) => c.body.data.claimed)).toHaveLength(1)
      // the other forwarder's next poll does not offer it while the claim holds
      const again = (await opa(1).get('/sandbox/api/webhooks?status=pending')).body.data.deliveries
      expect(again.find((d: { deliveryId: string }) => d.deliveryId === delivery.deliveryId)?.forward).toBe(false)
      // the report ends the claim
      const report = await opa(0).post(`/sandbox/api/webhooks/${delivery.deliveryId}/attempts`, { status: 200, body: 'ok' })
      expect(report.body.data.status).toBe('delivered')
    }
  })

  it('reset, seed and snapshot-restore sent to both at once: no 5xx, each answered 200, the merchant works on both afterwards', async () => {
    const snapshot = await opa(0).post('/sandbox/api/snapshots', { label: 'x-before' })
    expect(snapshot.status).toBe(201)
    const snapshotId = snapshot.body.data.snapshotId
    const calls = Array.from({ length: 12 }, (_, i) => {
      const client = opa(i % 2 === 0 ? 0 : 1)
      const kind = i % 3
      return kind === 0
        ? client.post('/sandbox/api/reset', undefined)
        : kind === 1
          ? client.post('/sandbox/api/seed', example)
          : client.post(`/sandbox/api/snapshots/${snapshotId}/restore`, undefined)
    })
    const answers = await Promise.all(calls)
    expect(answers.filter((a) => a.status >= 500)).toEqual([])
    expect(answers.map((a) => `${a.status} ${a.body.resultInfo.code}`)).toEqual(answers.map(() => '200 SUCCESS'))
    // and the merchant goes on working on both
    for (const i of [0, 1] as const)
      expect(
        (await opa(i).post('/v2/codes', { merchantPaymentId: `X-AFTER-${i}`, amount: jpy(100), codeType: 'ORDER_QR', requestedAt: epochNow() })).status,
      ).toBe(201)
  })

  it.runIf(!!nginx)('the nginx configuration of "Running PayLab for a team" balances signed calls over the two processes', async () => {
    const page = readFileSync(new URL('../../src/content/en/products/docs/team-server.md', import.meta.url), 'utf8')
    const block = /```nginx\n([\s\S]*?)```/.exec(page)?.[1]
    expect(block, 'the page shows an nginx configuration').toBeTruthy()
    const port = await freePort()
    const ports = origins.map((o) => new URL(o).port)
    const site = block!
      .replace('127.0.0.1:3001', `127.0.0.1:${ports[0]}`)
      .replace('127.0.0.1:3002', `127.0.0.1:${ports[1]}`)
      .replace('listen 8080;', `listen 127.0.0.1:${port};`)
    expect(site).not.toBe(block)
    const dir = mkdtempSync(join(tmpdir(), 'paylab-nginx-'))
    const temp = (name: string) => `${name} ${join(dir, name)};`
    writeFileSync(
      join(dir, 'nginx.conf'),
      `daemon off; worker_processes 1; pid ${join(dir, 'nginx.pid')}; error_log ${join(dir, 'error.log')};
events { worker_connections 256; }
http { access_log off; ${['client_body_temp_path', 'proxy_temp_path', 'fastcgi_temp_path', 'uwsgi_temp_path', 'scgi_temp_path'].map(temp).join(' ')}
${site}
}`,
    )
    const proxy = spawn(nginx!, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: ['ignore', 'inherit', 'inherit'] })
    try {
      const origin = `http://127.0.0.1:${port}`
      await waitUntilOk(`${origin}/healthz`, { timeoutMs: 20_000, intervalMs: 100, child: proxy })
      const through = opaClient({
        request: (path, init) => fetch(origin + path, init),
        apiKey: merchant.apiKey,
        apiSecret: merchant.apiSecret,
        merchantId: merchant.id,
      })
      const mpid = `X-NGINX-${Date.now()}`
      const created = await through.post('/v2/codes', { merchantPaymentId: mpid, amount: jpy(150), codeType: 'ORDER_QR', requestedAt: epochNow() })
      expect(created.status).toBe(201)
      // round robin: consecutive signed reads go to both processes, and every one verifies
      const reads = await Promise.all(Array.from({ length: 6 }, () => through.get(`/v2/codes/payments/${mpid}`)))
      expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200])
      // a replay through the balancer is refused whichever process it reaches
      const again = await fetch(`${origin}/v2/codes/payments/${mpid}`, {
        headers: { authorization: reads[0]!.authorization!, 'x-assume-merchant': merchant.id },
      })
      expect(again.status).toBe(401)
    } finally {
      proxy.kill('SIGTERM')
      await new Promise((resolve) => (proxy.exitCode !== null ? resolve(undefined) : proxy.once('exit', resolve)))
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
