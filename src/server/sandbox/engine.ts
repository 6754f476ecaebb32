/**
 * The OPA sandbox engine: the one place that changes sandbox state. Route modules (opa.ts) and the simulated
 * wallet pages (wallet*.ts) both call it; it persists each order's state and lets `machines/payment.machine.ts`
 * decide every transition (snapshot restored from the row → `getNextSnapshot` → row updated), inside a
 * transaction that locks the order. Balances change with conditional UPDATEs backed by a CHECK (never negative).
 * Time comes only from `deps.clock.nowMs(merchantId)` (a merchant's clock can be moved).
 *
 * For the wallet pages (all take ids, answer plain objects, throw `ApiError` with a published or sandbox code):
 *
 *   ensureTestUsers(db, merchantId)                 seed the default test users of a merchant (idempotent)
 *   engine.listTestUsers(merchantId)                 [{ id, username, balance, lastTopUpMonth }]
 *   engine.findTestUserByName(merchantId, username)  sign-in of a test user by name (undefined if unknown)
 *   engine.topUp(merchantId, testUserId, amount?)    once per Japan-time month → SANDBOX_TOP_UP_LIMIT
 *   engine.getCashierCode(codeId)                    what the cashier page shows (amount, merchant, status, expiry)
 *   engine.payCode(codeId, testUserId)               pay a QR code: CREATED → COMPLETED / AUTHORIZED;
 *                                                    NO_SUFFICIENT_FUND, DYNAMIC_QR_PAYMENT_NOT_FOUND (expired) …
 *   engine.cancelCodeByUser(codeId)                  the payer cancels on the cashier page (order → FAILED)
 *   engine.getAuthorizationSession(sessionId)        what the consent page shows (merchant, scopes, status)
 *   engine.approveAuthorization(sessionId, testUserId) → { redirectUrl, responseToken, userAuthorizationId }
 *   engine.denyAuthorization(sessionId)              → { redirectUrl, responseToken }
 *   engine.payRequestOrder(merchantId, merchantPaymentId, testUserId)   pay a request-money order
 *   engine.approveReauthorization(paymentId, requestId)                 user approves a higher amount
 *   engine.approveCapture(paymentId, merchantCaptureId)                 user confirms a capture above the authorised amount
 */
import { randomBytes } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import { getNextSnapshot } from 'xstate'
import { paymentMachine, type PaymentEvent, type PaymentKind, type PaymentStatus } from '../../../machines/payment.machine.ts'
import { ApiError, isErrorCode } from '@/domain/errors.ts'
import { profileIdentifierOf, responseTokenIssuer } from '@/domain/lab-link.ts'
import { opaCodeIds } from '@/domain/errors-sandbox.ts'
import { limits } from '@/domain/limits.ts'
import type { AppDeps } from '../deps.ts'
import { isUniqueViolation, type Db } from '../store/db.ts'
import { dashboardRepo } from '../store/dashboard-repo.ts'
import { merchantRepo } from '../store/merchant-repo.ts'
import {
  newCodeId,
  newPaymentId,
  newSessionId,
  newTestUserId,
  newUserAuthorizationId,
  sandboxRepo,
  type CashbackReversalRow,
  type CashbackRow,
  type PaymentRow,
  type RefundRow,
  type SandboxRepo,
  type UserAuthorizationRow,
} from '../store/sandbox-repo.ts'
import { enqueueConfirmationExpiredWebhook, enqueueTransactionWebhook } from './webhook-queue.ts'

const S = limits.sandbox
const sec = (ms: number | null | undefined) => (ms === null || ms === undefined ? undefined : Math.floor(ms / 1000))
const money = (amount: number) => ({ amount, currency: 'JPY' as const })

// ── seed ─────────────────────────────────────────────────────────────────────────────────────────────────

/** The documented demo merchant (docs/sandbox.md); seeded idempotently on startup. */
export const demoMerchant = {
  id: '100000000000000001',
  name: 'PayLab Demo Cake Shop',
  apiKey: 'a_PayLabDemo_0001',
  /** base64 of `paylab-sandbox-demo-secret-not-for-live-use` (JWTs use the decoded bytes). */
  apiSecret: 'cGF5bGFiLXNhbmRib3gtZGVtby1zZWNyZXQtbm90LWZvci1saXZlLXVzZQ==',
  products: ['webcashier', 'autodebit', 'qrcode', 'appinvoke', 'continuous_payments', 'preauth_capture', 'request_money'],
} as const

/** Default test users of every merchant (spec §3: username and balance). `jiro` is short of money on purpose. */
export const defaultTestUsers = [
  { username: 'taro', balance: S.testUserStartingBalance },
  { username: 'hanako', balance: S.testUserStartingBalance },
  { username: 'jiro', balance: 100 },
] as const

/** Gives a merchant its default test users unless it has some already. Safe to call concurrently. */
export async function ensureTestUsers(db: Db, merchantId: string, nowMs = 0) {
  const repo = sandboxRepo(db)
  if ((await repo.countTestUsers(merchantId)) > 0) return
  await repo.insertTestUsersIfMissing(
    defaultTestUsers.map((u, i) => ({ id: newTestUserId(), merchantId, username: u.username, balance: u.balance, createdAtMs: nowMs + i })),
  )
}

export async function seedDemoMerchant(db: Db) {
  await sandboxRepo(db).upsertSeedMerchant({ ...demoMerchant, products: [...demoMerchant.products] })
  await ensureTestUsers(db, demoMerchant.id)
}

// ── time ─────────────────────────────────────────────────────────────────────────────────────────────────

/** `YYYY-MM` of an instant in Japan time (top-up once a month). */
export function jstMonth(ms: number) {
  return new Date(ms + 9 * 60 * 60_000).toISOString().slice(0, 7)
}

// ── views (the published response shapes) ───────────────────────────────────────────────────────────────

function orderField<T>(row: PaymentRow, key: string): T | undefined {
  const value = row.order[key]
  return value === undefined || value === null ? undefined : (value as T)
}

export function refundView(r: RefundRow, status: 'CREATED' | 'REFUNDED' = r.status === 'CREATED' ? 'CREATED' : 'REFUNDED') {
  return {
    status,
    acceptedAt: sec(r.acceptedAtMs)!,
    merchantRefundId: r.merchantRefundId,
    paymentId: r.paymentId,
    amount: money(r.amount),
    requestedAt: r.requestedAt,
    reason: r.reason ?? null,
  }
}

