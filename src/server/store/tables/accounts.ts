import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/**
 * People who sign in to the portal. `kind` 'wallet' is an account of the provider's wallet app that is not yet
 * a developer account (sign-in answers 040000018 until its terms are accepted). E-mails are stored lowercased.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    /** `scrypt$N$r$p$salt$hash` (base64 parts). */
    passwordHash: text('password_hash').notNull(),
    kind: text('kind').notNull().default('developer'),
    /** Null until the sign-up OTP (or a sign-in OTP) proved the address. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    signupStatus: text('signup_status').notNull().default('PENDING_UPLOAD_LOGO'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    externalUserId: text('external_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_ux').on(t.email),
    check('users_kind_ck', sql`${t.kind} in ('developer', 'wallet')`),
    check('users_signup_status_ck', sql`${t.signupStatus} in ('PENDING_UPLOAD_LOGO', 'PENDING_MERCHANT_CREATION', 'COMPLETED')`),
  ],
)

/**
 * One-time secrets: sign-up and sign-in OTPs (id = public otp_reference_id, code kept as a hash), the
 * terms-acceptance ticket and password-reset links (id = sha256 of the secret handed out).
 */
export const accountChallenges = pgTable(
  'account_challenges',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash'),
    deviceId: text('device_id'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('account_challenges_user_ix').on(t.userId, t.kind),
    check('account_challenges_kind_ck', sql`${t.kind} in ('signup_otp', 'signin_otp', 'terms', 'password_reset')`),
  ],
)

/** Devices (portal device ids `pp4d-…`) that passed an OTP for the account: they sign in without one. */
export const userDevices = pgTable(
  'user_devices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceId] })],
)

/** Failed sign-ins, counted per account over a window for the lockout (01101007). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_failures_user_ix').on(t.userId, t.at)],
)

/** Bearer tokens of the portal, stored as sha256 hashes only. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    refreshHash: text('refresh_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('access_tokens_refresh_ux').on(t.refreshHash), index('access_tokens_user_ix').on(t.userId)],
)

/** Uploaded merchant logos (small: ≤ 222×222, size-capped), served at /v1/dpSignup/logo/{id}. */
export const merchantLogos = pgTable('merchant_logos', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  dataBase64: text('data_base64').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
})

/** Mail kept locally when no SMTP server is configured, shown at /sandbox/mailbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('mail_outbox_created_ix').on(t.createdAt)],
)

/** Requests to activate a live account (POST /v1/dpSignup/salesforceActivate), one per user. */
export const activationRequests = pgTable('activation_requests', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
})

/**
 * Attempt counters of the sign-in and OTP limits (issue 9), one row per (scope, key): `otp:address`,
 * `otp:client`, `password:address`, `password:client`. Taken with one atomic upsert … RETURNING, so
 * every attempt is counted exactly once whatever the parallelism (account-repo.ts `takeAttempt`).
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    attempts: integer('attempts').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
)
