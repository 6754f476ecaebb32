/**
 * The OPA sandbox engine: the one place that changes sandbox state. Each operation is a command module
 * `(ctx, input) → result` beside this file (codes, payments, refunds, pre-auth, request money, cashback,
 * authorizations, test users, top-up, the dashboard's ledger); they share one transaction helper (`context.ts`) and
 * the payment machine glue (`orders.ts`). Commands answer rows or plain objects and throw `ApiError` with a published
 * or sandbox code; the wire JSON is `../api/views.ts`.
 *
 * A command's input is the request body as `src/domain/opa-schemas.ts` validated it (or the ids a page or a query
 * names); its context (`context.ts`) names the store, the clock and, for the merchant's API, the merchant.
 *
 * `createSandbox` is called once, where the app's dependencies are built (`appDeps`, server/deps.ts), and handed
 * down as `deps.sandbox`: the OPA routes, the wallet pages, the portal and the webhook dispatcher all use that one.
 * One door: every adapter — the OPA routes, the wallet pages, the portal, the webhook dispatcher, the CLI and the
 * MCP tools — calls a command of `sandboxCommands` with `sandbox.ctx` (store and clock) or
 * `sandbox.forMerchant(id)` (a merchant's) and its input; the engine has no bound methods beside them. It owns the
 * demo seed, which starts when someone asks for it (`ready()`), never at import or build time.
 */
import type { Clock } from '../../../clock.ts'
import type { Logger } from '../../../logger.ts'
import type { Store } from '../../../store/db.ts'
import * as authorizations from './authorizations.ts'
import * as cashback from './cashback.ts'
import * as codes from './codes.ts'
import { merchantCtx, type SandboxCtx } from './context.ts'
import { feedFor } from './inspect-feed.ts'
import * as ledger from './ledger.ts'
import * as payments from './payments.ts'
import * as preauth from './preauth.ts'
import * as refunds from './refunds.ts'
import * as requestMoney from './request-money.ts'
import { loadClockOffsets, seedDemoMerchant } from './seed.ts'
import * as testUsers from './test-users.ts'
import * as topUp from './top-up.ts'
import * as webhookDeliveries from './webhook-deliveries.ts'

/** Every sandbox command by domain, for adapters that call them with their own context (CLI, MCP tools). */
export const sandboxCommands = {
  authorizations,
  cashback,
  codes,
  ledger,
  payments,
  preauth,
  refunds,
  requestMoney,
  testUsers,
  topUp,
  webhookDeliveries,
} as const

export interface SandboxDeps {
  store: Pick<Store, 'db' | 'listen'>
  clock: Clock
  log: Pick<Logger, 'error' | 'warn'>
}

export type SandboxEngine = ReturnType<typeof createSandbox>

export function createSandbox(deps: SandboxDeps) {
  const ctx: SandboxCtx = { db: deps.store.db, clock: deps.clock }
  const m = (merchantId: string, products?: readonly string[]) => merchantCtx(ctx, merchantId, products)

  let seeding: Promise<void> | undefined
  /** The demo merchant, seeded once per sandbox (again after a failure). Rejects when the store refuses. */
  const seedDemo = () =>
    (seeding ??= seedDemoMerchant(ctx).catch((error: unknown) => {
      seeding = undefined
      throw error
    }))
  let started: Promise<void> | undefined
  /**
   * The sandbox ready to serve: the demo merchant seeded and the merchants' clock offsets loaded from the store.
   * The first call starts it (the server calls it at start; OPA-Auth awaits it before any key lookup). A failed
   * seed is logged, and requests go on (their keys are looked up as usual).
   */
  const ready = () =>
    (started ??= seedDemo()
      .then(() => loadClockOffsets(ctx))
      .catch((error: unknown) => {
        deps.log.error('sandbox seed failed', { error: String(error) })
      }))

  return {
    /** The context the commands run with (store and clock); `forMerchant` adds a merchant (for `sandboxCommands`). */
    ctx,
    forMerchant: m,
    /** The merchants' machine steps as they commit, for the inspector (issue 30; inspect-feed.ts): one per store. */
    feed: feedFor(deps),
    ready,
    seedDemo,
  }
}
