import { ApiError } from '@/domain/errors.ts'
import { limits } from '@/domain/limits.ts'
import { inTx, nowMs, repoOf, type MerchantCtx } from './context.ts'
import { ensureTestUsers, testUserView, type TestUserView } from './test-users.ts'

/** `YYYY-MM` of an instant in Japan time (top-up once a month). */
export function jstMonth(ms: number) {
  return new Date(ms + 9 * 60 * 60_000).toISOString().slice(0, 7)
}

export interface TopUpInput {
  testUserId: string
  /** Yen to add; the sandbox's usual top-up when absent. */
  amount?: number
}

/** Top-up, once per Japan-time month per test user (spec §6, §9): SANDBOX_TOP_UP_LIMIT the second time. */
export async function topUp(ctx: MerchantCtx, input: TopUpInput): Promise<TestUserView> {
  const { testUserId, amount = limits.sandbox.topUpAmount } = input
  if (!Number.isInteger(amount) || amount <= 0 || amount > limits.sandbox.maxTopUpAmount) throw new ApiError('INVALID_PARAMS')
  const repo = repoOf(ctx)
  const user = await repo.findTestUser(testUserId)
  if (!user || user.merchantId !== ctx.merchantId) throw new ApiError('SANDBOX_TEST_USER_NOT_FOUND')
  const updated = await repo.topUpOncePerMonth(testUserId, amount, jstMonth(nowMs(ctx, ctx.merchantId)))
  if (!updated) throw new ApiError('SANDBOX_TOP_UP_LIMIT')
  return testUserView(updated)
}

/**
 * The dashboard's top-up of every test user of the merchant (PUT /dev/user/v1merchantBalance): the sandbox's usual
 * amount each, once per Japan-time month per merchant (the month recorded in `merchant_top_ups`, part of the sandbox
 * a reset empties); MERCHANT_TOP_UP_LIMIT, with the month, the second time. One transaction under the merchant's
 * sandbox-state lock (`inTx`): wholly before or after a reset, seed or restore, so the users it credits are the ones
 * the month is recorded for, and the answer is them as this top-up left them.
 */
export async function topUpMerchant(ctx: MerchantCtx): Promise<{ month: string; amount: number; testUsers: TestUserView[] }> {
  await ensureTestUsers(ctx)
  const month = jstMonth(nowMs(ctx, ctx.merchantId))
  const amount = limits.sandbox.topUpAmount
  return inTx(ctx, ctx.merchantId, async (r) => {
    const won = await r.topUpMerchant(ctx.merchantId, month, amount, ctx.clock.now())
    if (!won) throw new ApiError('MERCHANT_TOP_UP_LIMIT', { data: { month } })
    return { month, amount, testUsers: (await r.listTestUsers(ctx.merchantId)).map(testUserView) }
  })
}
