import { and, asc, eq, gte, lt, ne, sql } from 'drizzle-orm'
import { storeQueryOf, type Db } from './db.ts'
import { groupedReads } from './grouped-reads.ts'
import { insertCodeRow } from './code-inserts.ts'
import { groupedPaymentRead, readsOf } from './sandbox-reads.ts'
import { sandboxStateKey } from './sandbox-state-repo.ts'
import { cashbackQueries } from './sandbox-cashback-repo.ts'
import { ledgerQueries } from './sandbox-ledger-repo.ts'
import type { NewCodeRow, NewPaymentRow, PaymentRow, RefundRow } from './sandbox-rows.ts'
import { merchantCredentials, merchants } from './tables/merchants.ts'
import {
  sandboxClocks,
  sandboxAuthSessions,
  sandboxNonces,
  sandboxOperations,
  sandboxPayments,
  sandboxRefunds,
  sandboxTestUsers,
  sandboxUserAuthorizations,
} from './tables/sandbox.ts'

export type {
  TestUserRow,
  PaymentRow,
  NewPaymentRow,
  NewCodeRow,
  RefundRow,
  OperationRow,
  UserAuthorizationRow,
  AuthSessionRow,
  CashbackRow,
  CashbackReversalRow,
} from './sandbox-rows.ts'

export { newCodeId, newPaymentId, newSessionId, newTestUserId, newUserAuthorizationId } from './sandbox-ids.ts'

/**
 * "Now" on each row's merchant clock in SQL, for a query that left-joins `sandbox_clocks` on its merchant:
 * `nowMs` (the clock without a merchant's offset) plus that merchant's offset.
 */
export const merchantNowSql = (nowMs: number) => sql`${nowMs}::bigint + coalesce(${sandboxClocks.offsetMs}, 0)`

/** An operation still waiting for the user: asked (`pending`), neither approved nor expired. */
const pendingOperation = sql`${sandboxOperations.response} ->> 'pending' = 'true' and not (${sandboxOperations.response} ?| array['approvedAtMs', 'expiredAtMs'])`

/** The PostgreSQL channel a moved merchant clock is announced on (the payload is the merchant id). */
export const clockChannel = 'paylab_clock'

