import type { AppDeps } from '../deps.ts'
import { sandboxRepo } from '../store/sandbox-repo.ts'

/** A merchant's sandbox clock as the clock calls answer it (OPA `/sandbox/api/clock` and the portal's). */
export function clockView(deps: AppDeps, merchantId: string) {
  const nowMs = deps.clock.nowMs(merchantId)
  return { merchantId, nowMs, nowEpoch: Math.floor(nowMs / 1000) }
}

/**
 * Moves a merchant's clock forward (`advanceMs`) or back to real time (`reset`), in the store first (so it survives
 * a restart, issue 14) and then in this process.
 */
export async function moveMerchantClock(deps: AppDeps, merchantId: string, input: { advanceMs?: number; reset?: boolean }) {
  const offset = (input.reset ? 0 : deps.clock.offsetMs(merchantId)) + (input.advanceMs ?? 0)
  await sandboxRepo(deps.store.db).saveClockOffset(merchantId, offset, deps.clock.nowMs())
  deps.clock.setOffset(merchantId, offset)
  return clockView(deps, merchantId)
}