/** Payment details (GetPaymentDetails / GetCodesPaymentDetails); `withUser` adds userAuthorizationId. */
export function paymentView(row: PaymentRow, refunds: RefundRow[], withUser: boolean) {
  const items = orderField<unknown[]>(row, 'orderItems')
  return {
    paymentId: row.paymentId,
    status: row.status,
    ...(row.acceptedAtMs !== null ? { acceptedAt: sec(row.acceptedAtMs) } : {}),
    refunds: { data: refunds.map((r) => refundView(r)) },
    captures: { data: row.captures },
    revert: row.revert ?? null,
    merchantPaymentId: row.merchantPaymentId,
    ...(withUser && row.userAuthorizationId ? { userAuthorizationId: row.userAuthorizationId } : {}),
    amount: money(row.amount),
    ...(row.requestedAt !== null ? { requestedAt: row.requestedAt } : {}),
    expiresAt: sec(row.expiresAtMs) ?? null,
    canceledAt: sec(row.canceledAtMs) ?? null,
    storeId: orderField<string>(row, 'storeId') ?? null,
    terminalId: orderField<string>(row, 'terminalId') ?? null,
    orderReceiptNumber: orderField<string>(row, 'orderReceiptNumber') ?? null,
    orderDescription: orderField<string>(row, 'orderDescription') ?? null,
    orderItems: items ?? null,
    ...(row.acceptedAtMs !== null ? { paymentMethods: [{ amount: money(row.amount), type: 'WALLET' }] } : {}),
  }
}

export function codeView(row: PaymentRow, origin: string) {
  const o = row.order
  const url = `${origin}/sandbox/cashier/${row.codeId}`
  const items = Array.isArray(o.orderItems)
    ? (o.orderItems as Record<string, unknown>[]).map(({ unitPrice, ...rest }) => ({ ...rest, unit_price: unitPrice }))
    : undefined
  const pick = (key: string) => (o[key] === undefined ? {} : { [key]: o[key] })
  return {
    codeId: row.codeId!,
    url,
    deeplink: `paylab://payment?link_key=${encodeURIComponent(url)}`,
    expiryDate: sec(row.codeExpiresAtMs)!,
    merchantPaymentId: row.merchantPaymentId,
    amount: money(row.amount),
    ...pick('orderDescription'),
    ...(items ? { orderItems: items } : {}),
    codeType: 'ORDER_QR',
    ...pick('storeInfo'),
    ...pick('storeId'),
    ...pick('productType'),
    ...pick('terminalId'),
    ...(row.requestedAt !== null ? { requestedAt: row.requestedAt } : {}),
    ...pick('redirectUrl'),
    ...pick('redirectType'),
    isAuthorization: row.isAuthorization,
    ...(row.isAuthorization ? { authorizationExpiry: sec(row.expiresAtMs) } : {}),
  }
}

export function userAuthorizationView(a: UserAuthorizationRow) {
  return {
    userAuthorizationId: a.userAuthorizationId,
    referenceIds: a.referenceIds,
    status: a.status,
    scopes: a.scopes,
    expireAt: sec(a.expireAtMs)!,
    issuedAt: sec(a.issuedAtMs)!,
  }
}

export function cashbackView(c: CashbackRow) {
  const r = c.request
  return {
    cashbackId: c.cashbackId,
    merchantCashbackId: c.merchantCashbackId,
    userAuthorizationId: c.userAuthorizationId,
    amount: money(c.amount),
    requestedAt: c.requestedAt,
    cashbackStatus: c.status,
    acceptedAt: sec(c.acceptedAtMs)!,
    ...(r.orderDescription !== undefined ? { orderDescription: r.orderDescription } : {}),
    ...(r.walletType !== undefined ? { walletType: r.walletType } : {}),
    ...(r.expiryDate !== undefined ? { expiryDate: r.expiryDate } : {}),
    ...(r.metadata !== undefined ? { metadata: r.metadata } : {}),
  }
}

export function cashbackReversalView(c: CashbackReversalRow) {
  const r = c.request
  return {
    merchantCashbackReversalId: c.merchantCashbackReversalId,
    merchantCashbackId: c.merchantCashbackId,
    amount: money(c.amount),
    requestedAt: c.requestedAt,
    cashbackStatus: c.status,
    acceptedAt: sec(c.acceptedAtMs)!,
    ...(r.reason !== undefined ? { reason: r.reason } : {}),
    ...(r.metadata !== undefined ? { metadata: r.metadata } : {}),
  }
}

// ── machine glue ─────────────────────────────────────────────────────────────────────────────────────────

function restore(row: PaymentRow) {
  return paymentMachine.resolveState({
    value: row.status,
    context: {
      kind: row.kind as PaymentKind,
      isAuthorization: row.isAuthorization,
      amount: row.amount,
      createdAtMs: row.createdAtMs,
      acceptedAtMs: row.acceptedAtMs,
      codeExpiresAtMs: row.codeExpiresAtMs,
      expiresAtMs: row.expiresAtMs,
      reauthCount: row.reauthCount,
      autoCancelAtMs: row.autoCancelAtMs,
      rejection: null,
    },
  })
}

/** What the machine says to an event: the next status and context, or the published code that refuses it. */
export function decide(row: PaymentRow, event: PaymentEvent) {
  const next = getNextSnapshot(paymentMachine, restore(row), event)
  return { status: next.value as PaymentStatus, context: next.context, rejection: next.context.rejection }
}

export interface CreateCodeInput {
  merchantPaymentId: string
  amount: number
  isAuthorization: boolean
  authorizationExpiry?: number
  requestedAt?: number
  order: Record<string, unknown>
}

export interface CreatePaymentInput {
  merchantPaymentId: string
  userAuthorizationId: string
  amount: number
  requestedAt: number
  order: Record<string, unknown>
  expiresAt?: number
}

export interface AuthorizationRequest {
  scopes: string[]
  nonce: string
  redirectUrl: string
  referenceId: string
  deviceId?: string
}

/**
 * The user-authorization scopes each endpoint needs (one of them), as the provider's product pages name them:
 * native payment `direct_debit`, pre-auth `preauth_capture_native`/`preauth_capture_transaction`, continuous
 * payments `continuous_payments`, request money `pending_payments`, cashback `cashback`, balance `get_balance`.
 */
export const userScopes = {
  NATIVE: ['direct_debit'],
  PREAUTH: ['preauth_capture_native', 'preauth_capture_transaction'],
  SUBSCRIPTION: ['continuous_payments'],
  REQUEST_ORDER: ['pending_payments'],
  cashback: ['cashback'],
  checkBalance: ['get_balance'],
} as const

export type SandboxEngine = ReturnType<typeof sandboxEngine>

