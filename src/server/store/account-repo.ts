import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm'
import type { Db } from './db.ts'
import { merchantRepo } from './merchant-repo.ts'
import { accessTokens, accountChallenges, activationRequests, authAttempts, mailOutbox, merchantLogos, userDevices, users } from './tables/accounts.ts'

export type User = typeof users.$inferSelect
export type Challenge = typeof accountChallenges.$inferSelect
export type ChallengeKind = 'signup_otp' | 'signin_otp' | 'terms' | 'password_reset'
export type OutboxMail = typeof mailOutbox.$inferSelect
export type MerchantLogo = typeof merchantLogos.$inferSelect

const plus = (at: Date, ms: number) => new Date(at.getTime() + ms)

/**
 * All SQL of the accounts aggregate. Every state change that could race (consuming an OTP, counting a wrong
 * try, resending, finishing sign-up) is one conditional UPDATE … RETURNING, so exactly one caller wins.
 * Time always comes from the caller (the app clock), never from the database.
 */
export function accountRepo(db: Db) {
  return {
    // ── users ──────────────────────────────────────────────────────────────────────────────────────────────
    async findUserByEmail(email: string) {
      const rows = await db.select().from(users).where(eq(users.email, email.toLowerCase()))
      return rows[0]
    },
    async findUserById(id: string) {
      const rows = await db.select().from(users).where(eq(users.id, id))
      return rows[0]
    },
    /** Creates an unverified developer account; undefined when the e-mail is taken (by anyone, even concurrently). */
    async insertDeveloper(input: { id: string; email: string; passwordHash: string; externalUserId: string; now: Date }) {
      const rows = await db
        .insert(users)
        .values({
          id: input.id,
          email: input.email.toLowerCase(),
          passwordHash: input.passwordHash,
          kind: 'developer',
          externalUserId: input.externalUserId,
          createdAt: input.now,
        })
        .onConflictDoNothing({ target: users.email })
        .returning()
      return rows[0]
    },
    /** A sign-up restarted before its OTP was validated takes the new password. */
    async replaceUnverifiedPassword(userId: string, passwordHash: string) {
      const rows = await db
        .update(users)
        .set({ passwordHash })
        .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt), eq(users.kind, 'developer')))
        .returning({ id: users.id })
      return rows.length === 1
    },
    async markEmailVerified(userId: string, now: Date) {
      await db
        .update(users)
        .set({ emailVerifiedAt: now })
        .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    },
    /** A wallet-app account accepts the developer terms and becomes a developer account at sign-up step 3. */
    async acceptTerms(userId: string, now: Date) {
      await db
        .update(users)
        .set({ kind: 'developer', termsAcceptedAt: now, signupStatus: 'PENDING_UPLOAD_LOGO' })
        .where(and(eq(users.id, userId), eq(users.kind, 'wallet')))
    },
    async logoUploaded(userId: string) {
      await db
        .update(users)
        .set({ signupStatus: 'PENDING_MERCHANT_CREATION' })
        .where(and(eq(users.id, userId), eq(users.signupStatus, 'PENDING_UPLOAD_LOGO')))
    },
    async setPassword(userId: string, passwordHash: string) {
      await db.update(users).set({ passwordHash, lockedUntil: null }).where(eq(users.id, userId))
    },

    // ── attempt limits (sign-in passwords, OTPs) ──────────────────────────────────────────────────────────
    /**
     * Takes one attempt under (scope, key) in a single atomic upsert … RETURNING: concurrent callers each get a
     * distinct count, so the n-th attempt is counted exactly once whatever the parallelism. A window (or a
     * lock) that has ended starts over at 1; the `max`-th attempt sets the lock, and every later one inside
     * the lock is counted past `max`. The caller may go on iff `attempts <= max`.
     */
    async takeAttempt(scope: string, key: string, now: Date, rule: { max: number; windowMs: number; lockMs: number }) {
      const t = authAttempts
      const at = now.toISOString()
      const windowStart = plus(now, -rule.windowMs).toISOString()
      const lockEnd = plus(now, rule.lockMs).toISOString()
      const over = sql`(${t.lockedUntil} is not null and ${t.lockedUntil} <= ${at}::timestamptz) or (${t.lockedUntil} is null and ${t.windowStartedAt} <= ${windowStart}::timestamptz)`
      const [row] = await db
        .insert(t)
        .values({ scope, key, attempts: 1, windowStartedAt: now, lockedUntil: rule.max <= 1 ? plus(now, rule.lockMs) : null })
        .onConflictDoUpdate({
          target: [t.scope, t.key],
          set: {
            attempts: sql`case when ${over} then 1 else ${t.attempts} + 1 end`,
            windowStartedAt: sql`case when ${over} then ${at}::timestamptz else ${t.windowStartedAt} end`,
            lockedUntil: sql`case
              when ${over} then (case when 1 >= ${rule.max} then ${lockEnd}::timestamptz end)
              when ${t.lockedUntil} is not null then ${t.lockedUntil}
              when ${t.attempts} + 1 >= ${rule.max} then ${lockEnd}::timestamptz
            end`,
          },
        })
        .returning({ attempts: t.attempts, lockedUntil: t.lockedUntil })
      return row!
    },
    /** Gives back an attempt that turned out right (a correct password or code counts for nothing). */
    async releaseAttempt(scope: string, key: string) {
      await db
        .update(authAttempts)
        .set({ attempts: sql`greatest(${authAttempts.attempts} - 1, 0)` })
        .where(and(eq(authAttempts.scope, scope), eq(authAttempts.key, key), isNull(authAttempts.lockedUntil)))
    },
    /** Forgets the count (and the lock) of a key: a successful sign-in, a new password. */
    async resetAttempts(scope: string, key: string) {
      await db.delete(authAttempts).where(and(eq(authAttempts.scope, scope), eq(authAttempts.key, key)))
    },

    // ── challenges (OTPs, terms ticket, reset link) ────────────────────────────────────────────────────────
    async createChallenge(input: {
      id: string
      kind: ChallengeKind
      userId: string
      codeHash?: string | null
      deviceId?: string | null
      now: Date
      ttlMs: number
    }) {
      const [row] = await db
        .insert(accountChallenges)
        .values({
          id: input.id,
          kind: input.kind,
          userId: input.userId,
          codeHash: input.codeHash ?? null,
          deviceId: input.deviceId ?? null,
          expiresAt: plus(input.now, input.ttlMs),
          lastSentAt: input.now,
          createdAt: input.now,
        })
        .returning()
      return row!
    },
    async findChallenge(id: string, kind: ChallengeKind) {
      const rows = await db
        .select()
        .from(accountChallenges)
        .where(and(eq(accountChallenges.id, id), eq(accountChallenges.kind, kind)))
      return rows[0]
    },
    /** The most recent challenge of a kind still open for a user (for send cooldowns). */
    async latestOpenChallenge(userId: string, kind: ChallengeKind, now: Date) {
      const rows = await db
        .select()
        .from(accountChallenges)
        .where(
          and(
            eq(accountChallenges.userId, userId),
            eq(accountChallenges.kind, kind),
            isNull(accountChallenges.consumedAt),
            gt(accountChallenges.expiresAt, now),
          ),
        )
        .orderBy(desc(accountChallenges.lastSentAt))
        .limit(1)
      return rows[0]
    },
    /** Ends every open challenge of a kind for a user (a new sign-up OTP or reset link replaces older ones). */
    async closeChallenges(userId: string, kind: ChallengeKind, now: Date) {
      await db
        .update(accountChallenges)
        .set({ consumedAt: now })
        .where(and(eq(accountChallenges.userId, userId), eq(accountChallenges.kind, kind), isNull(accountChallenges.consumedAt)))
    },
    async closeChallenge(id: string, now: Date) {
      await db
        .update(accountChallenges)
        .set({ consumedAt: now })
        .where(and(eq(accountChallenges.id, id), isNull(accountChallenges.consumedAt)))
    },
    /** Uses a challenge once: only one concurrent caller gets the row back. */
    async consumeChallenge(id: string, kind: ChallengeKind, now: Date, maxAttempts: number) {
      const rows = await db
        .update(accountChallenges)
        .set({ consumedAt: now })
        .where(
          and(
            eq(accountChallenges.id, id),
            eq(accountChallenges.kind, kind),
            isNull(accountChallenges.consumedAt),
            gt(accountChallenges.expiresAt, now),
            lt(accountChallenges.attempts, maxAttempts),
          ),
        )
        .returning()
      return rows[0]
    },
    /** Counts a wrong code; undefined when the reference was already dead. Returns the tries used so far. */
    async recordWrongAttempt(id: string, kind: ChallengeKind, maxAttempts: number) {
      const rows = await db
        .update(accountChallenges)
        .set({ attempts: sql`${accountChallenges.attempts} + 1` })
        .where(
          and(
            eq(accountChallenges.id, id),
            eq(accountChallenges.kind, kind),
            isNull(accountChallenges.consumedAt),
            lt(accountChallenges.attempts, maxAttempts),
          ),
        )
        .returning({ attempts: accountChallenges.attempts })
      return rows[0]?.attempts
    },
    /** A new code on the same reference, only once the cooldown has passed; tries already used still count. */
    async resendChallenge(input: { id: string; kinds: ChallengeKind[]; codeHash: string; now: Date; cooldownMs: number; ttlMs: number; maxAttempts: number }) {
      const rows = await db
        .update(accountChallenges)
        .set({ codeHash: input.codeHash, lastSentAt: input.now, expiresAt: plus(input.now, input.ttlMs) })
        .where(
          and(
            eq(accountChallenges.id, input.id),
            inArray(accountChallenges.kind, input.kinds),
            isNull(accountChallenges.consumedAt),
            lt(accountChallenges.attempts, input.maxAttempts),
            gt(accountChallenges.expiresAt, input.now),
            lte(accountChallenges.lastSentAt, plus(input.now, -input.cooldownMs)),
          ),
        )
        .returning()
      return rows[0]
    },

    // ── devices ────────────────────────────────────────────────────────────────────────────────────────────
    async isKnownDevice(userId: string, deviceId: string) {
      const rows = await db
        .select({ d: userDevices.deviceId })
        .from(userDevices)
        .where(and(eq(userDevices.userId, userId), eq(userDevices.deviceId, deviceId)))
      return rows.length > 0
    },
    async rememberDevice(userId: string, deviceId: string, now: Date) {
      await db.insert(userDevices).values({ userId, deviceId, firstSeenAt: now }).onConflictDoNothing()
    },

    // ── tokens ─────────────────────────────────────────────────────────────────────────────────────────────
    async insertToken(input: { tokenHash: string; refreshHash: string; userId: string; now: Date; ttlMs: number; refreshTtlMs: number }) {
      await db.insert(accessTokens).values({
        tokenHash: input.tokenHash,
        refreshHash: input.refreshHash,
        userId: input.userId,
        expiresAt: plus(input.now, input.ttlMs),
        refreshExpiresAt: plus(input.now, input.refreshTtlMs),
        createdAt: input.now,
      })
    },
    /** The user behind an unexpired, unrevoked access token. */
    async userOfToken(tokenHash: string, now: Date) {
      const rows = await db
        .select({ user: users, expiresAt: accessTokens.expiresAt })
        .from(accessTokens)
        .innerJoin(users, eq(users.id, accessTokens.userId))
        .where(and(eq(accessTokens.tokenHash, tokenHash), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, now)))
      return rows[0]
    },
    async revokeToken(tokenHash: string, userId: string, now: Date) {
      const rows = await db
        .update(accessTokens)
        .set({ revokedAt: now })
        .where(and(eq(accessTokens.tokenHash, tokenHash), eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)))
        .returning({ h: accessTokens.tokenHash })
      return rows.length === 1
    },
    /** Ends the token pair a refresh token belongs to (once: only one concurrent caller gets the user id). */
    async useRefreshToken(refreshHash: string, now: Date) {
      const rows = await db
        .update(accessTokens)
        .set({ revokedAt: now })
        .where(and(eq(accessTokens.refreshHash, refreshHash), isNull(accessTokens.revokedAt), gt(accessTokens.refreshExpiresAt, now)))
        .returning({ userId: accessTokens.userId })
      return rows[0]?.userId
    },
    async revokeAllTokens(userId: string, now: Date) {
      await db
        .update(accessTokens)
        .set({ revokedAt: now })
        .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)))
    },

    // ── logos ──────────────────────────────────────────────────────────────────────────────────────────────
    async insertLogo(logo: typeof merchantLogos.$inferInsert) {
      await db.insert(merchantLogos).values(logo)
    },
    async findLogo(id: string) {
      const rows = await db.select().from(merchantLogos).where(eq(merchantLogos.id, id))
      return rows[0]
    },

    // ── sign-up completion ─────────────────────────────────────────────────────────────────────────────────
    /**
     * Creates the user's test merchant with its first API key pair and marks sign-up COMPLETED, in one
     * transaction; undefined when sign-up was already completed (a double submit creates one merchant).
     */
    async completeSignup(input: { userId: string; merchantName: string; logoUrl: string | null; products: string[] }) {
      return db.transaction(async (tx) => {
        const won = await tx
          .update(users)
          .set({ signupStatus: 'COMPLETED' })
          .where(and(eq(users.id, input.userId), ne(users.signupStatus, 'COMPLETED'), eq(users.kind, 'developer')))
          .returning({ id: users.id })
        if (won.length === 0) return undefined
        const merchants = merchantRepo(tx)
        const merchant = await merchants.create({
          name: input.merchantName,
          logoUrl: input.logoUrl,
          ownerUserId: input.userId,
          products: input.products,
        })
        const credential = await merchants.issueCredential(merchant.id)
        return { merchant, credential }
      })
    },

    // ── activation ─────────────────────────────────────────────────────────────────────────────────────────
    /** Records the live-activation request once; later calls answer the first request's time. */
    async requestActivation(userId: string, now: Date) {
      await db.insert(activationRequests).values({ userId, requestedAt: now }).onConflictDoNothing()
      const rows = await db.select().from(activationRequests).where(eq(activationRequests.userId, userId))
      return rows[0]!
    },

    // ── outbox ─────────────────────────────────────────────────────────────────────────────────────────────
    async insertMail(mail: { to: string; subject: string; text: string; html: string; now: Date }) {
      await db.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, createdAt: mail.now })
    },
    /** Newest first. */
    async listMail(limit: number) {
      return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit)
    },

    // ── merchants of a user (read side) ────────────────────────────────────────────────────────────────────
    async merchantOf(userId: string) {
      const list = await merchantRepo(db).findByOwner(userId)
      return list.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0]
    },
    async firstCredentialOf(merchantId: string) {
      const list = await merchantRepo(db).credentialsOf(merchantId)
      return list.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0]
    },
    async usersOfMerchant(ownerUserId: string) {
      return db.select().from(users).where(eq(users.id, ownerUserId)).orderBy(asc(users.createdAt))
    },
  }
}

export type AccountRepo = ReturnType<typeof accountRepo>
