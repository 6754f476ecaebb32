import type { Context } from 'hono'
import { ApiError } from '@/domain/errors.ts'
import type { AppDeps } from '../deps.ts'
import type { User } from '../store/account-repo.ts'
import { merchantRepo, type Merchant } from '../store/merchant-repo.ts'

/**
 * The merchant a signed-in developer's call acts for (spec §6): the test merchant in test mode, the live one in
 * live mode. `X-ASSUME-MERCHANT` names it explicitly and must be one of the caller's own merchants (and, when the
 * call also says `live_mode`, the one of that mode); anything else is 403 ASSUMED_MERCHANT_REFUSED. Without the
 * header, `liveMode` picks (default test). No merchant yet: 409 MERCHANT_REQUIRED; live before activation: 409
 * LIVE_MODE_INACTIVE.
 */
export async function merchantFor(deps: AppDeps, c: Context, user: User, liveMode?: boolean): Promise<Merchant> {
  const owned = await merchantRepo(deps.store.db).ownedBy(user.id)
  if (!owned.test) throw new ApiError('MERCHANT_REQUIRED')
  const assumed = c.req.header('x-assume-merchant')?.trim()
  if (assumed) {
    const match = [owned.test, owned.live].find((m) => m?.id === assumed)
    if (!match || (liveMode !== undefined && (match.mode === 'live') !== liveMode)) throw new ApiError('ASSUMED_MERCHANT_REFUSED')
    return match
  }
  if (!liveMode) return owned.test
  if (!owned.live) throw new ApiError('LIVE_MODE_INACTIVE')
  return owned.live
}

/** `live_mode` of the query when the caller sent one (so a header alone can choose the mode). */
export const liveModeOf = (c: Context, parsed: boolean) => (c.req.query('live_mode') === undefined ? undefined : parsed)
