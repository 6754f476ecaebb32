import { Hono } from 'hono'
import { dashboardHomeData, dashboardHomeQuery } from '@/domain/dashboard-home.ts'
import { ApiError } from '@/domain/errors.ts'
import type { AppDeps } from '../../deps.ts'
import { merchantRepo } from '../../store/merchant-repo.ts'
import { queryIn } from '../../http/validator.ts'
import { success } from '../../http/answer.ts'
import { requireUser, type AuthEnv } from '../../http/bearer.ts'
import { describe } from '../../http/openapi.ts'
import { merchantFor } from '../../http/merchant-context.ts'
import { keySummariesOf, userProfileOf } from '../accounts/panel.ts'
import { testUserView } from './routes.ts'
import { sandboxCommands } from '../sandbox/engine/index.ts'

/**
 * `GET /v1/dashboardHome` (issue 20): the signed-in dashboard home in one request — profile, the keys of the mode's
 * merchant and, in test mode, the sandbox test users (live mode hides them). Only the caller's own merchants: the mode
 * picks the test or live one of the signed-in account, and an `X-ASSUME-MERCHANT` naming anyone else's is refused
 * (403, spec §6). A card's part that fails answers its error code in its place, so the rest of the home still shows.
 */
export function dashboardHomeRoutes(deps: AppDeps) {
  const home = new Hono<AuthEnv>()
  const op = describe({
    tag: 'Developer tools',
    security: 'bearer',
    summary: "Everything the dashboard home shows, in one answer: profile, the mode's keys and (test mode) test users",
    data: dashboardHomeData,
  })

  /** A card's part, or the code it failed with (a server failure is INTERNAL_SERVER_ERROR, logged). */
  const card = async <T>(what: string, run: () => Promise<T>): Promise<T | { error_code: string }> => {
    try {
      return await run()
    } catch (error) {
      if (error instanceof ApiError) return { error_code: error.code }
      deps.log.error('dashboard home card failed', { card: what, error: String(error) })
      return { error_code: 'INTERNAL_SERVER_ERROR' }
    }
  }

  home.get('/', op, requireUser(deps), queryIn(dashboardHomeQuery), async (c) => {
    const { user } = c.get('auth')
    const asked = c.req.valid('query').live_mode
    const owned = await merchantRepo(deps.store.db).ownedBy(user.id)
    // the mode's merchant: an assumed one must be the caller's own (refused otherwise); live only once activated
    const merchant = c.req.header('x-assume-merchant') ? await merchantFor(deps, c, user) : asked && owned.live ? owned.live : owned.test
    const live = merchant?.mode === 'live'
    const [profile, keys, testUsers] = await Promise.all([
      userProfileOf(deps, user),
      merchant ? card('keys', async () => ({ keys: await keySummariesOf(deps, merchant.id) })) : null,
      merchant && !live
        ? card('test_users', async () => ({
            test_users: (await sandboxCommands.testUsers.listTestUsers(deps.sandbox.forMerchant(merchant.id))).map(testUserView),
          }))
        : null,
    ])
    return success(c, { profile, live_mode: live, merchant_id: merchant?.id ?? null, keys, test_users: testUsers })
  })

  return { v1: { '/dashboardHome': home } }
}