/** All SQL of the OPA sandbox. Pass a transaction as `db` to group calls. */
export function sandboxRepo(db: Db) {
  // the signed GETs' reads grouped per moment, on the store's own handle (a transaction's reads run alone)
  const grouped = storeQueryOf(db) ? groupedReads(db) : undefined
  const repo = {
    /** The handle these calls run on (the store, or the transaction passed in): other repos join it (webhooks). */
    db,
    // ── merchants (seed) ───────────────────────────────────────────────────────────────────────────────
    async upsertSeedMerchant(m: { id: string; name: string; products: string[]; apiKey: string; apiSecret: string }) {
      await db.insert(merchants).values({ id: m.id, name: m.name, products: m.products }).onConflictDoNothing()
      await db.insert(merchantCredentials).values({ apiKey: m.apiKey, merchantId: m.id, apiSecret: m.apiSecret }).onConflictDoNothing()
    },

    /**
     * The merchant's sandbox-state lock, shared (issue 33; docs/sandbox-state.md): an order-changing transaction takes
     * it first, so it runs wholly before or wholly after a reset, seed or restore of the merchant (those take it
     * exclusively: sandbox-state-repo.ts); such transactions never wait for each other on it.
     */
    async shareSandboxState(merchantId: string) {
      await db.execute(sql`select pg_advisory_xact_lock_shared(${sandboxStateKey(merchantId)})`)
    },

    // ── test users ─────────────────────────────────────────────────────────────────────────────────────
    async insertTestUsersIfMissing(rows: (typeof sandboxTestUsers.$inferInsert)[]) {
      if (rows.length) await db.insert(sandboxTestUsers).values(rows).onConflictDoNothing()
    },
    async countTestUsers(merchantId: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(sandboxTestUsers)
        .where(eq(sandboxTestUsers.merchantId, merchantId))
      return row?.n ?? 0
    },
    listTestUsers(merchantId: string) {
      return db
        .select()
        .from(sandboxTestUsers)
        .where(eq(sandboxTestUsers.merchantId, merchantId))
        .orderBy(asc(sandboxTestUsers.createdAtMs), asc(sandboxTestUsers.username))
    },
    async findTestUser(id: string) {
      return (await db.select().from(sandboxTestUsers).where(eq(sandboxTestUsers.id, id)))[0]
    },
    /** Locks a test user's row until the transaction ends (serialises consents of one user). */
    async lockTestUser(id: string) {
      return (await db.select().from(sandboxTestUsers).where(eq(sandboxTestUsers.id, id)).for('update'))[0]
    },
    async findTestUserByName(merchantId: string, username: string) {
      return (
        await db
          .select()
          .from(sandboxTestUsers)
          .where(and(eq(sandboxTestUsers.merchantId, merchantId), eq(sandboxTestUsers.username, username)))
      )[0]
    },
    /** Debits only when the balance covers it; undefined when it does not (never negative). */
    async debit(testUserId: string, amount: number) {
      const rows = await db
        .update(sandboxTestUsers)
        .set({ balance: sql`${sandboxTestUsers.balance} - ${amount}` })
        .where(and(eq(sandboxTestUsers.id, testUserId), gte(sandboxTestUsers.balance, amount)))
        .returning()
      return rows[0]
    },
    /** Adds to a balance; with `maxBalance`, only if the result stays within it (undefined otherwise). */
    async credit(testUserId: string, amount: number, maxBalance?: number) {
      const rows = await db
        .update(sandboxTestUsers)
        .set({ balance: sql`${sandboxTestUsers.balance} + ${amount}` })
        .where(and(eq(sandboxTestUsers.id, testUserId), maxBalance === undefined ? undefined : sql`${sandboxTestUsers.balance} + ${amount} <= ${maxBalance}`))
        .returning()
      return rows[0]
    },
    /** One top-up per month: the update only happens when the stored month differs. */
    async topUpOncePerMonth(testUserId: string, amount: number, month: string) {
      const rows = await db
        .update(sandboxTestUsers)
        .set({ balance: sql`${sandboxTestUsers.balance} + ${amount}`, lastTopUpMonth: month })
        .where(and(eq(sandboxTestUsers.id, testUserId), sql`${sandboxTestUsers.lastTopUpMonth} is distinct from ${month}`))
        .returning()
      return rows[0]
    },

    // ── nonces ─────────────────────────────────────────────────────────────────────────────────────────
    /** Records a nonce; false when it was already used (the primary key refuses it, across processes). */
    async rememberNonce(apiKey: string, nonce: string, nowMs: number) {
      const rows = await db.insert(sandboxNonces).values({ apiKey, nonce, seenAtMs: nowMs }).onConflictDoNothing().returning({ nonce: sandboxNonces.nonce })
      return rows.length === 1
    },
    // ── the merchant clock ─────────────────────────────────────────────────────────────────────────────────
    async clockOffsets() {
      return db.select({ merchantId: sandboxClocks.merchantId, offsetMs: sandboxClocks.offsetMs }).from(sandboxClocks)
    },
    async clockOffset(merchantId: string) {
      const [row] = await db.select({ offsetMs: sandboxClocks.offsetMs }).from(sandboxClocks).where(eq(sandboxClocks.merchantId, merchantId))
      return row?.offsetMs ?? 0
    },
    /** A merchant's stored clock (undefined: real time); `updatedAtMs` tells one move from the next. */
    async clockRow(merchantId: string) {
      const [row] = await db.select().from(sandboxClocks).where(eq(sandboxClocks.merchantId, merchantId))
      return row
    },
    async saveClockOffset(merchantId: string, offsetMs: number, nowMs: number) {
      if (offsetMs === 0) await db.delete(sandboxClocks).where(eq(sandboxClocks.merchantId, merchantId))
      else
        await db
          .insert(sandboxClocks)
          .values({ merchantId, offsetMs, updatedAtMs: nowMs })
          .onConflictDoUpdate({ target: sandboxClocks.merchantId, set: { offsetMs, updatedAtMs: nowMs } })
      await repo.notifyClockMoved(merchantId)
    },
    /** Tells every process on this database that a merchant's clock moved (delivered when the transaction commits). */
    async notifyClockMoved(merchantId: string) {
      await db.execute(sql`select pg_notify(${clockChannel}, ${merchantId})`)
    },
    async forgetNoncesBefore(ms: number) {
      await db.delete(sandboxNonces).where(lt(sandboxNonces.seenAtMs, ms))
    },

    // ── payments ───────────────────────────────────────────────────────────────────────────────────────
    async insertPayment(row: NewPaymentRow) {
      const [inserted] = await db.insert(sandboxPayments).values(row).returning()
      return inserted!
    },
    /**
     * A new QR code's order (the signed create-code's one statement, grouped with the other inserts of the moment:
     * code-inserts.ts); undefined when a unique index refused it (the merchant's merchantPaymentId taken).
     */
    insertCodePayment(row: NewCodeRow) {
      return insertCodeRow(db, row)
    },
    async findPayment(merchantId: string, merchantPaymentId: string, lock = false) {
      if (!lock) return (await readsOf(db).payment.execute({ merchantId, merchantPaymentId }))[0]
      const q = db
        .select()
        .from(sandboxPayments)
        .where(and(eq(sandboxPayments.merchantId, merchantId), eq(sandboxPayments.merchantPaymentId, merchantPaymentId)))
      return (await (lock ? q.for('update') : q))[0]
    },
    /** A merchant's payment with its refunds, in one round trip (the signed get-payment's read). */
    async findPaymentWithRefunds(merchantId: string, merchantPaymentId: string): Promise<{ payment: PaymentRow; refunds: RefundRow[] } | undefined> {
      return groupedPaymentRead(db)(merchantId, merchantPaymentId)
    },
    async findPaymentById(paymentId: string, lock = false) {
      const q = db.select().from(sandboxPayments).where(eq(sandboxPayments.paymentId, paymentId))
      return (await (lock ? q.for('update') : q))[0]
    },
    /** Authorisations whose expiry has passed on their merchant's clock (`nowMs`: the clock without a merchant's offset). */
    async authorizationsExpiredBy(nowMs: number, limit: number) {
      const rows = await db
        .select({ row: sandboxPayments })
        .from(sandboxPayments)
        .leftJoin(sandboxClocks, eq(sandboxClocks.merchantId, sandboxPayments.merchantId))
        .where(and(eq(sandboxPayments.status, 'AUTHORIZED'), lt(sandboxPayments.expiresAtMs, merchantNowSql(nowMs))))
        .limit(limit)
      return rows.map((r) => r.row)
    },
    async findPaymentByCode(codeId: string, lock = false) {
      const q = db.select().from(sandboxPayments).where(eq(sandboxPayments.codeId, codeId))
      return (await (lock ? q.for('update') : q))[0]
    },
    async updatePayment(paymentId: string, patch: Partial<NewPaymentRow>) {
      const [row] = await db.update(sandboxPayments).set(patch).where(eq(sandboxPayments.paymentId, paymentId)).returning()
      return row!
    },
    /**
     * A payment by the same user, same amount, to the same merchant since `sinceMs` under another merchantPaymentId
     * (the similar-transaction check: an order's own retry is never its duplicate, issue 33).
     */
    async findSimilarPayment(merchantId: string, userAuthorizationId: string, amount: number, sinceMs: number, merchantPaymentId: string) {
      const rows = await db
        .select({ paymentId: sandboxPayments.paymentId })
        .from(sandboxPayments)
        .where(
          and(
            eq(sandboxPayments.merchantId, merchantId),
            eq(sandboxPayments.userAuthorizationId, userAuthorizationId),
            eq(sandboxPayments.amount, amount),
            gte(sandboxPayments.createdAtMs, sinceMs),
            ne(sandboxPayments.merchantPaymentId, merchantPaymentId),
          ),
        )
        .limit(1)
      return rows[0]
    },

    // ── refunds ────────────────────────────────────────────────────────────────────────────────────────
    async insertRefund(row: typeof sandboxRefunds.$inferInsert) {
      const [inserted] = await db.insert(sandboxRefunds).values(row).returning()
      return inserted!
    },
    async findRefund(merchantId: string, merchantRefundId: string) {
      if (grouped) return grouped.refund(merchantId, merchantRefundId)
      return (
        await db
          .select()
          .from(sandboxRefunds)
          .where(and(eq(sandboxRefunds.merchantId, merchantId), eq(sandboxRefunds.merchantRefundId, merchantRefundId)))
      )[0]
    },
    refundsOf(paymentId: string): Promise<RefundRow[]> {
      return readsOf(db).refunds.execute({ paymentId })
    },

    // ── idempotent operations (capture, revert, reauthorize) ───────────────────────────────────────────
    async findOperation(merchantId: string, kind: string, operationId: string) {
      return (
        await db
          .select()
          .from(sandboxOperations)
          .where(and(eq(sandboxOperations.merchantId, merchantId), eq(sandboxOperations.kind, kind), eq(sandboxOperations.operationId, operationId)))
      )[0]
    },
    async insertOperation(row: typeof sandboxOperations.$inferInsert) {
      await db.insert(sandboxOperations).values(row)
    },
    /**
     * Closes a pending operation (a higher-amount reauthorisation waiting for the user) as approved or expired,
     * exactly once: the UPDATE only matches while neither `approvedAtMs` nor `expiredAtMs` is present, so of an
     * approval and the expiry (or two server processes expiring it) one wins. Undefined when it was closed already.
     */
    async closePendingOperation(merchantId: string, kind: string, operationId: string, outcome: 'approvedAtMs' | 'expiredAtMs', nowMs: number) {
      const [row] = await db
        .update(sandboxOperations)
        .set({ response: sql`${sandboxOperations.response} || jsonb_build_object(${outcome}::text, ${nowMs}::bigint)` })
        .where(
          and(eq(sandboxOperations.merchantId, merchantId), eq(sandboxOperations.kind, kind), eq(sandboxOperations.operationId, operationId), pendingOperation),
        )
        .returning()
      return row
    },
    /**
     * Pending higher-amount reauthorisations whose approval window (`ttlMs` from the request) has passed on their
     * merchant's sandbox clock, oldest first.
     */
    async reauthorizationsUnapprovedBy(nowMs: number, ttlMs: number, limit: number) {
      const rows = await db
        .select({ op: sandboxOperations })
        .from(sandboxOperations)
        .leftJoin(sandboxClocks, eq(sandboxClocks.merchantId, sandboxOperations.merchantId))
        .where(
          and(
            eq(sandboxOperations.kind, 'reauthorize'),
            pendingOperation,
            sql`${sandboxOperations.createdAtMs} + ${ttlMs}::bigint <= ${merchantNowSql(nowMs)}`,
          ),
        )
        .orderBy(asc(sandboxOperations.createdAtMs))
        .limit(limit)
      return rows.map((r) => r.op)
    },
    /** Replaces the stored answer of an operation that still has `fromStatus` (a 202 capture once the user confirmed it). */
    async settleOperation(merchantId: string, kind: string, operationId: string, fromStatus: number, status: number, response: Record<string, unknown>) {
      const [row] = await db
        .update(sandboxOperations)
        .set({ status, response })
        .where(
          and(
            eq(sandboxOperations.merchantId, merchantId),
            eq(sandboxOperations.kind, kind),
            eq(sandboxOperations.operationId, operationId),
            eq(sandboxOperations.status, fromStatus),
          ),
        )
        .returning()
      return row
    },

    // ── user authorizations ────────────────────────────────────────────────────────────────────────────
    async insertUserAuthorization(row: typeof sandboxUserAuthorizations.$inferInsert) {
      const [inserted] = await db.insert(sandboxUserAuthorizations).values(row).returning()
      return inserted!
    },
    /**
     * A user authorization; with `lock`, its row is locked until the transaction ends (`for no key update`: the orders
     * of one link are decided one after the other, which makes the similar-transaction rule atomic, issue 33).
     */
    async findUserAuthorization(userAuthorizationId: string, lock = false) {
      if (grouped && !lock) return (await grouped.userAuthorization(userAuthorizationId))?.authorization
      const q = db.select().from(sandboxUserAuthorizations).where(eq(sandboxUserAuthorizations.userAuthorizationId, userAuthorizationId))
      return (await (lock ? q.for('no key update') : q))[0]
    },
    /** A user authorization with its test user's balance (null: the user is gone), in one read (the signed GETs' fast path). */
    async findUserAuthorizationWithBalance(userAuthorizationId: string) {
      if (grouped) return grouped.userAuthorization(userAuthorizationId)
      const authorization = await repo.findUserAuthorization(userAuthorizationId)
      return authorization && { authorization, balance: (await repo.findTestUser(authorization.testUserId))?.balance ?? null }
    },
    async updateUserAuthorization(userAuthorizationId: string, patch: Partial<typeof sandboxUserAuthorizations.$inferInsert>) {
      const [row] = await db
        .update(sandboxUserAuthorizations)
        .set(patch)
        .where(eq(sandboxUserAuthorizations.userAuthorizationId, userAuthorizationId))
        .returning()
      return row
    },
    async findActiveAuthorizationOf(merchantId: string, testUserId: string) {
      return (
        await db
          .select()
          .from(sandboxUserAuthorizations)
          .where(
            and(
              eq(sandboxUserAuthorizations.merchantId, merchantId),
              eq(sandboxUserAuthorizations.testUserId, testUserId),
              eq(sandboxUserAuthorizations.status, 'ACTIVE'),
            ),
          )
      )[0]
    },

    // ── consent sessions ───────────────────────────────────────────────────────────────────────────────
    async insertAuthSession(row: typeof sandboxAuthSessions.$inferInsert) {
      const [inserted] = await db.insert(sandboxAuthSessions).values(row).returning()
      return inserted!
    },
    async findAuthSession(sessionId: string, lock = false) {
      const q = db.select().from(sandboxAuthSessions).where(eq(sandboxAuthSessions.sessionId, sessionId))
      return (await (lock ? q.for('update') : q))[0]
    },
    /** Decides a pending session exactly once; undefined when it was already decided. */
    async decideAuthSession(sessionId: string, status: 'APPROVED' | 'DENIED', userAuthorizationId: string | null) {
      const [row] = await db
        .update(sandboxAuthSessions)
        .set({ status, userAuthorizationId })
        .where(and(eq(sandboxAuthSessions.sessionId, sessionId), eq(sandboxAuthSessions.status, 'PENDING')))
        .returning()
      return row
    },
    // ── cashback (sandbox-cashback-repo.ts) ──────────────────────────────────────────────────────────────
    ...cashbackQueries(db, grouped),
    // ── the dashboard's ledger and monthly top-up (sandbox-ledger-repo.ts) ─────────────────────────────────
    ...ledgerQueries(db),
  }
  return repo
}

export type SandboxRepo = ReturnType<typeof sandboxRepo>
