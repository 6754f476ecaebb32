/**
 * The OPA sandbox engine: the one place that changes sandbox state. Each operation is a command module
 * `(ctx, input) → result` beside this file (codes, payments, refunds, pre-auth, request money, cashback,
 * authorizations, test users, top-up); they share one transaction helper (`context.ts`) and the payment machine
 * glue (`orders.ts`). Commands answer rows or plain objects and throw `ApiError` with a published or sandbox code;
 * the wire JSON is `../views.ts`.
 *
 * A command's input is the request body as `src/domain/opa-schemas.ts` validated it (or the ids a page or a query
 * names); its context (`context.ts`) names the store, the clock and, for the merchant's API, the merchant.
 *
 * `createSandbox` is called once, where the app's dependencies are built (`appDeps`, server/deps.ts), and handed
 * down as `deps.sandbox`: the OPA routes, the wallet pages, the portal and the webhook dispatcher all use that one.
 * The OPA routes call the commands of `sandboxCommands` with the validated request body and
 * `sandbox.forMerchant(id)`, as the other adapters (CLI, MCP) do; the methods below bind the remaining commands to
 * the store and clock for the wallet pages, the portal and the dispatcher. It owns the demo seed, which starts when
 * someone asks for it (`ready()`), never at import or build time.
 */
import type { Clock } from '../../../clock.ts'
import type { Logger } from '../../../logger.ts'
import type { Store } from '../../../store/db.ts'
import * as authorizations from './authorizations.ts'
import * as cashback from './cashback.ts'
import * as codes from './codes.ts'
import { merchantCtx, type SandboxCtx } from './context.ts'
import * as payments from './payments.ts'
import * as preauth from './preauth.ts'
import * as refunds from './refunds.ts'
import * as requestMoney from './request-money.ts'
import { loadClockOffsets, seedDemoMerchant } from './seed.ts'
import * as testUsers from './test-users.ts'
import * as topUp from './top-up.ts'
import type { CancelDirective } from '@/domain/sandbox-force.ts'

/** Every sandbox command by domain, for adapters that call them with their own context (CLI, MCP tools). */
export const sandboxCommands = { authorizations, cashback, codes, payments, preauth, refunds, requestMoney, testUsers, topUp } as const

export interface SandboxDeps {
  store: Pick<Store, 'db'>
  clock: Clock
  log: Pick<Logger, 'error'>
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
    ready,
    seedDemo,

    // ── time (the webhook dispatcher's tick) ────────────────────────────────────────────────────────────
    expireDue: (limit?: number) => preauth.expireDue(ctx, { limit }),
    expireReauthorizationsDue: (limit?: number) => preauth.expireReauthorizationsDue(ctx, { limit }),

    // ── dynamic QR ──────────────────────────────────────────────────────────────────────────────────────
    deleteCode: (merchantId: string, codeId: string) => codes.deleteCode(m(merchantId), { codeId }),
    getCodePayment: (merchantId: string, merchantPaymentId: string) => codes.getCodePayment(m(merchantId), { merchantPaymentId }),
    getCashierCode: (codeId: string) => codes.getCashierCode(ctx, { codeId }),
    payCode: (codeId: string, testUserId: string) => codes.payCode(ctx, { codeId, testUserId }),
    cancelCodeByUser: (codeId: string) => codes.cancelCodeByUser(ctx, { codeId }),

    // ── native / pre-auth / continuous payments ────────────────────────────────────────────────────────
    getPayment: (merchantId: string, merchantPaymentId: string) => payments.getPayment(m(merchantId), { merchantPaymentId }),
    getPaymentDetails: (merchantId: string, merchantPaymentId: string) => payments.getPaymentDetails(m(merchantId), { merchantPaymentId }),
    refundsOf: (paymentId: string) => payments.refundsOf(ctx, { paymentId }),
    cancelPayment: (merchantId: string, merchantPaymentId: string, directive?: CancelDirective) =>
      payments.cancelPayment(m(merchantId), { merchantPaymentId, directive }),
    hasEnoughBalance: (merchantId: string, userAuthorizationId: string, amount: number) =>
      payments.hasEnoughBalance(m(merchantId), { userAuthorizationId, amount }),

