import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webhookDispatcher } from '../../src/server/modules/sandbox/webhooks/webhooks.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { developer, type Developer } from './devtools-helpers.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'

/** A real HTTP receiver on this machine, as a developer runs one beside a local PayLab. */
async function localReceiver() {
  const received: { headers: Record<string, string>; body: string }[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body })
      res.end('OK')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return {
    received,
    url: `http://127.0.0.1:${port}/webhook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

describe.each(storeKinds())('webhooks to a localhost receiver [%s]', (kind) => {
  let local: TestApp
  let shared: TestApp
  let receiver: Awaited<ReturnType<typeof localReceiver>>
  let seq = 0

  const paidQr = async (t: TestApp, d: Developer) => {
    const merchantPaymentId = `LOCAL-${kind}-${++seq}`
    const code = await d.opa.post('/v2/codes', { merchantPaymentId, amount: jpy(500), codeType: 'ORDER_QR', requestedAt: epochNow() })
    const [user] = await sandboxCommands.testUsers.listTestUsers(t.deps.sandbox.forMerchant(d.merchantId))
    await sandboxCommands.codes.payCode(t.deps.sandbox.ctx, { codeId: code.body.data.codeId, testUserId: user!.id })
    return merchantPaymentId
  }

  beforeAll(async () => {
    // the default: HOST=127.0.0.1, a server on the developer's own machine
    local = await createTestApp(kind)
    // a shared server, reachable from the network
    shared = await createTestApp(kind, { host: '0.0.0.0' })
    receiver = await localReceiver()
  })
  afterAll(async () => {
    await receiver.close()
    await local.close()
    await shared.close()
  })

  it('are posted directly, signed, when the server listens on loopback only', async () => {
    const d = await developer(local)
    expect((await d.opa.put('/sandbox/api/webhooks', { url: receiver.url })).status).toBe(200)
    const merchantPaymentId = await paidQr(local, d)
    const before = receiver.received.length
    // the real HTTP transport, with its address checks
    expect(await webhookDispatcher(local.deps).runDue()).toBe(1)
    expect(receiver.received.length).toBe(before + 1)
    const hit = receiver.received.at(-1)!
    expect(JSON.parse(hit.body)).toMatchObject({ merchant_order_id: merchantPaymentId, state: 'COMPLETED' })
    const list = (await d.opa.get('/sandbox/api/webhooks')).body.data
    expect(list.localDelivery).toBe('direct')
    const mac = createHmac('sha256', list.signingSecret).update(`${hit.headers['x-paylab-webhook-timestamp']}.${hit.body}`).digest('base64')
    expect(hit.headers['x-paylab-webhook-signature']).toBe(`v1=${mac}`)
    expect(list.deliveries[0]).toMatchObject({
      status: 'delivered',
      waiting: null,
      forward: false,
      history: [expect.objectContaining({ via: 'sandbox', status: 200, body: 'OK' })],
    })
  })

  it("never to the server's own port, nor to private addresses, even on loopback only", async () => {
    const d = await developer(local)
    await d.opa.put('/sandbox/api/webhooks', { url: `http://localhost:${local.deps.config.port}/dev/v1/anything` })
    await paidQr(local, d)
    const before = receiver.received.length
    expect(await webhookDispatcher(local.deps).runDue()).toBe(0)
    expect((await d.opa.get('/sandbox/api/webhooks')).body.data.deliveries[0]).toMatchObject({ status: 'pending', waiting: 'forwarder-only' })
    expect(receiver.received.length).toBe(before)
  })

  it('wait for the forwarder on a shared server, where loopback targets stay refused', async () => {
    const d = await developer(shared)
    expect((await d.opa.put('/sandbox/api/webhooks', { url: receiver.url })).status).toBe(200)
    await paidQr(shared, d)
    const before = receiver.received.length
    expect(await webhookDispatcher(shared.deps).runDue()).toBe(0)
    expect(receiver.received.length).toBe(before)
    const list = (await d.opa.get('/sandbox/api/webhooks')).body.data
    expect(list.localDelivery).toBe('forwarder')
    expect(list.deliveries[0]).toMatchObject({ status: 'pending', waiting: 'forwarder-only', forward: true, attempts: 0 })
  })
})
