import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { merchants } from './merchants.ts'

/*
 * The OPA sandbox's state (issue 4). Times are epoch milliseconds (bigint, JS numbers) because every time
 * comes from the app clock, which a merchant may move; nothing here uses the database's now().
 * Every merchant-issued id is unique per merchant in the database, so concurrent duplicates yield one row.
 */

const ms = (name: string) => bigint(name, { mode: 'number' })
/**
 * Yen: bigint, because the published amount has up to 11 digits (a 32-bit integer ends at 2,147,483,647) and
 * balances grow with cashback. JS numbers are exact far beyond any sum the sandbox allows (limits.sandbox.maxBalance).
 */
const yen = (name: string) => bigint(name, { mode: 'number' })

/** Test users of a merchant's simulated wallet (spec §3: username and balance). Balance never negative. */
export const sandboxTestUsers = pgTable(
  'sandbox_test_users',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    balance: yen('balance').notNull(),
    /** `YYYY-MM` (Japan time) of the last top-up: one per month (spec §6, §9). */
    lastTopUpMonth: text('last_top_up_month'),
    createdAtMs: ms('created_at_ms').notNull(),
  },
  (t) => [uniqueIndex('sandbox_test_users_merchant_username_uq').on(t.merchantId, t.username), check('sandbox_test_users_balance_ck', sql`${t.balance} >= 0`)],
)

