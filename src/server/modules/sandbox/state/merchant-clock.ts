import type { Clock } from '../../../clock.ts'
import type { AppDeps } from '../../../deps.ts'
import type { Logger } from '../../../logger.ts'
import type { Store } from '../../../store/db.ts'
import { clockChannel, sandboxRepo } from '../../../store/sandbox-repo.ts'

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

/** The stored clock row each process last applied, per merchant ("offset@updatedAt"). */
const applied = new WeakMap<Clock, Map<string, string>>()

/**
 * Applies a merchant's stored clock to this process's clock when it changed since this process last saw it
 * (issue 22: a move made by another process). A stored clock this process already applied leaves the offset
 * alone, so an offset set in this process only (a test's `clock.advance`) stays until the store changes.
 */
export function syncMerchantClock(clock: Clock, merchantId: string, stored: { offsetMs: number; updatedAtMs: number } | null | undefined) {
  let seen = applied.get(clock)
  if (!seen) applied.set(clock, (seen = new Map()))
  const version = stored ? `${stored.offsetMs}@${stored.updatedAtMs}` : 'none'
  if (seen.get(merchantId) === version) return
  seen.set(merchantId, version)
  clock.setOffset(merchantId, stored?.offsetMs ?? 0)
}

/**
 * Several processes on one PostgreSQL (WORKERS, several machines): each follows the others' clock moves as they
 * commit (LISTEN/NOTIFY), for the pages that act without a signed call (wallet, cashier). Signed calls do not
 * wait for it: OPA-Auth reads the stored clock in its own statement. Answers the stop function (none on PGlite:
 * one process).
 */
export async function followMerchantClocks(deps: { store: Store; clock: Clock; log: Logger }) {
  if (!deps.store.listen) return async () => {}
  const repo = sandboxRepo(deps.store.db)
  return deps.store.listen(
    clockChannel,
    (merchantId) => {
      repo
        .clockRow(merchantId)
        .then((row) => syncMerchantClock(deps.clock, merchantId, row ?? null))
        .catch((error: unknown) => deps.log.warn('clock reload failed', { merchantId, error: String(error) }))
    },
    (error) => deps.log.warn('clock listener connection lost; reconnecting', { error: error.message }),
  )
}
