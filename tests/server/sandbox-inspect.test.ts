import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthEnv } from '../../src/server/http/bearer.ts'
import { sandboxInspectRoutes } from '../../src/server/modules/sandbox/devtools/inspect.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy } from '../support/opa-client.ts'
import { createClock } from '../../src/server/clock.ts'
import { createLogger } from '../../src/server/logger.ts'
import { createSandbox, sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'
import { openStore } from '../../src/server/store/db.ts'
import { databaseUrlOf, storeKinds } from '../support/store.ts'
import { developer, type Developer } from './devtools-helpers.ts'

/**
 * Issue 30 item 2: a signed-in merchant watches its own sandbox machines move — the server-sent event stream of
 * GET /dev/v1/sandbox/inspect that the sandbox tools page feeds into the inspector.
 */

interface StreamEvent {
  event: string
  data: unknown
}

/** An open stream: the events read so far, and a wait for the next that matches. */
async function openStream(t: TestApp | ((init: RequestInit) => Response | Promise<Response>), headers: Record<string, string>) {
  const res = typeof t === 'function' ? await t({ headers }) : await t.app.request('/dev/v1/sandbox/inspect', { headers })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  const events: StreamEvent[] = []
  let buffer = ''
  const waiters: (() => void)[] = []
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }))
      if (done) {
        events.push({ event: '(closed)', data: null })
        waiters.splice(0).forEach((wake) => wake())
        break
      }
      buffer += decoder.decode(value, { stream: true })
      let end
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const event = /^event: (.*)$/m.exec(block)?.[1]
        const data = [...block.matchAll(/^data: (.*)$/gm)].map((m) => m[1]).join('\n')
        if (event) events.push({ event, data: JSON.parse(data) })
      }
      waiters.splice(0).forEach((wake) => wake())
    }
  })()
  const until = async (done: (events: StreamEvent[]) => boolean, timeoutMs = 5_000) => {
    const deadline = Date.now() + timeoutMs
    while (!done(events)) {
      if (Date.now() > deadline) throw new Error(`stream: timed out; got ${JSON.stringify(events.map((e) => e.event))}`)
      await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), new Promise((resolve) => setTimeout(resolve, 50))])
    }
  }
  await until((e) => e.some((x) => x.event === 'ready'))
  return { events, until, close: () => reader.cancel() }
}

interface Step {
  sessionId: string
  machine: string
  name: string
  event: { type: string } | null
  from?: { value: string }
  snapshot: { value: string; context: Record<string, unknown> }
}
const stepsOf = (events: StreamEvent[], sessionId?: string) =>
  events
    .filter((e) => e.event === 'step')
    .map((e) => e.data as Step)
    .filter((s) => sessionId === undefined || s.sessionId === sessionId)