    // ── refunds ─────────────────────────────────────────────────────────────────────────────────────────
    getRefund: (merchantId: string, merchantRefundId: string, paymentId?: string) => refunds.getRefund(m(merchantId), { merchantRefundId, paymentId }),

    // ── pre-authorisation ───────────────────────────────────────────────────────────────────────────────
    revert: (merchantId: string, input: preauth.RevertInput) => preauth.revert(m(merchantId), input),
    approveReauthorization: (paymentId: string, requestId: string) => preauth.approveReauthorization(ctx, { paymentId, requestId }),
    approveCapture: (paymentId: string, merchantCaptureId: string) => preauth.approveCapture(ctx, { paymentId, merchantCaptureId }),

    // ── request money ───────────────────────────────────────────────────────────────────────────────────
    getRequestOrder: (merchantId: string, merchantPaymentId: string, notFoundStatus: 400 | 404) =>
      requestMoney.getRequestOrder(m(merchantId), { merchantPaymentId, notFoundStatus }),
    getRequestOrderWithRefunds: (merchantId: string, merchantPaymentId: string, notFoundStatus: 400 | 404) =>
      requestMoney.getRequestOrderWithRefunds(m(merchantId), { merchantPaymentId, notFoundStatus }),
    cancelRequestOrder: (merchantId: string, merchantPaymentId: string) => requestMoney.cancelRequestOrder(m(merchantId), { merchantPaymentId }),
    payRequestOrder: (merchantId: string, merchantPaymentId: string, testUserId: string) =>
      requestMoney.payRequestOrder(m(merchantId), { merchantPaymentId, testUserId }),

    // ── user authorization ──────────────────────────────────────────────────────────────────────────────
    verifyRequestToken: (apiKey: string, requestToken: string) => authorizations.verifyRequestToken(ctx, { apiKey, requestToken }),
    startAuthorizationSession: (merchantId: string, apiKey: string, kind: 'WEB' | 'QR', request: authorizations.AuthorizationRequest) =>
      authorizations.startAuthorizationSession(m(merchantId), { apiKey, kind, request }),
    getAuthorizationSession: (sessionId: string) => authorizations.getAuthorizationSession(ctx, { sessionId }),
    approveAuthorization: (sessionId: string, testUserId: string) => authorizations.approveAuthorization(ctx, { sessionId, testUserId }),
    denyAuthorization: (sessionId: string) => authorizations.denyAuthorization(ctx, { sessionId }),
    getUserAuthorization: (merchantId: string, userAuthorizationId: string) => authorizations.getUserAuthorization(m(merchantId), { userAuthorizationId }),
    getSecureProfile: (merchantId: string, userAuthorizationId: string) => authorizations.getSecureProfile(m(merchantId), { userAuthorizationId }),
    unlinkUser: (merchantId: string, userAuthorizationId: string) => authorizations.unlinkUser(m(merchantId), { userAuthorizationId }),

    // ── cashback ────────────────────────────────────────────────────────────────────────────────────────
    getCashback: (merchantId: string, merchantCashbackId: string) => cashback.getCashback(m(merchantId), { merchantCashbackId }),
    getCashbackReversal: (merchantId: string, merchantCashbackReversalId: string, merchantCashbackId: string) =>
      cashback.getCashbackReversal(m(merchantId), { merchantCashbackReversalId, merchantCashbackId }),

    // ── test users and top-up ───────────────────────────────────────────────────────────────────────────
    ensureTestUsers: (merchantId: string) => testUsers.ensureTestUsers(m(merchantId)),
    listTestUsers: (merchantId: string) => testUsers.listTestUsers(m(merchantId)),
    findTestUser: (testUserId: string) => testUsers.findTestUser(ctx, { testUserId }),
    /** Top-up, once per Japan-time month per test user (spec §6, §9). */
    topUp: (merchantId: string, testUserId: string, amount?: number) => topUp.topUp(m(merchantId), { testUserId, amount }),
  }
}
