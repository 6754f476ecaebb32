import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoMerchant } from '../../src/server/modules/sandbox/engine/seed.ts'
import type { SandboxEngine } from '../../src/server/modules/sandbox/engine/index.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { epochNow, jpy, opaClient, type OpaClient } from '../support/opa-client.ts'
import { storeKinds } from '../support/store.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'

/** Spec §4: cancel is asynchronous; a payment made after a cancel request can still succeed (docs/sandbox-powers.md). */
describe.each(storeKinds())('an asynchronous cancel [%s]', (kind) => {
  let t: TestApp
  let opa: OpaClient
  let engine: SandboxEngine
  let seq = 0
  const id = (prefix: string) => `${prefix}-${kind}-${++seq}`
  const m = demoMerchant.id
  const taro = async () => (await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(m))).find((u) => u.username === 'taro')!
  const code = async (merchantPaymentId: string) =>
    (await opa.post('/v2/codes', { merchantPaymentId, amount: jpy(700), codeType: 'ORDER_QR', orderDescription: 'Cake', requestedAt: epochNow() })).body.data
  const status = async (merchantPaymentId: string) => (await opa.get(`/v2/payments/${merchantPaymentId}`)).body.data.status

  beforeAll(async () => {
    t = await createTestApp(kind)
    opa = opaClient({ request: (path, init) => t.app.request(path, init) })
    engine = t.deps.sandbox
    await opa.get('/sandbox/api/clock')
  })
  afterAll(() => t.close())

  it('without the switch, a cancel reaches the order first: the payment after it is refused', async () => {
    const mpid = id('CANCEL')
    const { codeId } = await code(mpid)
    const cancel = await opa.delete(`/v2/payments/${mpid}`)
    expect([cancel.status, cancel.body.resultInfo.code]).toEqual([202, 'REQUEST_ACCEPTED'])
    await expect(sandboxCommands.codes.payCode(engine.ctx, { codeId, testUserId: (await taro()).id })).rejects.toMatchObject({
      code: 'DYNAMIC_QR_PAYMENT_NOT_FOUND',
    })
    expect(await status(mpid)).toBe('FAILED')
  })

  it('X-Sandbox-Cancel: late — the cancel is accepted, the payment made after it still succeeds, a second cancel cancels it', async () => {
    const mpid = id('LATE')
    const { codeId } = await code(mpid)
    const before = (await taro()).balance
    const cancel = await opa.delete(`/v2/payments/${mpid}`, { headers: { 'X-Sandbox-Cancel': 'late' } })
    expect([cancel.status, cancel.body.resultInfo.code]).toEqual([202, 'REQUEST_ACCEPTED'])
    expect(await status(mpid)).toBe('CREATED')
    await sandboxCommands.codes.payCode(engine.ctx, { codeId, testUserId: (await taro()).id })
    expect(await status(mpid)).toBe('COMPLETED')
    expect((await taro()).balance).toBe(before - 700)
    // the merchant tracks its cancels: it sees the payment and cancels again, within the cancel window
    const again = await opa.delete(`/v2/payments/${mpid}`)
    expect(again.status).toBe(202)
    expect(await status(mpid)).toBe('FAILED')
    expect((await taro()).balance).toBe(before)
  })

  it('refuses an unknown switch value with SANDBOX_DIRECTIVE_INVALID and leaves the order alone', async () => {
    const mpid = id('BAD')
    await code(mpid)
    const res = await opa.delete(`/v2/payments/${mpid}`, { headers: { 'X-Sandbox-Cancel': 'never' } })
    expect(res.status).toBe(400)
    expect(res.body.resultInfo).toMatchObject({ code: 'SANDBOX_DIRECTIVE_INVALID', codeId: '99900004' })
    expect(res.body.data).toEqual({ applicable: ['late'] })
    expect(await status(mpid)).toBe('CREATED')
  })

  it('is described on the cancel operation in /openapi.json', async () => {
    const doc = (await (await t.app.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string; schema: { enum?: string[] } }[] }>>
    }
    const param = doc.paths['/v2/payments/{merchantPaymentId}']!.delete!.parameters!.find((p) => p.name === 'X-Sandbox-Cancel')
    expect(param?.schema.enum).toEqual(['late'])
  })
})
