import { demoMerchant } from '../../src/server/modules/sandbox/engine/seed.ts'
import { sandboxCommands, type SandboxEngine } from '../../src/server/modules/sandbox/engine/index.ts'
import { epochNow, jpy } from '../support/opa-client.ts'

/** Helpers shared by the sandbox-api-*.test.ts suites, the demo shop's OPA endpoints (not a test file itself). */

export const day = 24 * 60 * 60_000
export const success = { code: 'SUCCESS', message: 'Success', codeId: '08100001' }

/** The body of a dynamic QR code (POST /v2/codes) for the demo shop's cake. */
export const order = (merchantPaymentId: string, amount = 1000, extra: Record<string, unknown> = {}) => ({
  merchantPaymentId,
  amount: jpy(amount),
  codeType: 'ORDER_QR',
  orderDescription: 'Strawberry shortcake',
  requestedAt: epochNow(),
  ...extra,
})

/** The demo shop's test users by username, as they are now (balances included). */
export const demoShopUsers = async (engine: SandboxEngine) =>
  Object.fromEntries((await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(demoMerchant.id))).map((u) => [u.username, u]))
