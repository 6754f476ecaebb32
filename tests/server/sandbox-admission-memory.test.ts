import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, inject, it, vi } from 'vitest'
import { createAnalyticsSink } from '../../src/server/analytics.ts'
import { createApp } from '../../src/server/app.ts'
import { createClock } from '../../src/server/clock.ts'
import { loadConfig } from '../../src/server/config.ts'
import { appDeps } from '../../src/server/deps.ts'
import { createLogger } from '../../src/server/logger.ts'
import { demoMerchant } from '../../src/server/modules/sandbox/engine/seed.ts'
import { openStore } from '../../src/server/store/db.ts'
import { memoryAdmissionOf } from '../../src/server/store/opa-admission-memory.ts'
import { epochNow, jpy, opaClient } from '../support/opa-client.ts'

/**
 * OPA-Auth's admission on PGlite is decided in memory (issue 22: `opa-admission-memory.ts`): the nonces are written to
 * the table behind the answers and read back at start, and a key's state is kept until the store commits a change to
 * it. The shared-table admission (PostgreSQL, several processes) is `sandbox-auth.test.ts` and `cross-process.test.ts`.
 */
describe('OPA-Auth admission in memory (PGlite)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paylab-admission-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const template = () => new Blob([readFileSync(inject('pgliteTemplate'))])

  /** The server on a PGlite data directory, as `startServer` builds it; `close` is its graceful stop's store close. */
  async function server(dataDir: string, fresh: boolean) {
    const lines: string[] = []
    const log = createLogger('info', {}, (line) => lines.push(line))
    const store = await openStore(fresh ? { dataDir, loadDataDir: template() } : { dataDir })
    const config = loadConfig({ DATA_DIR: '.test-data/unused', WEB_DIST: 'dist/web' })
    const deps = appDeps({ config, store, clock: createClock(), log, analytics: createAnalyticsSink(log) })
    const app = createApp(deps)
    await deps.sandbox.ready()
    const opa = opaClient({ request: (path, init) => app.request(path, init) })
    return { app, deps, store, lines, opa, close: () => store.close() }
  }
  const refusedAsReplay = (res: { status: number; body: any }, lines: string[]) => {
    expect(res.status).toBe(401)
    expect(res.body.resultInfo).toMatchObject({ code: 'UNAUTHORIZED', codeId: '08100016' })
    expect(res.body.data).toBeNull()
    expect(lines.some((line) => line.includes('opa-auth refused') && line.includes('NONCE_REUSED'))).toBe(true)
  }

  it('writes accepted nonces behind the answers and on close, and refuses a signed request replayed after a restart on the same data directory', async () => {
    const dataDir = join(dir, 'restart')
    const first = await server(dataDir, true)
    const admission = memoryAdmissionOf(first.store)!
    const nonces = async (store: typeof first.store) =>
      (
        (await store.db.execute(sql`select nonce from sandbox_nonces where nonce like 'adm-%' order by nonce`)) as unknown as { rows: { nonce: string }[] }
      ).rows.map((row) => row.nonce)
    expect((await first.opa.get('/sandbox/api/clock', { nonce: 'adm-1' })).status).toBe(200)
    // written in the background, off the request's path
    await vi.waitFor(async () => expect(await nonces(first.store)).toEqual(['adm-1']), { timeout: 5000, interval: 20 })
    expect(admission.pending()).toBe(0)
    // (from here the nonces wait until the store closes)
    admission.flushDelayMs = 3_600_000
    const code = { merchantPaymentId: 'ADM-RESTART-1', amount: jpy(10), codeType: 'ORDER_QR' }
    const signed = { nonce: 'adm-replayed', epoch: epochNow() }
    const answers = await Promise.all([
      first.opa.post('/v2/codes', code, signed),
      ...['adm-2', 'adm-3'].map((nonce) => first.opa.get('/sandbox/api/clock', { nonce })),
    ])
    expect(answers.map((r) => r.status)).toEqual([201, 200, 200])
    // remembered at once: the same request again is refused in this process, before its nonce is written
    refusedAsReplay(await first.opa.post('/v2/codes', code, signed), first.lines)
    expect(admission.pending()).toBe(3)
    // the server's graceful stop closes the store: what waits is written first
    await first.close()

    const second = await server(dataDir, false)
    try {
      expect(await nonces(second.store)).toEqual(['adm-1', 'adm-2', 'adm-3', 'adm-replayed'])
      // the very same request (same header, same body) to the new process: read back from the table at its start
      refusedAsReplay(await second.opa.post('/v2/codes', code, signed), second.lines)
      // a new nonce is admitted as before
      expect((await second.opa.post('/v2/codes', { ...code, merchantPaymentId: 'ADM-RESTART-2' })).status).toBe(201)
    } finally {
      await second.close()
    }
  })

  it('sees a change of the key, the products, the clock or the forced error written by any code, at the next request', async () => {
    const s = await server('memory://', true)
    try {
      const clock = () => s.opa.get('/sandbox/api/clock')
      const create = (mpid: string) => s.opa.post('/v2/codes', { merchantPaymentId: mpid, amount: jpy(10), codeType: 'ORDER_QR' })
      expect((await create('ADM-STATE-1')).status).toBe(201)
      // products (plain SQL, not the repository): the key's cached state is dropped when the statement commits
      const products = (await s.store.db.execute(sql`select products from merchants where id = ${demoMerchant.id}`)) as unknown as {
        rows: { products: string[] }[]
      }
      await s.store.db.execute(sql`update merchants set products = '{native}' where id = ${demoMerchant.id}`)
      expect((await create('ADM-STATE-2')).body.resultInfo.code).toBe('OP_OUT_OF_SCOPE')
      await s.store.db.execute(sql`update merchants set products = ${`{${products.rows[0]!.products.join(',')}}`}::text[] where id = ${demoMerchant.id}`)
      expect((await create('ADM-STATE-3')).status).toBe(201)
      // a forced error stored, then taken by the call it applies to
      const lookup = () => s.opa.get('/v2/codes/payments/ADM-STATE-1')
      expect((await lookup()).status).toBe(200)
      await s.store.db.execute(
        sql`insert into sandbox_force_next (merchant_id, code, path, requested_at_ms) values (${demoMerchant.id}, 'RATE_LIMIT', null, ${Date.now()})`,
      )
      expect((await lookup()).body.resultInfo.code).toBe('RATE_LIMIT')
      expect((await lookup()).status).toBe(200)
      // a stored clock moved a day ahead
      const before = (await clock()).body.data.nowMs as number
      await s.store.db.execute(sql`insert into sandbox_clocks (merchant_id, offset_ms, updated_at_ms) values (${demoMerchant.id}, 86400000, ${Date.now()})`)
      expect((await clock()).body.data.nowMs as number).toBeGreaterThan(before + 86_000_000)
      await s.store.db.execute(sql`delete from sandbox_clocks where merchant_id = ${demoMerchant.id}`)
      // the key revoked: refused, as an unknown key
      await s.store.db.execute(sql`update merchant_credentials set revoked_at = now() where api_key = ${demoMerchant.apiKey}`)
      expect((await clock()).status).toBe(401)
    } finally {
      await s.close()
    }
  })
})
