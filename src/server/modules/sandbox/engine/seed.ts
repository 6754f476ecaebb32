import { repoOf, merchantCtx, type SandboxCtx } from './context.ts'
import { ensureTestUsers } from './test-users.ts'

/** The documented demo merchant (docs/sandbox.md); seeded idempotently when the sandbox starts. */
export const demoMerchant = {
  id: '100000000000000001',
  name: 'PayLab Demo Cake Shop',
  apiKey: 'a_PayLabDemo_0001',
  /** base64 of `paylab-sandbox-demo-secret-not-for-live-use` (JWTs use the decoded bytes). */
  apiSecret: 'cGF5bGFiLXNhbmRib3gtZGVtby1zZWNyZXQtbm90LWZvci1saXZlLXVzZQ==',
  products: ['webcashier', 'autodebit', 'qrcode', 'appinvoke', 'continuous_payments', 'preauth_capture', 'request_money'],
} as const

/** Creates (or refreshes) the demo merchant and its test users. Idempotent; safe from several processes. */
export async function seedDemoMerchant(ctx: SandboxCtx) {
  await repoOf(ctx).upsertSeedMerchant({ ...demoMerchant, products: [...demoMerchant.products] })
  await ensureTestUsers(merchantCtx(ctx, demoMerchant.id), 0)
}

/** Every merchant's clock offset kept in the store, into this process's clock (issue 14). */
export async function loadClockOffsets(ctx: SandboxCtx) {
  for (const row of await repoOf(ctx).clockOffsets()) ctx.clock.setOffset(row.merchantId, row.offsetMs)
}