describe.each(storeKinds())('watching the sandbox machines in the inspector [%s]', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(() => t.close())

  /** The test user taro of the developer's merchant. */
  const taro = async (d: Developer) =>
    (await sandboxCommands.testUsers.listTestUsers(t.deps.sandbox.forMerchant(d.merchantId))).find((u) => u.username === 'taro')!

  /**
   * A QR payment as `paylab trigger` makes it: the code through the OPA API (as the SDK creates it), paid by the
   * test user taro (the cashier page's command), then refunded through the OPA API. Answers its paymentId.
   */
  async function payAndRefund(d: Developer, merchantPaymentId: string, amount: number) {
    const code = await d.opa.post('/v2/codes', { merchantPaymentId, amount: jpy(amount), codeType: 'ORDER_QR' })
    expect(code.status).toBe(201)
    await sandboxCommands.codes.payCode(t.deps.sandbox.ctx, { codeId: code.body.data.codeId, testUserId: (await taro(d)).id })
    const paymentId = (await d.opa.get(`/v2/codes/payments/${merchantPaymentId}`)).body.data.paymentId as string
    const refunded = await d.opa.post('/v2/refunds', { merchantRefundId: `RF-${merchantPaymentId}`, paymentId, amount: jpy(amount), requestedAt: epochNow() })
    expect(refunded.status).toBe(200)
    return paymentId
  }

  it("streams the merchant's payment CREATED → COMPLETED → REFUNDED with the machine's snapshots, and nothing of it to another merchant", async () => {
    const [shop, other] = [await developer(t), await developer(t)]
    const mine = await openStream(t, shop.auth)
    const theirs = await openStream(t, other.auth)
    expect(mine.events[0]).toMatchObject({ event: 'ready', data: { merchantId: shop.merchantId } })
    const ready = mine.events[0]!.data as { machines: { payment: string; webhookDelivery: string } }
    expect(JSON.parse(ready.machines.payment)).toMatchObject({ id: 'payment', initial: 'CREATED' })
    expect(JSON.parse(ready.machines.webhookDelivery)).toMatchObject({ id: 'webhookDelivery', initial: 'pending' })

    const paymentId = await payAndRefund(shop, 'INSPECT-1', 700)
    const session = `payment:${paymentId}`
    await mine.until((e) => stepsOf(e, session).length >= 3)
    const steps = stepsOf(mine.events, session)
    expect(steps.map((s) => [s.event?.type ?? null, s.from?.value ?? null, s.snapshot.value])).toEqual([
      [null, null, 'CREATED'],
      ['user.paid', 'CREATED', 'COMPLETED'],
      ['merchant.refund', 'COMPLETED', 'REFUNDED'],
    ])
    expect(steps.every((s) => s.machine === 'payment' && s.name === 'payment:INSPECT-1')).toBe(true)
    expect(steps[1]!.snapshot.context).toMatchObject({ kind: 'QR', amount: 700, rejection: null })
    expect(steps[1]!.snapshot.context.acceptedAtMs).toEqual(expect.any(Number))
    expect(steps[2]!.event).toMatchObject({ type: 'merchant.refund', amount: 700 })
    // the COMPLETED webhook's delivery starts too, queued with the payment
    const deliveries = stepsOf(mine.events).filter((s) => s.machine === 'webhookDelivery')
    expect(deliveries[0]).toMatchObject({ name: 'webhookDelivery:COMPLETED INSPECT-1', event: null, snapshot: { value: 'pending' } })

    // the other merchant's stream works (its own payment arrives) and never carried the first merchant's
    const otherPayment = await payAndRefund(other, 'INSPECT-OTHER', 300)
    await theirs.until((e) => stepsOf(e, `payment:${otherPayment}`).length >= 3)
    expect(stepsOf(theirs.events).filter((s) => s.sessionId === session || s.name.includes('INSPECT-1'))).toEqual([])
    expect(stepsOf(mine.events).filter((s) => s.name.includes('INSPECT-OTHER'))).toEqual([])
    await Promise.all([mine.close(), theirs.close()])
  })

  it('a payment refused (rolled back) is never shown; one made before the stream opened shows from its next step', async () => {
    const shop = await developer(t)
    const early = await shop.opa.post('/v2/codes', { merchantPaymentId: 'EARLY-1', amount: jpy(100), codeType: 'ORDER_QR' })
    const big = await shop.opa.post('/v2/codes', { merchantPaymentId: 'BROKE-1', amount: jpy(900_000), codeType: 'ORDER_QR' })
    const stream = await openStream(t, shop.auth)
    const payer = (await taro(shop)).id
    await expect(sandboxCommands.codes.payCode(t.deps.sandbox.ctx, { codeId: big.body.data.codeId, testUserId: payer })).rejects.toThrow()
    await sandboxCommands.codes.payCode(t.deps.sandbox.ctx, { codeId: early.body.data.codeId, testUserId: payer })
    const paymentId = (await shop.opa.get('/v2/codes/payments/EARLY-1')).body.data.paymentId as string
    await stream.until((e) => stepsOf(e, `payment:${paymentId}`).length >= 1)
    expect(stepsOf(stream.events, `payment:${paymentId}`).map((s) => [s.from?.value, s.snapshot.value])).toEqual([['CREATED', 'COMPLETED']])
    expect(stepsOf(stream.events).filter((s) => s.name.includes('BROKE-1'))).toEqual([])
    await stream.close()
  })

  it.runIf(kind === 'postgres')('on PostgreSQL, a step another process commits reaches the stream of this one (LISTEN/NOTIFY)', async () => {
    // a second "process": its own store (pool and listening connection) and engine on the same database
    const store = await openStore({ databaseUrl: databaseUrlOf(t.deps.store)!, poolSize: 2, migrate: false })
    const elsewhere = createSandbox({ store, clock: createClock(), log: createLogger('silent') })
    try {
      await elsewhere.feed.start()
      const shop = await developer(t)
      const code = await shop.opa.post('/v2/codes', { merchantPaymentId: 'ELSEWHERE-1', amount: jpy(100), codeType: 'ORDER_QR' })
      expect(elsewhere.feed.isWatched(shop.merchantId)).toBe(false)
      const stream = await openStream(t, shop.auth)
      // this process says whom it watches; the other one publishes only then
      await expect.poll(() => elsewhere.feed.isWatched(shop.merchantId)).toBe(true)
      await sandboxCommands.codes.payCode(elsewhere.ctx, { codeId: code.body.data.codeId, testUserId: (await taro(shop)).id })
      await stream.until((e) => stepsOf(e).some((s) => s.name === 'payment:ELSEWHERE-1'))
      expect(stepsOf(stream.events).find((s) => s.name === 'payment:ELSEWHERE-1')).toMatchObject({
        event: { type: 'user.paid' },
        snapshot: { value: 'COMPLETED' },
      })
      await stream.close()
    } finally {
      await elsewhere.feed.stop()
      await store.close()
    }
  })

  it('ends the stream once its session is signed out (the heartbeat checks the session)', async () => {
    const shop = await developer(t)
    const quick = sandboxInspectRoutes(t.deps, new Hono<AuthEnv>(), { heartbeatMs: 100 })
    const stream = await openStream((init) => quick.request('/inspect', init), shop.auth)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(stream.events.map((e) => e.event)).toEqual(['ready'])
    expect((await t.json('POST', '/v1/dpSignout/logout', { accessToken: shop.token }, shop.auth)).status).toBe(200)
    await stream.until((e) => e.some((x) => x.event === '(closed)'))
    expect(stream.events.map((e) => e.event)).toEqual(['ready', 'end', '(closed)'])
    expect(stream.events[1]!.data).toEqual({ reason: 'signedOut' })
  })

  it('answers 401 in the error envelope without a valid session, and 429 beyond the open streams a session may hold', async () => {
    const anonymous = await t.json('GET', '/dev/v1/sandbox/inspect')
    expect(anonymous.status).toBe(401)
    expect(anonymous.body).toMatchObject({ resultInfo: { code: 'UNAUTHORIZED' } })
    const forged = await t.json('GET', '/dev/v1/sandbox/inspect', undefined, { authorization: 'Bearer not-a-real-session-token-0000' })
    expect(forged.status).toBe(401)
    expect(forged.body).toMatchObject({ resultInfo: { code: 'UNAUTHORIZED' } })

    const shop = await developer(t)
    const streams = [await openStream(t, shop.auth), await openStream(t, shop.auth), await openStream(t, shop.auth)]
    const fourth = await t.json('GET', '/dev/v1/sandbox/inspect', undefined, shop.auth)
    expect(fourth.status).toBe(429)
    expect(fourth.body).toMatchObject({ resultInfo: { code: 'RATE_LIMIT' } })
    // a closed stream frees its place
    await streams[0]!.close()
    await expect.poll(() => openStream(t, shop.auth).then((s) => (streams.push(s), 'opened'), String)).toBe('opened')
    await Promise.all(streams.slice(1).map((s) => s.close()))
  })
})
