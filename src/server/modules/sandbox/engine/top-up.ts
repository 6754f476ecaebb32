import { ApiError } from '@/domain/errors.ts'
import { limits } from '@/domain/limits.ts'
import { nowMs, repoOf, type MerchantCtx } from './context.ts'
import { testUserView, type TestUserView } from './test-users.ts'

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