export function sandboxEngine(deps: Pick<AppDeps, 'store' | 'clock'>) {
  const db = deps.store.db
  const now = (merchantId?: string) => deps.clock.nowMs(merchantId)
  const repo = sandboxRepo(db)
  const tx = <T>(fn: (r: SandboxRepo) => Promise<T>) => db.transaction((t) => fn(sandboxRepo(t as unknown as Db)))

  /**
   * Applies one event to a locked order: the machine decides, the engine moves money to match and stores the
   * row. A refusal throws its published code (nothing is changed).
   */
  async function apply(r: SandboxRepo, row: PaymentRow, event: PaymentEvent, extra: Partial<PaymentRow> = {}, webhookFields: Record<string, string> = {}) {
    const d = decide(row, event)
    if (d.rejection) throw rejection(d.rejection)
    if (d.status === row.status && d.context.amount === row.amount && d.context.reauthCount === row.reauthCount && !Object.keys(extra).length) return row
    let held = row.heldAmount
    const release = async (amount: number) => {
      if (amount > 0 && row.testUserId) await r.credit(row.testUserId, amount)
      held -= amount
    }
    if (row.status === 'CREATED' && (d.status === 'COMPLETED' || d.status === 'AUTHORIZED')) {
      const payer = extra.testUserId ?? row.testUserId
      if (!payer) throw new ApiError('SANDBOX_TEST_USER_NOT_FOUND')
      if (!(await r.debit(payer, row.amount))) throw new ApiError('NO_SUFFICIENT_FUND')
      held = row.amount
    } else if (d.status === 'FAILED' || d.status === 'CANCELED' || d.status === 'EXPIRED') {
      await release(held)
    } else if (row.status === 'AUTHORIZED' && (d.status === 'COMPLETED' || d.status === 'AUTHORIZED')) {
      if (d.context.amount > held) {
        // the user confirmed a capture above the authorised amount: the rest comes from the balance now
        if (!row.testUserId || !(await r.debit(row.testUserId, d.context.amount - held))) throw new ApiError('NO_SUFFICIENT_FUND')
        held = d.context.amount
      } else {
        // capture or lower reauthorisation: unblock what is no longer authorised
        await release(held - d.context.amount)
      }
    } else if (row.status === 'COMPLETED' && d.status === 'REFUNDED' && event.type === 'merchant.refund') {
      await release(event.amount)
    }
    const updated = await r.updatePayment(row.paymentId, {
      ...extra,
      status: d.status,
      amount: d.context.amount,
      heldAmount: held,
      acceptedAtMs: d.context.acceptedAtMs,
      reauthCount: d.context.reauthCount,
      ...(d.status === 'FAILED' && row.status !== 'FAILED' ? { canceledAtMs: event.nowMs } : {}),
    })
    await enqueueTransactionWebhook(r.db, row, updated, event.nowMs, webhookFields)
    return updated
  }

  /** Lazy expiry: applies `time.passed` when the machine says time has moved the order on. */
  async function refresh(row: PaymentRow): Promise<PaymentRow> {
    const event = { type: 'time.passed' as const, nowMs: now(row.merchantId) }
    if (decide(row, event).status === row.status) return row
    return tx(async (r) => {
      const locked = await r.findPaymentById(row.paymentId, true)
      if (!locked) return row
      const d = decide(locked, { ...event, nowMs: now(row.merchantId) })
      return d.status === locked.status ? locked : apply(r, locked, { ...event, nowMs: now(row.merchantId) })
    })
  }

  /** Locks an order, brings it up to date, then applies `event`. */
  async function lockedApply(r: SandboxRepo, row: PaymentRow, event: PaymentEvent, extra: Partial<PaymentRow> = {}) {
    let locked = (await r.findPaymentById(row.paymentId, true))!
    const tick = { type: 'time.passed' as const, nowMs: event.nowMs }
    if (decide(locked, tick).status !== locked.status) locked = await apply(r, locked, tick)
    return apply(r, locked, event, extra)
  }

  async function findOrder(merchantId: string, merchantPaymentId: string) {
    const row = await repo.findPayment(merchantId, merchantPaymentId)
    return row ? refresh(row) : undefined
  }

  /**
   * The linked user's authorization, valid and granting one of `scopes` (the consent the endpoint needs, see
   * `userScopes`). No scope given: any active authorization (status, unlink). Missing consent → 401
   * OP_OUT_OF_SCOPE (PayLab choice; docs/sandbox.md).
   */
  async function activeAuthorization(merchantId: string, userAuthorizationId: string, scopes: readonly string[] = []) {
    const auth = await repo.findUserAuthorization(userAuthorizationId)
    if (!auth || auth.merchantId !== merchantId || auth.status !== 'ACTIVE') throw new ApiError('INVALID_USER_AUTHORIZATION_ID')
    if (auth.expireAtMs <= now(merchantId)) throw new ApiError('EXPIRED_USER_AUTHORIZATION_ID')
    if (scopes.length > 0 && !scopes.some((s) => auth.scopes.includes(s))) throw new ApiError('OP_OUT_OF_SCOPE')
    return auth
  }

  async function secretOf(apiKey: string) {
    const found = await merchantRepo(db).findActiveCredential(apiKey)
    return found ? new Uint8Array(Buffer.from(found.credential.apiSecret, 'base64')) : undefined
  }

  /**
   * Decides a consent session once. The decision and the user authorization it creates or extends are one
   * transaction: the session row is locked and must still be PENDING, and the test user's row is locked so
   * that two sessions of one user cannot both create an authorization. A second (or parallel) decision is
   * refused with SANDBOX_SESSION_NOT_FOUND and changes nothing.
   */
  async function sessionRedirect(sessionId: string, result: 'succeeded' | 'declined', testUserId?: string) {
    const { session, authorization } = await tx(async (r) => {
      const session = await r.findAuthSession(sessionId, true)
      if (!session || session.status !== 'PENDING' || session.expiresAtMs <= now(session.merchantId)) throw new ApiError('SANDBOX_SESSION_NOT_FOUND')
      let authorization: UserAuthorizationRow | undefined
      if (result === 'succeeded') {
        const user = testUserId ? await r.lockTestUser(testUserId) : undefined
        if (!user || user.merchantId !== session.merchantId) throw new ApiError('SANDBOX_TEST_USER_NOT_FOUND')
        const t = now(session.merchantId)
        const existing = await r.findActiveAuthorizationOf(session.merchantId, user.id)
        authorization = existing
          ? await r.updateUserAuthorization(existing.userAuthorizationId, {
              scopes: [...new Set([...existing.scopes, ...session.scopes])],
              referenceIds: [...new Set([...existing.referenceIds, session.referenceId])],
              expireAtMs: t + S.userAuthorizationTtlMs,
            })
          : await r.insertUserAuthorization({
              userAuthorizationId: newUserAuthorizationId(),
              merchantId: session.merchantId,
              testUserId: user.id,
              profileIdentifier: profileIdentifierOf(user.id),
              scopes: session.scopes,
              referenceIds: [session.referenceId],
              status: 'ACTIVE',
              issuedAtMs: t,
              expireAtMs: t + S.userAuthorizationTtlMs,
            })
      }
      const decided = await r.decideAuthSession(sessionId, result === 'succeeded' ? 'APPROVED' : 'DENIED', authorization?.userAuthorizationId ?? null)
      if (!decided) throw new ApiError('SANDBOX_SESSION_NOT_FOUND')
      return { session, authorization }
    })
    const secret = await secretOf(session.apiKey)
    if (!secret) throw new ApiError('UNAUTHORIZED')
    const nowS = Math.floor(now(session.merchantId) / 1000)
    const responseToken = await new SignJWT({
      result,
      referenceId: session.referenceId,
      nonce: session.nonce,
      ...(authorization
        ? { userAuthorizationId: authorization.userAuthorizationId, profileIdentifier: authorization.profileIdentifier, scope: authorization.scopes.join(' ') }
        : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(responseTokenIssuer)
      .setAudience(session.apiKey)
      .setIssuedAt(nowS)
      .setExpirationTime(nowS + 30 * 60)
      .sign(secret)
    const url = new URL(session.redirectUrl)
    url.searchParams.set('responseToken', responseToken)
    return { redirectUrl: url.toString(), responseToken, userAuthorizationId: authorization?.userAuthorizationId }
  }

  /** Creates an order paid at once from a linked user's wallet (native, pre-auth, continuous). */
  async function createPaidOrder(merchantId: string, kind: 'NATIVE' | 'PREAUTH' | 'SUBSCRIPTION', input: CreatePaymentInput, agreeSimilarTransaction: boolean) {
    const auth = await activeAuthorization(merchantId, input.userAuthorizationId, userScopes[kind])
    const t = now(merchantId)
    const existing = await repo.findPayment(merchantId, input.merchantPaymentId)
    if (existing) return refresh(existing)
    if (!agreeSimilarTransaction && kind !== 'SUBSCRIPTION') {
      const similar = await repo.findSimilarPayment(merchantId, auth.userAuthorizationId, input.amount, t - 60_000)
      if (similar) throw new ApiError('SUSPECTED_DUPLICATE_ORDER')
    }
    let expiresAtMs: number | null = null
    if (kind === 'PREAUTH') {
      expiresAtMs = input.expiresAt !== undefined ? input.expiresAt * 1000 : t + S.preauthDefaultExpiryMs
      if (expiresAtMs <= t || expiresAtMs > t + S.preauthMaxExpiryMs) throw new ApiError('PRE_AUTH_CAPTURE_INVALID_EXPIRY_DATE')
    }
    try {
      return await tx(async (r) => {
        const row = await r.insertPayment({
          paymentId: newPaymentId(),
          merchantId,
          merchantPaymentId: input.merchantPaymentId,
          kind,
          status: 'CREATED',
          isAuthorization: kind === 'PREAUTH',
          amount: input.amount,
          testUserId: auth.testUserId,
          userAuthorizationId: auth.userAuthorizationId,
          requestedAt: input.requestedAt,
          expiresAtMs,
          order: input.order,
          createdAtMs: t,
        })
        return apply(r, row, { type: 'user.paid', nowMs: t })
      })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      const winner = await repo.findPayment(merchantId, input.merchantPaymentId)
      if (!winner) throw error
      return winner
    }
  }

  return {
    now,
    /**
     * Expires the authorisations whose time has passed (the dispatcher calls it every tick, so their EXPIRED
     * webhooks go out as after real waiting, read or not). Answers how many moved.
     */
    async expireDue(limit = 20) {
      const rows = await repo.authorizationsExpiredBy(deps.clock.nowMs(), limit)
      const moved = await Promise.all(rows.map((row) => refresh(row)))
      return moved.filter((row) => row.status !== 'AUTHORIZED').length
    },
    /**
     * Expires the higher-amount reauthorisations the payer did not approve within their window (the dispatcher calls
     * it every tick): each is marked expired exactly once, in the transaction that queues its user-confirmation-
     * expired AUTHORIZED webhook; the authorisation is unchanged. A request whose payment is no longer AUTHORIZED
     * (captured, reverted, expired) is closed without a webhook. Answers how many webhooks were queued.
     */
    async expireReauthorizationsDue(limit = 20) {
      const ops = await repo.reauthorizationsUnapprovedBy(deps.clock.nowMs(), S.reauthorizeApprovalTtlMs, limit)
      const queued = await Promise.all(ops.map((op) => tx(async (r) => {
        // the order first, as an approval locks it: the two never wait on each other crosswise (a payment gone with
        // a restored sandbox state just closes its request)
        const locked = (await r.findPaymentById(op.paymentId)) && (await refreshLocked(r, op))
        const t = now(op.merchantId)
        if (!(await r.closePendingOperation(op.merchantId, 'reauthorize', op.operationId, 'expiredAtMs', t))) return false
        if (locked?.status !== 'AUTHORIZED') return false
        await enqueueConfirmationExpiredWebhook(r.db, locked, op.operationId, op.createdAtMs + S.reauthorizeApprovalTtlMs, t)
        return true
      })))
      return queued.filter(Boolean).length
    },
    ensureTestUsers: (merchantId: string) => ensureTestUsers(db, merchantId, now(merchantId)),

    // ── dynamic QR ───────────────────────────────────────────────────────────────────────────────────────
    async createCode(merchantId: string, input: CreateCodeInput) {
      const t = now(merchantId)
      let expiresAtMs: number | null = null
      if (input.isAuthorization) {
        expiresAtMs = input.authorizationExpiry !== undefined ? input.authorizationExpiry * 1000 : t + S.preauthDefaultExpiryMs
        if (expiresAtMs <= t || expiresAtMs > t + S.preauthMaxExpiryMs) throw new ApiError('PRE_AUTH_CAPTURE_INVALID_EXPIRY_DATE')
      }
      try {
        return await repo.insertPayment({
          paymentId: newPaymentId(),
          merchantId,
          merchantPaymentId: input.merchantPaymentId,
          kind: 'QR',
          status: 'CREATED',
          isAuthorization: input.isAuthorization,
          amount: input.amount,
          codeId: newCodeId(),
          codeExpiresAtMs: t + S.qrCodeLifetimeMs,
          requestedAt: input.requestedAt ?? null,
          expiresAtMs,
          order: input.order,
          createdAtMs: t,
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError('DUPLICATE_DYNAMIC_QR_REQUEST')
        throw error
      }
    },

    async deleteCode(merchantId: string, codeId: string) {
      const row = await repo.findPaymentByCode(codeId)
      if (!row || row.merchantId !== merchantId || row.codeDeleted) throw new ApiError('DYNAMIC_QR_NOT_FOUND')
      await tx((r) => lockedApply(r, row, { type: 'code.deleted', nowMs: now(merchantId) }, { codeDeleted: true }))
    },

    /** GET /v2/codes/payments/{id}: an unpaid code that expired or was deleted has no payment any more. */
    async getCodePayment(merchantId: string, merchantPaymentId: string) {
      const row = await findOrder(merchantId, merchantPaymentId)
      if (!row || (row.status === 'FAILED' && row.acceptedAtMs === null)) throw new ApiError('DYNAMIC_QR_PAYMENT_NOT_FOUND')
      return paymentView(row, await repo.refundsOf(row.paymentId), false)
    },

    // ── wallet side of QR codes ──────────────────────────────────────────────────────────────────────────
    async getCashierCode(codeId: string) {
      const found = await repo.findPaymentByCode(codeId)
      if (!found) throw new ApiError('DYNAMIC_QR_NOT_FOUND')
      const row = await refresh(found)
      const merchant = await merchantRepo(db).findById(row.merchantId)
      return {
        codeId,
        merchantId: row.merchantId,
        merchantName: merchant?.name ?? '',
        merchantPaymentId: row.merchantPaymentId,
        amount: row.amount,
        currency: 'JPY' as const,
        orderDescription: orderField<string>(row, 'orderDescription') ?? null,
        status: row.status as PaymentStatus,
        isAuthorization: row.isAuthorization,
        expiresAtMs: row.codeExpiresAtMs,
        payable: row.status === 'CREATED' && !row.codeDeleted,
        redirectUrl: orderField<string>(row, 'redirectUrl') ?? null,
      }
    },

    async payCode(codeId: string, testUserId: string) {
      const row = await repo.findPaymentByCode(codeId)
      if (!row || row.codeDeleted) throw new ApiError('DYNAMIC_QR_NOT_FOUND')
      const user = await repo.findTestUser(testUserId)
      if (!user || user.merchantId !== row.merchantId) throw new ApiError('SANDBOX_TEST_USER_NOT_FOUND')
      const paidAtMs = now(row.merchantId)
      // spec §4: a paid test QR payment cancels itself a minute later unless the merchant switched it off
      const autoCancel = row.kind === 'QR' && !row.isAuthorization && ((await dashboardRepo(db).settingsOf(row.merchantId))?.qrAutoCancel ?? true)
      const extra = { testUserId, ...(autoCancel ? { autoCancelAtMs: paidAtMs + S.qrAutoCancelMs } : {}) }
      const paid = await tx((r) => lockedApply(r, row, { type: 'user.paid', nowMs: paidAtMs }, extra))
      return { status: paid.status as PaymentStatus, paymentId: paid.paymentId, merchantPaymentId: paid.merchantPaymentId }
    },

    async cancelCodeByUser(codeId: string) {
      const row = await repo.findPaymentByCode(codeId)
      if (!row) throw new ApiError('DYNAMIC_QR_NOT_FOUND')
      const canceled = await tx((r) => lockedApply(r, row, { type: 'code.deleted', nowMs: now(row.merchantId) }))
      return { status: canceled.status as PaymentStatus }
    },

    // ── native / pre-auth / continuous payments ─────────────────────────────────────────────────────────
    createPayment: (merchantId: string, input: CreatePaymentInput, agree: boolean) => createPaidOrder(merchantId, 'NATIVE', input, agree),
    preauthorize: (merchantId: string, input: CreatePaymentInput, agree: boolean) => createPaidOrder(merchantId, 'PREAUTH', input, agree),
    subscriptionPayment: (merchantId: string, input: CreatePaymentInput) => createPaidOrder(merchantId, 'SUBSCRIPTION', input, true),

    async getPayment(merchantId: string, merchantPaymentId: string) {
      const row = await findOrder(merchantId, merchantPaymentId)
      if (!row) throw new ApiError('RESOURCE_NOT_FOUND', { codeId: opaCodeIds.orderNotFound })
      return row
    },

    refundsOf: (paymentId: string) => repo.refundsOf(paymentId),

    /** Cancel (202): an unknown order is accepted too, as the provider guarantees no later payment succeeds. */
    async cancelPayment(merchantId: string, merchantPaymentId: string) {
      const row = await repo.findPayment(merchantId, merchantPaymentId)
      if (!row) return
      await tx((r) => lockedApply(r, row, { type: 'merchant.cancel', nowMs: now(merchantId) }))
    },

    /**
     * Refund, idempotent on merchantRefundId: every repeat (concurrent ones too, on PostgreSQL as on PGlite)
     * answers the first refund. The order row is locked first and the id looked up again inside the
     * transaction, so a repeat that waited for the lock finds the winner's refund instead of a refunded order.
     * The id reused on another payment is refused (INVALID_PARAMS, the refund's codeId).
     */
    async refund(merchantId: string, input: { merchantRefundId: string; paymentId: string; amount: number; requestedAt: number; reason?: string | null }) {
      const previous = await repo.findRefund(merchantId, input.merchantRefundId)
      if (previous) return sameTarget(previous, input.paymentId, 'merchantRefundId', refundReuse)
      const row = await repo.findPaymentById(input.paymentId)
      if (!row || row.merchantId !== merchantId) throw new ApiError('RESOURCE_NOT_FOUND', { codeId: opaCodeIds.refundResourceNotFound })
      const t = now(merchantId)
      try {
        return await tx(async (r) => {
          await r.findPaymentById(row.paymentId, true)
          const won = await r.findRefund(merchantId, input.merchantRefundId)
          if (won) return sameTarget(won, input.paymentId, 'merchantRefundId', refundReuse)
          await lockedApply(r, row, { type: 'merchant.refund', nowMs: t, amount: input.amount })
          return r.insertRefund({
            merchantId,
            merchantRefundId: input.merchantRefundId,
            paymentId: row.paymentId,
            amount: input.amount,
            status: 'REFUNDED',
            reason: input.reason ?? null,
            requestedAt: input.requestedAt,
            acceptedAtMs: t,
          })
        })
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
        const same = await repo.findRefund(merchantId, input.merchantRefundId)
        if (same) return sameTarget(same, input.paymentId, 'merchantRefundId', refundReuse)
        throw new ApiError('MERCHANT_MULTIPLE_REFUND_REJECTED')
      }
    },

    async getRefund(merchantId: string, merchantRefundId: string, paymentId?: string) {
      const refund = await repo.findRefund(merchantId, merchantRefundId)
      if (!refund || (paymentId !== undefined && refund.paymentId !== paymentId)) throw new ApiError('NO_SUCH_REFUND_ORDER')
      return refund
    },

    /** Capture (spec §4): 200 with the captured order, or 202 USER_CONFIRMATION_REQUIRED above the authorised amount. */
    async capture(merchantId: string, input: { merchantPaymentId: string; merchantCaptureId: string; amount: number; requestedAt: number; orderDescription: string }) {
      const row = await repo.findPayment(merchantId, input.merchantPaymentId)
      const replay = await repo.findOperation(merchantId, 'capture', input.merchantCaptureId)
      if (replay) return operationAnswer(sameTarget(replay, row?.paymentId, 'merchantCaptureId'))
      if (!row) throw new ApiError('RESOURCE_NOT_FOUND', { codeId: opaCodeIds.orderNotFound })
      const t = now(merchantId)
      const entry = { merchantCaptureId: input.merchantCaptureId, amount: money(input.amount), orderDescription: input.orderDescription, requestedAt: input.requestedAt }
      try {
        return await tx(async (r) => {
          const locked = await refreshLocked(r, row)
          // a repeat that waited for the lock answers what the first capture answered
          const won = await r.findOperation(merchantId, 'capture', input.merchantCaptureId)
          if (won) return operationAnswer(sameTarget(won, locked.paymentId, 'merchantCaptureId'))
          const d = decide(locked, { type: 'merchant.capture', nowMs: t, amount: input.amount })
          if (d.rejection === 'USER_CONFIRMATION_REQUIRED') {
            await r.updatePayment(locked.paymentId, {
              captures: [...locked.captures, { ...entry, acceptedAt: null, expiresAt: sec(t + S.reauthorizeApprovalTtlMs), status: 'USER_REQUESTED' }],
            })
            await r.insertOperation({ merchantId, kind: 'capture', operationId: input.merchantCaptureId, paymentId: locked.paymentId, status: 202, response: {}, createdAtMs: t })
            return { status: 202, data: null }
          }
          const captured = await apply(r, locked, { type: 'merchant.capture', nowMs: t, amount: input.amount }, {
            captures: [...locked.captures, { ...entry, acceptedAt: sec(t), status: 'COMPLETED' }],
          })
          const data = captureView(captured)
          await r.insertOperation({ merchantId, kind: 'capture', operationId: input.merchantCaptureId, paymentId: locked.paymentId, status: 200, response: data, createdAtMs: t })
          return { status: 200, data }
        })
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
        const again = await repo.findOperation(merchantId, 'capture', input.merchantCaptureId)
        if (!again) throw error
        return operationAnswer(sameTarget(again, row.paymentId, 'merchantCaptureId'))
      }
    },

    async revert(merchantId: string, input: { merchantRevertId: string; paymentId: string; requestedAt: number; reason?: string }) {
      const replay = await repo.findOperation(merchantId, 'revert', input.merchantRevertId)
      if (replay) return sameTarget(replay, input.paymentId, 'merchantRevertId').response
      const row = await repo.findPaymentById(input.paymentId)
      if (!row || row.merchantId !== merchantId) throw new ApiError('RESOURCE_NOT_FOUND', { codeId: opaCodeIds.orderNotFound })
      const t = now(merchantId)
      const revert = { acceptedAt: sec(t), merchantRevertId: input.merchantRevertId, requestedAt: input.requestedAt, reason: input.reason ?? null }
      try {
        return await tx(async (r) => {
          const locked = await refreshLocked(r, row)
          const won = await r.findOperation(merchantId, 'revert', input.merchantRevertId)
          if (won) return sameTarget(won, locked.paymentId, 'merchantRevertId').response
          await apply(r, locked, { type: 'merchant.revert', nowMs: t }, { revert })
          const data = { status: 'CANCELED', acceptedAt: sec(t)!, paymentId: row.paymentId, requestedAt: input.requestedAt, reason: input.reason ?? null }
          await r.insertOperation({ merchantId, kind: 'revert', operationId: input.merchantRevertId, paymentId: row.paymentId, status: 200, response: data, createdAtMs: t })
          return data
        })
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
        const again = await repo.findOperation(merchantId, 'revert', input.merchantRevertId)
        if (!again) throw error
        return sameTarget(again, row.paymentId, 'merchantRevertId').response
      }
    },

    /** Reauthorize: lower → 200; higher → 201 USER_CONFIRMATION_REQUIRED with an approval url; a reused requestId is rejected. */
    async reauthorize(merchantId: string, origin: string, input: { requestId: string; paymentId: string; amount: number; requestedAt?: number }) {
      if (await repo.findOperation(merchantId, 'reauthorize', input.requestId)) throw new ApiError('REAUTHORIZE_REJECTED')
      const row = await repo.findPaymentById(input.paymentId)
      if (!row || row.merchantId !== merchantId) throw new ApiError('RESOURCE_NOT_FOUND', { codeId: opaCodeIds.orderNotFound })
      const t = now(merchantId)
      try {
        return await tx(async (r) => {
          const locked = await refreshLocked(r, row)
          const d = decide(locked, { type: 'merchant.reauthorize', nowMs: t, amount: input.amount })
          if (d.rejection === 'USER_CONFIRMATION_REQUIRED') {
            await r.updatePayment(locked.paymentId, { reauthCount: d.context.reauthCount })
            const data = { expiresAt: sec(t + S.reauthorizeApprovalTtlMs)!, url: `${origin}/sandbox/reauthorize/${locked.paymentId}/${encodeURIComponent(input.requestId)}` }
            await r.insertOperation({ merchantId, kind: 'reauthorize', operationId: input.requestId, paymentId: locked.paymentId, status: 201, response: { ...data, amount: input.amount, pending: true }, createdAtMs: t })
            return { status: 201 as const, data }
          }
          const updated = await apply(r, locked, { type: 'merchant.reauthorize', nowMs: t, amount: input.amount }, {}, { reauth_request_id: input.requestId })
          const data = {
            requestId: input.requestId,
            paymentId: updated.paymentId,
            updatedAmount: money(updated.amount),
            requestedAt: input.requestedAt ?? sec(t)!,
            acceptedAt: sec(t)!,
            expiresAt: sec(updated.expiresAtMs)!,
            paymentMethods: [{ amount: money(updated.amount), type: 'WALLET' }],
          }
          await r.insertOperation({ merchantId, kind: 'reauthorize', operationId: input.requestId, paymentId: updated.paymentId, status: 200, response: data, createdAtMs: t })
          return { status: 200 as const, data }
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError('REAUTHORIZE_REJECTED')
        throw error
      }
    },

    /** The user approves a higher-amount reauthorisation (wallet page): the extra amount is blocked too. */
    async approveReauthorization(paymentId: string, requestId: string) {
      const row = await repo.findPaymentById(paymentId)
      if (!row) throw new ApiError('RESOURCE_NOT_FOUND', { codeId: opaCodeIds.orderNotFound })
      const op = await repo.findOperation(row.merchantId, 'reauthorize', requestId)
      const amount = op?.response.amount
      if (!op || op.response.pending !== true || typeof amount !== 'number') throw new ApiError('REAUTHORIZE_REJECTED')
      const t = now(row.merchantId)
      if (op.createdAtMs + S.reauthorizeApprovalTtlMs <= t) throw new ApiError('REAUTHORIZE_REJECTED')
      return tx(async (r) => {
        const locked = await refreshLocked(r, row)
        if (locked.status !== 'AUTHORIZED' || !locked.testUserId) throw new ApiError('REAUTHORIZE_REJECTED')
        // single use: a second approval (or a parallel one) finds the request approved and is refused
        if (!(await r.closePendingOperation(row.merchantId, 'reauthorize', requestId, 'approvedAtMs', t))) throw new ApiError('REAUTHORIZE_REJECTED')
        if (!(await r.debit(locked.testUserId, amount - locked.heldAmount))) throw new ApiError('NO_SUFFICIENT_FUND')
        const updated = await r.updatePayment(locked.paymentId, { amount, heldAmount: amount })
        await enqueueTransactionWebhook(r.db, locked, updated, t, { reauth_request_id: requestId })
        return updated
      })
    },

    /** The user confirms a capture that was above the authorised amount (202 USER_CONFIRMATION_REQUIRED). */
    async approveCapture(paymentId: string, merchantCaptureId: string) {
      const row = await repo.findPaymentById(paymentId)
      if (!row) throw new ApiError('RESOURCE_NOT_FOUND', { codeId: opaCodeIds.orderNotFound })
      const t = now(row.merchantId)
      return tx(async (r) => {
        const locked = await refreshLocked(r, row)
        const pending = locked.captures.find((c) => c.merchantCaptureId === merchantCaptureId && c.status === 'USER_REQUESTED')
        const amount = (pending?.amount as { amount?: unknown } | undefined)?.amount
        if (!pending || typeof amount !== 'number') throw new ApiError('ORDER_NOT_CAPTURABLE')
        if (typeof pending.expiresAt === 'number' && pending.expiresAt * 1000 <= t) throw new ApiError('ORDER_NOT_CAPTURABLE')
        const captures = locked.captures.map((c) => (c === pending ? { ...c, status: 'COMPLETED', acceptedAt: sec(t) } : c))
        const captured = await apply(r, locked, { type: 'user.confirmedCapture', nowMs: t, amount }, { captures })
        // a replay of this merchantCaptureId now answers the completed capture instead of 202 again
        await r.settleOperation(locked.merchantId, 'capture', merchantCaptureId, 202, 200, captureView(captured))
        return captured
      })
    },

    // ── request money ────────────────────────────────────────────────────────────────────────────────────
    async createRequestOrder(merchantId: string, input: CreatePaymentInput & { expiryDate?: number | null }) {
      const auth = await activeAuthorization(merchantId, input.userAuthorizationId, userScopes.REQUEST_ORDER)
      const t = now(merchantId)
      try {
        return await repo.insertPayment({
          paymentId: newPaymentId(),
          merchantId,
          merchantPaymentId: input.merchantPaymentId,
          kind: 'REQUEST_ORDER',
          status: 'CREATED',
          amount: input.amount,
          testUserId: auth.testUserId,
          userAuthorizationId: auth.userAuthorizationId,
          codeExpiresAtMs: input.expiryDate ? input.expiryDate * 1000 : t + S.refundWindowMs,
          requestedAt: input.requestedAt,
          order: input.order,
          createdAtMs: t,
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError('DUPLICATE_REQUEST_ORDER')
        throw error
      }
    },

    async getRequestOrder(merchantId: string, merchantPaymentId: string, notFoundStatus: 400 | 404) {
      const row = await findOrder(merchantId, merchantPaymentId)
      if (!row || row.kind !== 'REQUEST_ORDER') throw new ApiError('REQUEST_ORDER_NOT_FOUND', { status: notFoundStatus })
      return row
    },

    async cancelRequestOrder(merchantId: string, merchantPaymentId: string) {
      const row = await repo.findPayment(merchantId, merchantPaymentId)
      if (!row || row.kind !== 'REQUEST_ORDER') throw new ApiError('REQUEST_ORDER_NOT_FOUND')
      await tx((r) => lockedApply(r, row, { type: 'merchant.cancelRequest', nowMs: now(merchantId) }))
    },

    async payRequestOrder(merchantId: string, merchantPaymentId: string, testUserId: string) {
      const row = await repo.findPayment(merchantId, merchantPaymentId)
      if (!row || row.kind !== 'REQUEST_ORDER') throw new ApiError('REQUEST_ORDER_NOT_FOUND')
      if (row.testUserId !== testUserId) throw new ApiError('SANDBOX_TEST_USER_NOT_FOUND')
      const paid = await tx((r) => lockedApply(r, row, { type: 'user.paid', nowMs: now(merchantId) }))
      return { status: paid.status as PaymentStatus, paymentId: paid.paymentId }
    },

    // ── wallet balance ───────────────────────────────────────────────────────────────────────────────────
    async hasEnoughBalance(merchantId: string, userAuthorizationId: string, amount: number) {
      const auth = await activeAuthorization(merchantId, userAuthorizationId, userScopes.checkBalance)
      const user = await repo.findTestUser(auth.testUserId)
      return (user?.balance ?? 0) >= amount
    },

    // ── user authorization ───────────────────────────────────────────────────────────────────────────────
    /** Verifies a request token (HS256, base64-decoded API secret) of GET /v2/user_authorization. */
    async verifyRequestToken(apiKey: string, requestToken: string) {
      const found = await merchantRepo(db).findActiveCredential(apiKey)
      if (!found) throw new ApiError('UNAUTHORIZED')
      const secret = new Uint8Array(Buffer.from(found.credential.apiSecret, 'base64'))
      try {
        const { payload } = await jwtVerify(requestToken, secret, {
          algorithms: ['HS256'],
          currentDate: new Date(now(found.merchant.id)),
        })
        return { merchantId: found.merchant.id, payload }
      } catch {
        throw new ApiError('UNAUTHORIZED')
      }
    },

    async startAuthorizationSession(merchantId: string, apiKey: string, kind: 'WEB' | 'QR', request: AuthorizationRequest) {
      const t = now(merchantId)
      return repo.insertAuthSession({
        sessionId: newSessionId(),
        merchantId,
        apiKey,
        kind,
        scopes: request.scopes,
        nonce: request.nonce,
        redirectUrl: request.redirectUrl,
        referenceId: request.referenceId,
        deviceId: request.deviceId ?? null,
        status: 'PENDING',
        createdAtMs: t,
        expiresAtMs: t + S.authorizationSessionTtlMs,
      })
    },

    async getAuthorizationSession(sessionId: string) {
      const session = await repo.findAuthSession(sessionId)
      if (!session || session.expiresAtMs <= now(session.merchantId)) throw new ApiError('SANDBOX_SESSION_NOT_FOUND')
      const merchant = await merchantRepo(db).findById(session.merchantId)
      return {
        sessionId,
        merchantId: session.merchantId,
        merchantName: merchant?.name ?? '',
        scopes: session.scopes,
        status: session.status,
        redirectUrl: session.redirectUrl,
        expiresAtMs: session.expiresAtMs,
      }
    },

    approveAuthorization: (sessionId: string, testUserId: string) => sessionRedirect(sessionId, 'succeeded', testUserId),
    denyAuthorization: (sessionId: string) => sessionRedirect(sessionId, 'declined'),

    async getUserAuthorization(merchantId: string, userAuthorizationId: string) {
      return userAuthorizationView(await activeAuthorization(merchantId, userAuthorizationId))
    },

    /** GET /v2/user/profile/secure: the linked user's masked phone number. */
    async getSecureProfile(merchantId: string, userAuthorizationId: string) {
      return { phoneNumber: (await activeAuthorization(merchantId, userAuthorizationId)).profileIdentifier }
    },

    async unlinkUser(merchantId: string, userAuthorizationId: string) {
      await activeAuthorization(merchantId, userAuthorizationId)
      await repo.updateUserAuthorization(userAuthorizationId, { status: 'UNLINKED' })
    },

    // ── cashback ─────────────────────────────────────────────────────────────────────────────────────────
    async giveCashback(merchantId: string, input: { merchantCashbackId: string; userAuthorizationId: string; amount: number; requestedAt: number; request: Record<string, unknown> }) {
      const auth = await activeAuthorization(merchantId, input.userAuthorizationId, userScopes.cashback)
      const t = now(merchantId)
      try {
        return await tx(async (r) => {
          const row = await r.insertCashback({
            merchantId,
            merchantCashbackId: input.merchantCashbackId,
            cashbackId: newPaymentId(),
            userAuthorizationId: auth.userAuthorizationId,
            testUserId: auth.testUserId,
            amount: input.amount,
            status: 'SUCCESS',
            request: input.request,
            requestedAt: input.requestedAt,
            acceptedAtMs: t,
          })
          if (!(await r.credit(auth.testUserId, input.amount, S.maxBalance))) {
            throw new ApiError('INVALID_PARAMS', { data: { issues: [{ path: 'amount', message: `The test user's balance would pass ${S.maxBalance}` }] } })
          }
          return row
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError('VALIDATION_FAILED_EXCEPTION')
        throw error
      }
    },

    async getCashback(merchantId: string, merchantCashbackId: string) {
      const row = await repo.findCashback(merchantId, merchantCashbackId)
      if (!row) throw new ApiError('TRANSACTION_NOT_FOUND')
      return row
    },

    async reverseCashback(merchantId: string, input: { merchantCashbackReversalId: string; merchantCashbackId: string; amount: number; requestedAt: number; request: Record<string, unknown> }) {
      const cashback = await repo.findCashback(merchantId, input.merchantCashbackId)
      if (!cashback) throw new ApiError('TRANSACTION_NOT_FOUND')
      const t = now(merchantId)
      try {
        return await tx(async (r) => {
          if (!(await r.addCashbackReversal(merchantId, input.merchantCashbackId, input.amount))) {
            throw new ApiError('INVALID_PARAMS', { message: 'The reversal amount is more than what is left of the cashback.' })
          }
          if (!(await r.debit(cashback.testUserId, input.amount))) throw new ApiError('NO_SUFFICIENT_FUND')
          return r.insertCashbackReversal({
            merchantId,
            merchantCashbackReversalId: input.merchantCashbackReversalId,
            merchantCashbackId: input.merchantCashbackId,
            amount: input.amount,
            status: 'SUCCESS',
            request: input.request,
            requestedAt: input.requestedAt,
            acceptedAtMs: t,
          })
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError('VALIDATION_FAILED_EXCEPTION')
        throw error
      }
    },

    async getCashbackReversal(merchantId: string, merchantCashbackReversalId: string, merchantCashbackId: string) {
      const row = await repo.findCashbackReversal(merchantId, merchantCashbackReversalId)
      if (!row || row.merchantCashbackId !== merchantCashbackId) throw new ApiError('TRANSACTION_NOT_FOUND')
      return row
    },

    // ── test users ───────────────────────────────────────────────────────────────────────────────────────
    async listTestUsers(merchantId: string) {
      await ensureTestUsers(db, merchantId, now(merchantId))
      return (await repo.listTestUsers(merchantId)).map((u) => ({ id: u.id, username: u.username, balance: u.balance, lastTopUpMonth: u.lastTopUpMonth }))
    },
    findTestUserByName: (merchantId: string, username: string) => repo.findTestUserByName(merchantId, username),
    findTestUser: (testUserId: string) => repo.findTestUser(testUserId),

    /** Top-up, once per Japan-time month per test user (spec §6, §9). */
    async topUp(merchantId: string, testUserId: string, amount: number = S.topUpAmount) {
      if (!Number.isInteger(amount) || amount <= 0 || amount > S.maxTopUpAmount) throw new ApiError('INVALID_PARAMS')
      const user = await repo.findTestUser(testUserId)
      if (!user || user.merchantId !== merchantId) throw new ApiError('SANDBOX_TEST_USER_NOT_FOUND')
      const updated = await repo.topUpOncePerMonth(testUserId, amount, jstMonth(now(merchantId)))
      if (!updated) throw new ApiError('SANDBOX_TOP_UP_LIMIT')
      return { id: updated.id, username: updated.username, balance: updated.balance, lastTopUpMonth: updated.lastTopUpMonth }
    },
  }

  async function refreshLocked(r: SandboxRepo, row: Pick<PaymentRow, 'paymentId' | 'merchantId'>) {
    const locked = (await r.findPaymentById(row.paymentId, true))!
    const tick = { type: 'time.passed' as const, nowMs: now(row.merchantId) }
    return decide(locked, tick).status !== locked.status ? apply(r, locked, tick) : locked
  }
}

/**
 * An idempotency key's first result, if it was for the same payment. The key reused for another payment is
 * refused with INVALID_PARAMS (the endpoint's codeId) naming the field: the published API has no other code
 * for it, and answering the other payment's result would hide the merchant's bug.
 */
function sameTarget<T extends { paymentId: string }>(first: T, paymentId: string | undefined, field: string, codeId?: string): T {
  if (first.paymentId === paymentId) return first
  throw new ApiError('INVALID_PARAMS', { ...(codeId ? { codeId } : {}), data: { issues: [{ path: field, message: `This ${field} was already used for another payment` }] } })
}
const refundReuse = opaCodeIds.refundInvalidParams

/** The stored answer of a capture (200 with the captured order, or 202 waiting for the user). */
const operationAnswer = (op: { status: number; response: Record<string, unknown> }) =>
  op.status === 202 ? { status: 202, data: null } : { status: op.status, data: op.response }

/** Capture response (CapturePayment). */
export function captureView(row: PaymentRow) {
  const { refunds: _refunds, revert: _revert, canceledAt: _canceledAt, orderItems, ...rest } = paymentView(row, [], true)
  return {
    ...rest,
    ...(orderItems ? { orderItems } : {}),
    status: 'COMPLETED' as const,
    refunds: null,
    captures: { data: row.captures.filter((c) => c.status === 'COMPLETED') },
    expiresAt: sec(row.expiresAtMs) ?? undefined,
  }
}

/** The error for a refusal the machine named; codes whose codeId differs by endpoint get theirs here. */
function rejection(code: string) {
  // the machine names its refusals as strings: one outside the catalogue is a fault of the machine (logged, answered 500)
  if (!isErrorCode(code)) throw new Error(`payment machine refused with ${JSON.stringify(code)}, not a code of the error catalogue`)
  if (code === 'INVALID_PARAMS') return new ApiError('INVALID_PARAMS', { codeId: opaCodeIds.refundInvalidAmount, message: 'Invalid refund amount' })
  if (code === 'DYNAMIC_QR_PAYMENT_NOT_FOUND') return new ApiError(code)
  return new ApiError(code)
}

export const newNonce = () => randomBytes(4).toString('hex')
