import { ApiError } from '@/domain/errors.ts'
import { limits } from '@/domain/limits.ts'
import { newTestUserId, type TestUserRow } from '../../../store/sandbox-repo.ts'
import { nowMs, repoOf, type MerchantCtx, type SandboxCtx } from './context.ts'

/** Default test users of every merchant (spec §3: username and balance). `jiro` is short of money on purpose. */
export const defaultTestUsers = [
  { username: 'taro', balance: limits.sandbox.testUserStartingBalance },
  { username: 'hanako', balance: limits.sandbox.testUserStartingBalance },
  { username: 'jiro', balance: 100 },
] as const

/** What the wallet and the dashboard see of a test user. */
export const testUserView = (u: TestUserRow) => ({ id: u.id, username: u.username, balance: u.balance, lastTopUpMonth: u.lastTopUpMonth })
export type TestUserView = ReturnType<typeof testUserView>

/**
 * Gives a merchant its default test users unless it has some already. Safe to call concurrently. They are
 * created at `createdAtMs` (now on the merchant's clock; the demo seed uses 0), one millisecond apart to keep their order.
 */
export async function ensureTestUsers(ctx: MerchantCtx, createdAtMs = nowMs(ctx, ctx.merchantId)) {
  const repo = repoOf(ctx)
  if ((await repo.countTestUsers(ctx.merchantId)) > 0) return
  await repo.insertTestUsersIfMissing(
    defaultTestUsers.map((u, i) => ({
      id: newTestUserId(),
      merchantId: ctx.merchantId,
      username: u.username,
      balance: u.balance,
      createdAtMs: createdAtMs + i,
    })),
  )
}

/** The merchant's test users, oldest first; the default ones are created the first time they are listed. */
export async function listTestUsers(ctx: MerchantCtx): Promise<TestUserView[]> {
  await ensureTestUsers(ctx)
  return (await repoOf(ctx).listTestUsers(ctx.merchantId)).map(testUserView)
}

/** Sign-in of a test user by name (undefined if unknown). */
export const findTestUserByName = (ctx: MerchantCtx, input: { username: string }) => repoOf(ctx).findTestUserByName(ctx.merchantId, input.username)

/** The merchant's test user by id; SANDBOX_TEST_USER_NOT_FOUND when unknown or another merchant's. */
export async function getTestUser(ctx: MerchantCtx, input: { testUserId: string }) {
  const user = await repoOf(ctx).findTestUser(input.testUserId)
  if (!user || user.merchantId !== ctx.merchantId) throw new ApiError('SANDBOX_TEST_USER_NOT_FOUND')
  return user
}

/** A test user by id, of any merchant (the wallet's pages name the user, not the merchant). */
export const findTestUser = (ctx: SandboxCtx, input: { testUserId: string }) => repoOf(ctx).findTestUser(input.testUserId)
