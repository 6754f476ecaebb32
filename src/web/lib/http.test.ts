import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpClient, envelope, HttpError, ResponseShapeError } from './http.ts'

/** A real local HTTP server speaking the `{resultInfo, data}` shape; the client under test is the real one. */
const ok = { code: 'SUCCESS', message: 'Success', codeId: '08100001' }
let server: ServerType
let baseURL = ''
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

beforeAll(async () => {
  const app = new Hono()
  app.get('/greeting', (c) => c.json({ resultInfo: ok, data: { text: `hello ${c.req.query('name') ?? ''}`.trim(), types: c.req.queries('type') ?? [] } }))
  app.get('/whoami', (c) => {
    const auth = c.req.header('authorization')
    if (auth !== 'Bearer token-123')
      return c.json({ resultInfo: { code: 'UNAUTHORIZED', message: 'Unauthorized request', codeId: '08100016' }, data: null }, 401)
    return c.json({ resultInfo: ok, data: { device: c.req.header('x-device-id') ?? null } })
  })
  app.post('/echo', async (c) => c.json({ resultInfo: ok, data: await c.req.json() }))
  app.get('/slow', async (c) => {
    await sleep(400)
    return c.json({ resultInfo: ok, data: { late: true } })
  })
  app.get('/invalid', (c) =>
    c.json({ resultInfo: { code: 'INVALID_PARAMS', message: 'The request contains invalid parameters.', codeId: '08100006' }, data: { issues: [] } }, 400),
  )
  app.get('/wrong-shape', (c) => c.json({ resultInfo: ok, data: { text: 42 } }))
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const greeting = envelope(v.object({ text: v.string(), types: v.array(v.string()) }))

function client(extra: Parameters<typeof createHttpClient>[0] = {}) {
  const unauthorized: string[] = []
  const http = createHttpClient({
    baseURL,
    getAccessToken: () => 'token-123',
    onUnauthorized: () => unauthorized.push('reported'),
    deviceId: () => 'pp4d-00000000-0000-4000-8000-000000000000',
    ...extra,
  })
  return { http, unauthorized }
}

describe('the portal http client', () => {
  it('parses a successful answer with the given schema, repeating array query values', async () => {
    const { http } = client()
    const body = await http.get(greeting, 'greeting', { query: { name: 'Hanako', type: ['topMenu', 'footer'] } })
    expect(body.data).toEqual({ text: 'hello Hanako', types: ['topMenu', 'footer'] })
  })

  it('sends the bearer token and device id only when asked', async () => {
    const { http } = client()
    const schema = envelope(v.object({ device: v.nullable(v.string()) }))
    expect((await http.get(schema, 'whoami', { auth: true })).data.device).toBeNull()
    expect((await http.get(schema, 'whoami', { auth: true, deviceId: true })).data.device).toBe('pp4d-00000000-0000-4000-8000-000000000000')
    await expect(http.get(schema, 'whoami')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' })
  })

  it('reports a 401 on an authenticated call to the session, and not on an anonymous one', async () => {
    const { http, unauthorized } = client({ getAccessToken: () => 'expired' })
    const schema = envelope(v.unknown())
    await expect(http.get(schema, 'whoami')).rejects.toBeInstanceOf(HttpError)
    expect(unauthorized).toEqual([])
    await expect(http.get(schema, 'whoami', { auth: true })).rejects.toMatchObject({ status: 401, codeId: '08100016' })
    expect(unauthorized).toEqual(['reported'])
  })

  it('turns an error answer into an HttpError carrying the server resultInfo', async () => {
    const { http } = client()
    const error = await http.get(envelope(v.unknown()), 'invalid').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ status: 400, code: 'INVALID_PARAMS', codeId: '08100006', message: 'The request contains invalid parameters.' })
  })

  it('rejects an answer that does not match the schema', async () => {
    const { http } = client()
    const error = await http.get(greeting, 'wrong-shape').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseShapeError)
    expect((error as ResponseShapeError).issues.join()).toMatch(/data\.text/)
  })

  it('gives up after the chosen timeout and says so', async () => {
    const { http } = client({ timeouts: { short: 100 } })
    const started = performance.now()
    const error = await http.get(envelope(v.unknown()), 'slow', { timeout: 'short' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 0, timedOut: true, code: 'TIMEOUT' })
    expect(performance.now() - started).toBeLessThan(350)
    const { http: patient } = client({ timeouts: { normal: 2_000 } })
    expect((await patient.get(envelope(v.object({ late: v.boolean() })), 'slow')).data.late).toBe(true)
  })

  it('calls an unreachable server a network error, and a request its caller cancelled a cancellation', async () => {
    const { http: offline } = client({ baseURL: 'http://127.0.0.1:9/' })
    await expect(offline.get(envelope(v.unknown()), 'greeting')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR', timedOut: false })
    const { http } = client()
    const controller = new AbortController()
    const pending = http.get(envelope(v.unknown()), 'slow', { signal: controller.signal })
    controller.abort()
    const error = await pending.catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(HttpError)
    expect((error as Error).name).toBe('AbortError')
  })

  it('leaves out undefined query values', async () => {
    const { http } = client()
    const body = await http.get(greeting, '/greeting', { query: { name: undefined, type: 'footer' } })
    expect(body.data).toEqual({ text: 'hello', types: ['footer'] })
  })

  it('posts JSON bodies', async () => {
    const { http } = client()
    const body = await http.post(envelope(v.object({ amount: v.number() })), 'echo', { body: { amount: 1 } })
    expect(body.data.amount).toBe(1)
  })
})
