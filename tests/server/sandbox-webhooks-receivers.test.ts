import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import { createInterface } from 'node:readline'
import { describe, expect, it } from 'vitest'
import { httpWebhookTransport, webhookDispatcher, type WebhookAnswer } from '../../src/server/modules/sandbox/webhooks/webhooks.ts'
import { createTestApp } from '../support/app.ts'
import { jpy } from '../support/opa-client.ts'
import { developer } from './devtools-helpers.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'
import { hookUrl } from './sandbox-webhooks-helpers.ts'

/** The receiving end of the webhooks (sandbox-webhooks-*.test.ts): the sample receivers, and the transport's address checks. */

describe('webhook receiver samples', () => {
  /** Starts a sample receiver on a free port; answers its port and the lines it prints. */
  async function startReceiver(command: string, args: string[], secret: string) {
    const child: ChildProcess = spawn(command, args, {
      env: { ...process.env, PORT: '0', PAYLAB_WEBHOOK_SECRET: secret },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const lines: string[] = []
    const port = await new Promise<number>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        lines.push(line)
        const m = /^listening (\d+)$/.exec(line)
        if (m) resolve(Number(m[1]))
      })
      child.once('exit', (code) => reject(new Error(`${command} exited ${code}`)))
    })
    return { port, lines, stop: () => child.kill() }
  }

  it.each([
    ['Node.js', 'node', ['samples/webhooks/receiver.mjs']],
    ['Python', 'python3', ['samples/webhooks/receiver.py']],
  ])('the %s receiver verifies a delivered webhook and refuses a tampered one', async (_name, command, args) => {
    const t = await createTestApp('pglite')
    try {
      const d = await developer(t)
      await d.opa.put('/sandbox/api/webhooks', { url: hookUrl })
      const secret = (await d.opa.get('/sandbox/api/webhooks')).body.data.signingSecret
      const receiver = await startReceiver(command, args as string[], secret)
      try {
        const code = await d.opa.post('/v2/codes', { merchantPaymentId: 'WH-SAMPLE', amount: jpy(500), codeType: 'ORDER_QR' })
        const engine = t.deps.sandbox
        const [user] = await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(d.merchantId))
        await sandboxCommands.codes.payCode(engine.ctx, { codeId: code.body.data.codeId, testUserId: user!.id })
        // the real transport, pointed at the local receiver instead of the merchant's URL
        const real = httpWebhookTransport({ checkAddress: false })
        const sent: { headers: Record<string, string>; body: string }[] = []
        const answers: WebhookAnswer[] = []
        await webhookDispatcher(t.deps, async (_url, headers, body) => {
          sent.push({ headers, body })
          const answer = await real(`http://127.0.0.1:${receiver.port}/webhook`, headers, body)
          answers.push(answer)
          return answer
        }).runDue()
        expect(answers).toEqual([{ status: 200, body: 'OK', error: null }])
        const tampered = await real(`http://127.0.0.1:${receiver.port}/webhook`, sent[0]!.headers, sent[0]!.body.replace('"500"', '"5"'))
        expect(tampered.status).toBe(401)
        const [delivery] = (await d.opa.get('/sandbox/api/webhooks')).body.data.deliveries
        // the receiver's own report (its stdout may arrive after its answer)
        await expect.poll(() => receiver.lines).toContain('rejected: bad signature')
        expect(receiver.lines).toContain(`verified COMPLETED ${JSON.parse(sent[0]!.body).order_id} ${delivery.deliveryId}`)
      } finally {
        receiver.stop()
      }
    } finally {
      await t.close()
    }
  })
})

describe("the webhook transport's address checks", () => {
  it('resolves the receiver once per attempt and posts only to the addresses it checked', async () => {
    const hosts: string[] = []
    const server: Server = createServer((req, res) => {
      hosts.push(req.headers.host ?? '')
      res.end('OK')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://localhost:${(server.address() as { port: number }).port}/hook`
    const answers = [['127.0.0.1'], ['127.0.0.1', '10.0.0.5'], ['203.0.113.7', '127.0.0.1'], ['::ffff:127.0.0.1'], []]
    const asked: string[] = []
    const post = httpWebhookTransport({
      timeoutMs: 2000,
      lookup: async (host) => {
        asked.push(host)
        return (answers.shift() ?? []).map((address) => ({ address }))
      },
    })
    try {
      // a direct local delivery: every address must be this machine's, the one checked is the one posted to
      expect(await post(url, {}, '{}', { loopback: true })).toEqual({ status: 200, body: 'OK', error: null })
      expect(await post(url, {}, '{}', { loopback: true })).toEqual({ status: 0, body: '', error: 'refused: a local receiver must resolve to loopback only' })
      // any other delivery: one private, loopback or IPv4-mapped loopback address refuses it
      const publicOnly = { status: 0, body: '', error: 'refused: the host resolves to a private, loopback or link-local address' }
      for (let i = 0; i < 3; i += 1) expect(await post(url, {}, '{}')).toEqual(publicOnly)
      expect(asked).toEqual(Array(5).fill('localhost'))
      expect(hosts).toEqual([new URL(url).host])
    } finally {
      server.closeAllConnections()
      server.close()
    }
  })
})
