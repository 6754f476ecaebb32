import type { Clock } from '../../../clock.ts'
import type { Db } from '../../../store/db.ts'
import { sandboxRepo, type SandboxRepo } from '../../../store/sandbox-repo.ts'
import { feedOf, recordSteps, type MachineStep } from './inspect-feed.ts'

/**
 * What every sandbox command runs with: the store and the clock. Commands are plain functions
 * `(ctx, input) → result`; the HTTP routes, the wallet pages, the portal (and later the CLI and the MCP tools)
 * are thin adapters over them. Nothing here holds state: a context is two references.
 */
export interface SandboxCtx {
  readonly db: Db
  readonly clock: Clock
}

/** A command acting for one merchant: its id is explicit, and so is the clock its time comes from. */
export interface MerchantCtx extends SandboxCtx {
  readonly merchantId: string
  /**
   * The product models the caller's API key grants (spec §3), for the commands whose rules depend on them
   * (a pre-authorised code needs preauth_capture); absent or empty: not restricted.
   */
  readonly products?: readonly string[]
}

export const merchantCtx = (ctx: SandboxCtx, merchantId: string, products?: readonly string[]): MerchantCtx => ({
  db: ctx.db,
  clock: ctx.clock,
  merchantId,
  ...(products ? { products } : {}),
})

/** Now on a merchant's clock (a merchant's clock can be moved; without a merchant: the server's own). */
export const nowMs = (ctx: SandboxCtx, merchantId?: string) => ctx.clock.nowMs(merchantId)

/** The repository outside any transaction (reads, single-statement writes). */
export const repoOf = (ctx: SandboxCtx) => sandboxRepo(ctx.db)

/**
 * The one transaction helper of the commands: runs `fn` with a repository bound to a new transaction. Every
 * state change that touches more than one row (an order and a balance, a session and an authorization) goes
 * through it; a throw rolls everything back.
 *
 * Its first statement takes `merchantId`'s sandbox-state lock shared (issue 33; docs/sandbox-state.md): the
 * transaction runs wholly before or wholly after a reset, seed or restore of that merchant, which take it
 * exclusively. So `fn` reads again, inside, every row it changes or names (an order, a link, a test user): what the
 * command read before may be gone, and then it answers the published not-found error instead of a database's
 * constraint violation. Nothing may lock a row before it (a reset waiting for this lock would hold rows `fn` waits for).
 */
export async function inTx<T>(ctx: SandboxCtx, merchantId: string, fn: (r: SandboxRepo) => Promise<T>): Promise<T> {
  const feed = feedOf(ctx.db)
  let steps: MachineStep[] = []
  const result = await ctx.db.transaction(async (t) => {
    const r = sandboxRepo(t)
    // the machine steps this transaction makes (inspect-feed.ts): published once it commits, never if it rolls back
    steps = recordSteps(t)
    await r.shareSandboxState(merchantId)
    const answer = await fn(r)
    await feed?.beforeCommit(t, steps)
    return answer
  })
  feed?.afterCommit(steps)
  return result
}