/** OPA-Auth nonces seen inside the epoch window; the primary key makes a replay fail across processes. */
export const sandboxNonces = pgTable(
  'sandbox_nonces',
  {
    apiKey: text('api_key').notNull(),
    nonce: text('nonce').notNull(),
    seenAtMs: ms('seen_at_ms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.apiKey, t.nonce] }), index('sandbox_nonces_seen_ix').on(t.seenAtMs)],
)

/**
 * A merchant's sandbox clock (issue 14; docs/sandbox-powers.md): its offset from real time, kept here so that a
 * moved clock survives a restart and holds in every process. No row = real time.
 */
export const sandboxClocks = pgTable('sandbox_clocks', {
  merchantId: text('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  offsetMs: ms('offset_ms').notNull(),
  updatedAtMs: ms('updated_at_ms').notNull(),
})

/**
 * Every order: dynamic QR (with its code), native payment, pre-authorisation, continuous payment, request
 * order. `status` is the payment machine's state; the engine restores the machine from this row.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    paymentId: text('payment_id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    merchantPaymentId: text('merchant_payment_id').notNull(),
    /** QR | NATIVE | PREAUTH | SUBSCRIPTION | REQUEST_ORDER */
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    isAuthorization: boolean('is_authorization').notNull().default(false),
    amount: yen('amount').notNull(),
    /** Amount blocked (pre-auth) or debited from the test user's balance. */
    heldAmount: yen('held_amount').notNull().default(0),
    testUserId: text('test_user_id').references(() => sandboxTestUsers.id, { onDelete: 'set null' }),
    userAuthorizationId: text('user_authorization_id'),
    codeId: text('code_id'),
    /** QR code / request-order expiry; an unpaid order cancels itself after it. */
    codeExpiresAtMs: ms('code_expires_at_ms'),
    codeDeleted: boolean('code_deleted').notNull().default(false),
    requestedAt: bigint('requested_at', { mode: 'number' }),
    acceptedAtMs: ms('accepted_at_ms'),
    /** Pre-auth expiry. */
    expiresAtMs: ms('expires_at_ms'),
    canceledAtMs: ms('canceled_at_ms'),
    reauthCount: integer('reauth_count').notNull().default(0),
    /** Spec §4: a paid test QR payment cancels itself at this instant (null: never; docs/sandbox-powers.md). */
    autoCancelAtMs: ms('auto_cancel_at_ms'),
    /** The order as requested (orderDescription, orderItems, storeId, terminalId, redirectUrl …). */
    order: jsonb('order').notNull().$type<Record<string, unknown>>(),
    captures: jsonb('captures')
      .notNull()
      .default(sql`'[]'::jsonb`)
      .$type<Record<string, unknown>[]>(),
    revert: jsonb('revert').$type<Record<string, unknown> | null>(),
    createdAtMs: ms('created_at_ms').notNull(),
  },
  (t) => [
    uniqueIndex('sandbox_payments_merchant_payment_uq').on(t.merchantId, t.merchantPaymentId),
    uniqueIndex('sandbox_payments_code_uq').on(t.codeId),
    check('sandbox_payments_amount_ck', sql`${t.amount} > 0`),
  ],
)

/** Refunds. One refund per order (spec §4): a unique index on the payment. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    merchantRefundId: text('merchant_refund_id').notNull(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => sandboxPayments.paymentId, { onDelete: 'cascade' }),
    amount: yen('amount').notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    requestedAt: bigint('requested_at', { mode: 'number' }).notNull(),
    acceptedAtMs: ms('accepted_at_ms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.merchantRefundId] }), uniqueIndex('sandbox_refunds_one_per_payment_uq').on(t.paymentId)],
)

/**
 * Idempotency of the other merchant-issued ids (merchantCaptureId, merchantRevertId, reauthorize requestId):
 * the first answer is kept and replayed.
 */
export const sandboxOperations = pgTable(
  'sandbox_operations',
  {
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    operationId: text('operation_id').notNull(),
    paymentId: text('payment_id').notNull(),
    status: integer('status').notNull(),
    response: jsonb('response').notNull().$type<Record<string, unknown>>(),
    createdAtMs: ms('created_at_ms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.kind, t.operationId] })],
)

/** A test user's link to a merchant (userAuthorizationId), from the consent page or account-link QR. */
export const sandboxUserAuthorizations = pgTable(
  'sandbox_user_authorizations',
  {
    userAuthorizationId: text('user_authorization_id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    testUserId: text('test_user_id')
      .notNull()
      .references(() => sandboxTestUsers.id, { onDelete: 'cascade' }),
    profileIdentifier: text('profile_identifier').notNull(),
    scopes: text('scopes').array().notNull(),
    referenceIds: text('reference_ids').array().notNull(),
    /** ACTIVE | UNLINKED */
    status: text('status').notNull(),
    issuedAtMs: ms('issued_at_ms').notNull(),
    expireAtMs: ms('expire_at_ms').notNull(),
  },
  (t) => [index('sandbox_user_authorizations_merchant_ix').on(t.merchantId, t.testUserId)],
)

/** A pending consent: opened by /v2/user_authorization or an account-link QR, decided on the wallet page. */
export const sandboxAuthSessions = pgTable('sandbox_auth_sessions', {
  sessionId: text('session_id').primaryKey(),
  merchantId: text('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  apiKey: text('api_key').notNull(),
  /** WEB (browser redirect) | QR (account-link QR) */
  kind: text('kind').notNull(),
  scopes: text('scopes').array().notNull(),
  nonce: text('nonce').notNull(),
  redirectUrl: text('redirect_url').notNull(),
  referenceId: text('reference_id').notNull(),
  deviceId: text('device_id'),
  /** PENDING | APPROVED | DENIED */
  status: text('status').notNull(),
  userAuthorizationId: text('user_authorization_id'),
  createdAtMs: ms('created_at_ms').notNull(),
  expiresAtMs: ms('expires_at_ms').notNull(),
})

/** Cashback given to a linked test user, and its reversals. */
export const sandboxCashbacks = pgTable(
  'sandbox_cashbacks',
  {
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    merchantCashbackId: text('merchant_cashback_id').notNull(),
    cashbackId: text('cashback_id').notNull(),
    userAuthorizationId: text('user_authorization_id').notNull(),
    testUserId: text('test_user_id').notNull(),
    amount: yen('amount').notNull(),
    reversedAmount: yen('reversed_amount').notNull().default(0),
    status: text('status').notNull(),
    request: jsonb('request').notNull().$type<Record<string, unknown>>(),
    requestedAt: bigint('requested_at', { mode: 'number' }).notNull(),
    acceptedAtMs: ms('accepted_at_ms').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.merchantCashbackId] }),
    check('sandbox_cashbacks_reversed_ck', sql`${t.reversedAmount} >= 0 and ${t.reversedAmount} <= ${t.amount}`),
  ],
)

export const sandboxCashbackReversals = pgTable(
  'sandbox_cashback_reversals',
  {
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    merchantCashbackReversalId: text('merchant_cashback_reversal_id').notNull(),
    merchantCashbackId: text('merchant_cashback_id').notNull(),
    amount: yen('amount').notNull(),
    status: text('status').notNull(),
    request: jsonb('request').notNull().$type<Record<string, unknown>>(),
    requestedAt: bigint('requested_at', { mode: 'number' }).notNull(),
    acceptedAtMs: ms('accepted_at_ms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.merchantCashbackReversalId] })],
)

/**
 * Balance top-ups of a merchant's sandbox (spec §6, §9: once a month; the dashboard's button, engine/top-up.ts). Its
 * time is a timestamp (of the app clock), not epoch milliseconds as the tables above: it kept its column type when
 * it moved here from the dashboard's tables (issue 29). The primary key (merchant, Japan-time
 * month) is what enforces "once": of two racing requests exactly one insert succeeds.
 */
export const merchantTopUps = pgTable(
  'merchant_top_ups',
  {
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** `YYYY-MM`, Japan time. */
    month: text('month').notNull(),
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.month] }), check('merchant_top_ups_amount_ck', sql`${t.amount} > 0`)],
)
