import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoMerchant, seedDemoMerchant } from '../../src/server/modules/sandbox/engine/seed.ts'
import { sandboxCommands, type SandboxEngine } from '../../src/server/modules/sandbox/engine/index.ts'
import { jpy } from '../support/opa-client.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { storeKinds } from '../support/store.ts'

describe.each(storeKinds())('sandbox engine [%s]', (kind) => {
  let t: TestApp
  let engine: SandboxEngine
  const m = demoMerchant.id
  beforeAll(async () => {
    t = await createTestApp(kind)
    await seedDemoMerchant(t.deps.sandbox.ctx)
    engine = t.deps.sandbox
  })
  afterAll(() => t.close())

  it('seeds the demo merchant with its test users once, however often it runs', async () => {
    await seedDemoMerchant(t.deps.sandbox.ctx)
    await Promise.all([sandboxCommands.testUsers.ensureTestUsers(engine.forMerchant(m)), sandboxCommands.testUsers.ensureTestUsers(engine.forMerchant(m))])
    const users = await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(m))
    expect(users.map((u) => u.username)).toEqual(['taro', 'hanako', 'jiro'])
  })

  it('lets a test user pay a code, debiting the balance; a short balance is refused and nothing changes', async () => {
    const [taro, , jiro] = await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(m))
    const code = await sandboxCommands.codes.createCode(engine.forMerchant(m), { merchantPaymentId: 'eng-pay-1', amount: jpy(1200), codeType: 'ORDER_QR' })
    await expect(sandboxCommands.codes.payCode(engine.ctx, { codeId: code.codeId!, testUserId: jiro!.id })).rejects.toMatchObject({
      code: 'NO_SUFFICIENT_FUND',
    })
    expect((await sandboxCommands.codes.getCashierCode(engine.ctx, { codeId: code.codeId! })).payable).toBe(true)
    const paid = await sandboxCommands.codes.payCode(engine.ctx, { codeId: code.codeId!, testUserId: taro!.id })
    expect(paid.status).toBe('COMPLETED')
    expect((await sandboxCommands.testUsers.findTestUser(engine.ctx, { testUserId: taro!.id }))!.balance).toBe(taro!.balance - 1200)
    await expect(sandboxCommands.codes.payCode(engine.ctx, { codeId: code.codeId!, testUserId: taro!.id })).rejects.toMatchObject({
      code: 'DYNAMIC_QR_ALREADY_PAID',
    })
  })

  it("applies the published API's rules to a code whoever calls the command (not only the HTTP route)", async () => {
    const code = (id: string, extra: object) => ({ merchantPaymentId: id, amount: jpy(500), codeType: 'ORDER_QR' as const, ...extra })
    const away = code('eng-rule-1', { redirectUrl: 'http://plain-http.example/done', redirectType: 'WEB_LINK' as const })
    await expect(sandboxCommands.codes.createCode(engine.forMerchant(m), away)).rejects.toMatchObject({ code: 'EXPECTATION_FAILED' })
    const held = code('eng-rule-2', { isAuthorization: true })
    await expect(sandboxCommands.codes.createCode(engine.forMerchant(m, ['qrcode']), held)).rejects.toMatchObject({
      code: 'PRE_AUTH_CAPTURE_UNSUPPORTED_MERCHANT',
    })
    expect((await sandboxCommands.codes.createCode(engine.forMerchant(m, ['preauth_capture']), held)).isAuthorization).toBe(true)
  })

  it('tops a test user up once per month (Japan time)', async () => {
    const [, hanako] = await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(m))
    const up = await sandboxCommands.topUp.topUp(engine.forMerchant(m), { testUserId: hanako!.id, amount: 5000 })
    expect(up.balance).toBe(hanako!.balance + 5000)
    await expect(sandboxCommands.topUp.topUp(engine.forMerchant(m), { testUserId: hanako!.id, amount: 5000 })).rejects.toMatchObject({
      code: 'SANDBOX_TOP_UP_LIMIT',
    })
    t.deps.clock.advance(32 * 24 * 60 * 60_000, m)
    expect((await sandboxCommands.topUp.topUp(engine.forMerchant(m), { testUserId: hanako!.id, amount: 5000 })).balance).toBe(hanako!.balance + 10_000)
    t.deps.clock.reset(m)
  })
})
