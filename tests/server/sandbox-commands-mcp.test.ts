import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { serve, type ServerType } from '@hono/node-server'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/lib/local-server.ts'
import { webhookHeaders } from '../../src/domain/webhooks.ts'
import { webhookDispatcher } from '../../src/server/modules/sandbox/webhooks/webhooks.ts'
import { merchantRepo } from '../../src/server/store/merchant-repo.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { developer, type Developer } from './devtools-helpers.ts'

/**
 * Issue 23: the MCP server at /mcp, driven by the SDK's own client as a coding agent would: tools listed with their
 * JSON schemas, the docs searched, a whole payment (create, pay as taro, read, refund) and its webhooks, errors as tool
 * errors with the resolver's explanation, another merchant's ids not found, the docs and /openapi.json as resources.
 */
describe('MCP server (/mcp)', () => {
  let t: TestApp
  let a: Developer
  let b: Developer

  const connect = async (d: Developer | { apiKey: string; apiSecret: string }) => {
    const client = new Client({ name: 'paylab-test-agent', version: '1.0.0' })
    const transport = new StreamableHTTPClientTransport(new URL('http://127.0.0.1/mcp'), {
      fetch: async (url, init) => t.app.request(String(url), init as RequestInit),
      requestInit: { headers: { authorization: `Bearer ${d.apiKey}:${d.apiSecret}`, 'accept-language': 'en' } },
    })
    await client.connect(transport)
    return client
  }
  /** Calls a tool; answers its JSON and whether it was an error. */
  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => {
    const result = await client.callTool({ name, arguments: args })
    const [first] = result.content as { type: string; text: string }[]
    return { isError: result.isError === true, data: JSON.parse(first!.text) }
  }

  beforeAll(async () => {
    t = await createTestApp('pglite')
    a = await developer(t)
    b = await developer(t)
    // A may use every product (native payments, pre-auth); B only QR codes, as chosen at sign-up
    await merchantRepo(t.deps.store.db).setProducts(a.merchantId, [])
    await merchantRepo(t.deps.store.db).setProducts(b.merchantId, ['qrcode'])
  })
  afterAll(() => t.close())

  it('lists the commands as tools with JSON schemas and agent descriptions', async () => {
    const client = await connect(a)
    const { tools } = await client.listTools()
    const names = tools.map((tool) => tool.name)
    expect(names).toEqual(
      expect.arrayContaining(['create_qr_code', 'pay_code', 'get_payment', 'refund_payment', 'list_webhooks', 'webhook_chaos', 'explain_code', 'search_docs']),
    )
    const create = tools.find((tool) => tool.name === 'create_qr_code')!
    expect(create.description).toMatch(/QR code/)
    expect(create.inputSchema).toMatchObject({ type: 'object', properties: { amount: { type: 'integer' } }, required: ['amount'] })
    await client.close()
  })

  it('lets an agent test a refund end to end: search docs, create a QR code, pay it as taro, read COMPLETED, refund, see the webhooks', async () => {
    const client = await connect(a)
    const docs = await call(client, 'search_docs', { query: 'refund' })
    expect(docs.data.results.length).toBeGreaterThan(0)

    // a pre-authorised QR payment sends two webhooks: AUTHORIZED when paid, COMPLETED when captured
    const code = await call(client, 'create_qr_code', { amount: 1200, isAuthorization: true })
    expect(code.isError).toBe(false)
    const paid = await call(client, 'pay_code', { code: code.data.url, user: 'taro' })
    expect(paid.data).toMatchObject({ outcome: 'success', payment: { status: 'AUTHORIZED' } })
    await call(client, 'capture_payment', { merchantPaymentId: code.data.merchantPaymentId })
    expect((await call(client, 'get_payment', { merchantPaymentId: code.data.merchantPaymentId })).data.status).toBe('COMPLETED')
    const refund = await call(client, 'refund_payment', { merchantPaymentId: code.data.merchantPaymentId, amount: 1200 })
    expect(refund.data).toMatchObject({ status: 'CREATED', amount: { amount: 1200 } })
    expect((await call(client, 'get_payment', { merchantPaymentId: code.data.merchantPaymentId })).data.status).toBe('REFUNDED')
    const hooks = (await call(client, 'list_webhooks')).data.deliveries.filter(
      (d: { merchantPaymentId: string }) => d.merchantPaymentId === code.data.merchantPaymentId,
    )
    expect(hooks.map((d: { state: string }) => d.state).sort()).toEqual(['AUTHORIZED', 'COMPLETED'])

    // a plain QR code: paid by taro, COMPLETED and its webhook
    const plain = await call(client, 'create_qr_code', { amount: 500 })
    await call(client, 'pay_code', { code: plain.data.codeId })
    expect((await call(client, 'get_payment', { merchantPaymentId: plain.data.merchantPaymentId })).data.status).toBe('COMPLETED')
    const states = (await call(client, 'list_webhooks')).data.deliveries.filter(
      (d: { merchantPaymentId: string }) => d.merchantPaymentId === plain.data.merchantPaymentId,
    )
    expect(states.map((d: { state: string }) => d.state)).toEqual(['COMPLETED'])
    await client.close()
  })

  it('delivers a duplicated webhook twice with the same id', async () => {
    await b.opa.put('/sandbox/api/webhooks', { url: 'https://hooks.shop.example/mcp' })
    const client = await connect(b)
    expect((await call(client, 'webhook_chaos', { mode: 'duplicate' })).data.chaos).toMatchObject({ mode: 'duplicate', deliveryId: null })
    await call(client, 'trigger', { event: 'payment.completed', amount: 300 })
    const ids: string[] = []
    const dispatcher = webhookDispatcher(t.deps, async (_url, headers) => {
      ids.push(headers[webhookHeaders.id]!)
      return { status: 200, body: 'ok', error: null }
    })
    await dispatcher.runDue()
    await dispatcher.runDue()
    expect(ids).toHaveLength(2)
    expect(ids[1]).toBe(ids[0])
    const [delivery] = (await call(client, 'list_webhooks')).data.deliveries
    expect(delivery).toMatchObject({ deliveryId: ids[0], status: 'delivered', attempts: 2 })
    await client.close()
  })

  it('answers bad input and unknown codes as tool errors with the explanation, changing nothing', async () => {
    const client = await connect(a)
    const before = (await call(client, 'list_webhooks')).data.deliveries.length
    const bad = await call(client, 'trigger', { event: 'payment.completed', amount: 0 })
    expect(bad.isError).toBe(true)
    expect(bad.data).toMatchObject({ resultInfo: { code: 'SANDBOX_COMMAND_INVALID' }, issues: [{ path: 'amount' }], explanation: { fix: expect.any(String) } })
    const refused = await call(client, 'pay_code', { code: 'no-such-code' })
    expect(refused.data).toMatchObject({ resultInfo: { code: 'DYNAMIC_QR_NOT_FOUND' }, explanation: { cause: expect.any(String) } })
    expect((await call(client, 'list_webhooks')).data.deliveries.length).toBe(before)
    expect((await call(client, 'explain_code', { code: 'NO_SUFFICIENT_FUND' })).data).toMatchObject({ found: true })
    await client.close()
  })

  it('answers every tool through MCP: a wrongly typed field is a tool error naming it, and changes nothing', async () => {
    const client = await connect(b)
    const { tools } = await client.listTools()
    const before = (await call(client, 'list_webhooks')).data.deliveries.length
    const refusedBy: Record<string, string> = {}
    for (const tool of tools) {
      const fields = Object.keys((tool.inputSchema as { properties?: Record<string, unknown> }).properties ?? {})
      if (!fields.length) continue
      // every field at once given a value of a type no schema takes
      const bad = await call(client, tool.name, Object.fromEntries(fields.map((field) => [field, { nested: [true] }])))
      expect(bad.isError, tool.name).toBe(true)
      refusedBy[tool.name] = bad.data.resultInfo.code
      expect(bad.data.explanation, tool.name).toMatchObject({ fix: expect.any(String) })
    }
    expect(Object.keys(refusedBy).length).toBeGreaterThan(20)
    // the seed is any JSON to the schema and checked by the seed's own rules, which name the bad path
    const { seed_sandbox: seed, ...others } = refusedBy
    expect(seed).toBe('SANDBOX_SEED_INVALID')
    expect(new Set(Object.values(others))).toEqual(new Set(['SANDBOX_COMMAND_INVALID']))
    expect((await call(client, 'list_webhooks')).data.deliveries.length).toBe(before)
    await client.close()
  })

  it("answers not-found for another merchant's ids", async () => {
    const owner = await connect(a)
    const code = (await call(owner, 'create_qr_code', { amount: 800 })).data
    const other = await connect(b)
    expect((await call(other, 'pay_code', { code: code.url })).data.resultInfo.code).toBe('DYNAMIC_QR_NOT_FOUND')
    expect((await call(other, 'get_payment', { merchantPaymentId: code.merchantPaymentId })).data.resultInfo.code).toBe('RESOURCE_NOT_FOUND')
    expect((await call(owner, 'get_payment', { merchantPaymentId: code.merchantPaymentId })).data.status).toBe('CREATED')
    await owner.close()
    await other.close()
  })

  it('serves the docs and /openapi.json as resources, and refuses a wrong key', async () => {
    const client = await connect(a)
    const { resources } = await client.listResources()
    expect(resources.map((r) => r.uri)).toContain('paylab://openapi.json')
    const openApi = await client.readResource({ uri: 'paylab://openapi.json' })
    expect(JSON.parse((openApi.contents[0] as { text: string }).text).paths['/sandbox/api/commands/trigger']).toBeDefined()
    const doc = resources.find((r) => r.uri.startsWith('paylab://docs/'))!
    const read = await client.readResource({ uri: doc.uri })
    expect((read.contents[0] as { text: string }).text).toContain(`# ${doc.title}`)
    await client.close()

    await expect(connect({ apiKey: a.apiKey, apiSecret: 'wrong' })).rejects.toThrow()
    const res = await t.app.request('/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(res.status).toBe(401)
  })

  describe('npx paylab (the bin) against a running server', () => {
    let server: ServerType
    let env: Record<string, string>
    const root = fileURLToPath(new URL('../..', import.meta.url))
    const bin = fileURLToPath(new URL('../../scripts/paylab.js', import.meta.url))
    beforeAll(async () => {
      const port = await freePort()
      server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' })
      env = {
        PATH: process.env.PATH ?? '',
        PAYLAB_BASE_URL: `http://127.0.0.1:${port}`,
        PAYLAB_API_KEY: a.apiKey,
        PAYLAB_API_SECRET: a.apiSecret,
        PAYLAB_MERCHANT_ID: a.merchantId,
      }
    })
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

    it('paylab trigger payment.completed --amount 500 --json prints the payment; a failure exits non-zero with the message', async () => {
      const { stdout } = await promisify(execFile)(process.execPath, [bin, 'trigger', 'payment.completed', '--amount', '500', '--json'], { cwd: root, env })
      expect(JSON.parse(stdout).payment).toMatchObject({ status: 'COMPLETED', amount: { amount: 500 } })
      const failed = await promisify(execFile)(process.execPath, [bin, 'explain'], { cwd: root, env: { ...env, PAYLAB_LANG: 'en' } }).catch(
        (e: { code: number; stderr: string }) => e,
      )
      expect(failed).toMatchObject({ code: 2, stderr: expect.stringContaining('<code> is missing') })
    })

    it('paylab mcp serves the same tools over stdio', async () => {
      const client = new Client({ name: 'paylab-stdio-agent', version: '1.0.0' })
      await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp'], cwd: root, env, stderr: 'ignore' }))
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('pay_code')
      const code = await call(client, 'create_qr_code', { amount: 640 })
      expect((await call(client, 'pay_code', { code: code.data.url, user: 'taro' })).data.payment.status).toBe('COMPLETED')
      const bad = await call(client, 'get_payment', { merchantPaymentId: 'no-such-order' })
      expect(bad).toMatchObject({ isError: true, data: { resultInfo: { code: 'RESOURCE_NOT_FOUND' }, explanation: { fix: expect.any(String) } } })
      await client.close()
    })
  })
})
