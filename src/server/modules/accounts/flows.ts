import type { Context } from 'hono'
import * as v from 'valibot'
import { deviceIdHeader, deviceIdSchema, passwordResetPagePath, signupStatusSchema, type SignupStatus, type Token } from '@/domain/account-api.ts'
import { passwordFailures } from '@/domain/account-validation.ts'
import { ApiError, type ErrorCode } from '@/domain/errors.ts'
import { limits } from '@/domain/limits.ts'
import type { AppDeps } from '../../deps.ts'
import { otpLockedMail, otpMail, type OtpPurpose } from '../../mail/templates.ts'
import { createMailer, type MailMessage } from '../../mail/mailer.ts'
import { mailOrigin } from '../../config.ts'
import { accountRepo, type Challenge, type ChallengeKind, type User } from '../../store/account-repo.ts'
import { issuesOf, jsonIn, type Issues } from '../../http/validator.ts'
import { describe, documentsInput, type OperationDoc } from '../../http/openapi.ts'
import { newOtp, otpHash, randomSecret, safeEqual, sha256 } from './crypto.ts'

const rules = limits.accounts
/** The scope of the per-day count of one-time-password guesses per address (issue 33). */
export const otpAddressDay = 'otp:address-day'
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

/**
 * The accounts API's answer to a bad body. Beyond INVALID_PARAMS, an invalid e-mail answers EMAIL_INVALID and a
 * password that breaks the policy answers PASSWORD_POLICY with every broken rule in `data.failures` (spec §5: one
 * message each).
 */
export function accountError(failed: Issues): ApiError {
  const issues = issuesOf(failed)
  if (issues.some((i) => i.path === 'email' && i.message === 'email.invalid')) return new ApiError('EMAIL_INVALID', { data: { issues } })
  // the password as sent: the input of its own issue
  const password = failed.find((issue) => v.getDotPath(issue) === 'password')?.input
  if (typeof password === 'string' && issues.some((i) => i.path === 'password' && i.message.startsWith('password.'))) {
    const failures = passwordFailures(password)
    if (failures.length > 0) return new ApiError('PASSWORD_POLICY', { data: { failures, issues } })
  }
  return new ApiError('INVALID_PARAMS', { data: { issues } })
}

/**
 * Validates a JSON body at the edge with the accounts API's answers. `refused` hears the code of each refusal of
 * the body (unreadable or invalid), before the handler runs.
 */
export function accountJson<S extends v.GenericSchema>(schema: S, refused?: (code: string) => void) {
  const check = jsonIn(schema, (issues) => {
    throw accountError(issues)
  })
  if (!refused) return check
  const heard: typeof check = async (c, next) => {
    let passed = false
    try {
      return await check(c, async () => {
        passed = true
        await next()
      })
    } catch (error) {
      if (!passed) refused(error instanceof ApiError ? error.code : 'SIGNUP_FAILED')
      throw error
    }
  }
  // the wrapper is what the route runs: it carries the schema into /openapi.json as the check itself does
  return documentsInput(heard, 'json', schema)
}

/** The portal's device id from the X-DEVICE-ID header (absent or malformed: unknown device). */
export function deviceIdOf(c: Context): string | undefined {
  const value = c.req.header(deviceIdHeader)
  return value && v.is(deviceIdSchema, value) ? value.toLowerCase() : undefined
}

export function accountFlows(deps: AppDeps) {
  const repo = accountRepo(deps.store.db)
  const mailer = createMailer(deps)
  const now = () => deps.clock.now()

  async function issueToken(userId: string): Promise<Token> {
    const accessToken = randomSecret(32)
    const refreshToken = randomSecret(32)
    await repo.insertToken({
      tokenHash: sha256(accessToken),
      refreshHash: sha256(refreshToken),
      userId,
      now: now(),
      ttlMs: rules.accessTokenTtlMs,
      refreshTtlMs: rules.refreshTokenTtlMs,
    })
    return {
      access_token: accessToken,
      token_type: 'bearer',
      refresh_token: refreshToken,
      expires_in: rules.accessTokenTtlMs / 1000,
      scope: 'REGULAR',
    }
  }

  /**
   * Sends an OTP under a new reference (older open ones of the same kind end). Within the resend cooldown a
   * repeated request from the same device gets the reference already sent instead of another mail.
   */
  async function startOtp(user: User, kind: 'signup_otp' | 'signin_otp', deviceId: string | undefined, failCode: ErrorCode) {
    const at = now()
    const open = await repo.latestOpenChallenge(user.id, kind, at)
    if (open && open.attempts < rules.otpMaxAttempts && open.deviceId === (deviceId ?? null)) {
      const wait = open.lastSentAt.getTime() + limits.otpResendCooldownMs - at.getTime()
      if (wait > 0) return { otp_reference_id: open.id, resend_after_seconds: seconds(wait) }
    }
    await repo.closeChallenges(user.id, kind, at)
    const id = randomSecret(18)
    const otp = newOtp()
    await repo.createChallenge({ id, kind, userId: user.id, codeHash: otpHash(id, otp), deviceId: deviceId ?? null, now: at, ttlMs: rules.otpTtlMs })
    await deliverOtp(user.email, otp, kind === 'signup_otp' ? 'signup' : 'signin', id, failCode)
    return { otp_reference_id: id, resend_after_seconds: seconds(limits.otpResendCooldownMs) }
  }

  async function deliverOtp(email: string, otp: string, purpose: OtpPurpose, referenceId: string, failCode: ErrorCode) {
    try {
      await mailer.send(otpMail(email, otp, purpose))
    } catch (error) {
      deps.log.error('otp mail failed', { error: String(error) })
      await repo.closeChallenge(referenceId, now())
      throw new ApiError(failCode)
    }
  }

  function deadChallengeError(challenge: Challenge | undefined, at: Date): ApiError | undefined {
    if (!challenge || challenge.consumedAt || challenge.expiresAt.getTime() <= at.getTime()) return new ApiError('OTP_EXPIRED')
    if (challenge.attempts >= rules.otpMaxAttempts) return new ApiError('OTP_ATTEMPTS_EXCEEDED')
    return undefined
  }

  const throttle = rules.throttle
  const dayRule = { max: throttle.otpPerAddressPerDay, dayMs: throttle.dayMs }
  const attemptRules = {
    password: { address: rules.loginMaxFailures, client: throttle.passwordPerClient },
    otp: { address: throttle.otpPerAddress, client: throttle.otpPerClient },
  } as const
  const lockedError = (until: Date | null, at: Date) =>
    new ApiError('01101007', { data: { retry_after_seconds: seconds((until?.getTime() ?? at.getTime() + throttle.lockMs) - at.getTime()) } })

  /**
   * Takes one attempt of `what` for an address and for the client (its connection address), before the
   * password or code is even looked at: over either limit the answer is 01101007 (locked, try later) and
   * nothing is checked. Returns `lockedNow` when this attempt was the address's last before the lock.
   * One-time passwords also count against the address's day (`otpAddressDay`, issue 33): at most
   * `otpPerAddressPerDay` evaluated guesses, then a lock until a day after the last of them, told to the owner.
   */
  async function takeAttempts(what: 'password' | 'otp', address: string, client: string) {
    const at = now()
    const rule = (max: number) => ({ max, windowMs: throttle.windowMs, lockMs: throttle.lockMs })
    const byAddress = await repo.takeAttempt(`${what}:address`, address.toLowerCase(), at, rule(attemptRules[what].address))
    const byClient = await repo.takeAttempt(`${what}:client`, client, at, rule(attemptRules[what].client))
    const byDay =
      what === 'otp'
        ? await repo.takeAttempt(otpAddressDay, address.toLowerCase(), at, { max: dayRule.max, windowMs: dayRule.dayMs, lockMs: dayRule.dayMs })
        : undefined
    if (byAddress.attempts > attemptRules[what].address) throw lockedError(byAddress.lockedUntil, at)
    if (byClient.attempts > attemptRules[what].client) throw lockedError(byClient.lockedUntil, at)
    if (byDay && byDay.attempts > dayRule.max) throw lockedError(byDay.lockedUntil, at)
    // this guess is the day's last: the owner hears of it, with a way in (otpLockNotice)
    if (byDay?.attempts === dayRule.max) await otpLockNotice(address, byDay.lockedUntil ?? new Date(at.getTime() + dayRule.dayMs))
    const lockedNow = byDay?.attempts === dayRule.max ? byDay.lockedUntil : byAddress.lockedUntil
    return { lockedNow: lockedNow !== null ? lockedNow : undefined }
  }

  /**
   * A right password or code: the address starts over, the client gets its attempt back; a right code is given
   * back to the address's day too (the day counts the guesses that failed, whoever made them).
   */
  async function attemptSucceeded(what: 'password' | 'otp', address: string, client: string) {
    await repo.resetAttempts(`${what}:address`, address.toLowerCase())
    await repo.releaseAttempt(`${what}:client`, client)
    if (what === 'otp') await repo.releaseAttempt(otpAddressDay, address.toLowerCase())
  }

  /**
   * A new password link, mailed (the password-reset ticket: one use, `passwordResetTtlMs`); older links end.
   * `mail` builds the message around the link (the reset mail, the lock notice). A failed send throws.
   */
  async function mailPasswordLink(user: User, mail: (link: string) => MailMessage) {
    await repo.closeChallenges(user.id, 'password_reset', now())
    const secret = await createTicket(user.id, 'password_reset', rules.passwordResetTtlMs)
    const link = `${mailOrigin(deps.config)}${passwordResetPagePath}?token=${encodeURIComponent(secret)}`
    try {
      await mailer.send(mail(link))
    } catch (error) {
      await repo.closeChallenges(user.id, 'password_reset', now())
      throw error
    }
  }

  /**
   * The owner of an address whose one-time passwords just locked for the day is told by mail (docs/accounts.md
   * "A lock a stranger triggers"), with a password link: a sign-in code only follows the right password (and a
   * sign-up code only exists for an address nobody verified), so whoever guessed holds the password or is signing
   * up with an address that is not theirs — a new password (which verifies the address, ends every session and
   * lifts the locks) is the owner's way in. A failed mail is logged; the guess is answered as it is.
   */
  async function otpLockNotice(address: string, until: Date) {
    const user = await repo.findUserByEmail(address.toLowerCase())
    if (!user || user.kind !== 'developer') return
    await mailPasswordLink(user, (link) => otpLockedMail(user.email, link, until, dayRule.max)).catch((error: unknown) =>
      deps.log.error('otp lock notice failed', { error: String(error) }),
    )
  }

  /**
   * Checks an OTP: every try counts against the address and the client (across references and devices,
   * `takeAttempts`) and against the reference (the last of its tries kills it); the right code consumes the
   * reference atomically, so of concurrent submissions exactly one succeeds.
   */
  async function verifyOtp(referenceId: string, kind: 'signup_otp' | 'signin_otp', otp: string, client: string, expectedEmail?: string) {
    const at = now()
    const challenge = await repo.findChallenge(referenceId, kind)
    const dead = deadChallengeError(challenge, at)
    if (dead || !challenge) throw dead ?? new ApiError('OTP_EXPIRED')
    const user = await repo.findUserById(challenge.userId)
    if (!user) throw new ApiError('OTP_EXPIRED')
    const { lockedNow } = await takeAttempts('otp', user.email, client)
    const emailMatches = !expectedEmail || safeEqual(user.email, expectedEmail.toLowerCase())
    const codeMatches = challenge.codeHash !== null && safeEqual(otpHash(referenceId, otp), challenge.codeHash)
    if (!emailMatches || !codeMatches) {
      const used = await repo.recordWrongAttempt(referenceId, kind, rules.otpMaxAttempts)
      if (lockedNow) throw lockedError(lockedNow, at)
      if (used === undefined) throw deadChallengeError(await repo.findChallenge(referenceId, kind), now()) ?? new ApiError('OTP_EXPIRED')
      if (used >= rules.otpMaxAttempts) throw new ApiError('OTP_ATTEMPTS_EXCEEDED')
      throw new ApiError('INVALID_GRANT', { data: { attempts_left: rules.otpMaxAttempts - used } })
    }
    const consumed = await repo.consumeChallenge(referenceId, kind, at, rules.otpMaxAttempts)
    if (!consumed) throw new ApiError('OTP_EXPIRED')
    await attemptSucceeded('otp', user.email, client)
    return { user, challenge: consumed }
  }

  /** A fresh code on the same reference, no sooner than the cooldown (01103101 with the seconds left). */
  async function resendOtp(referenceId: string, kind: 'signup_otp' | 'signin_otp') {
    const at = now()
    const challenge = await repo.findChallenge(referenceId, kind)
    const dead = deadChallengeError(challenge, at)
    if (dead || !challenge) throw dead ?? new ApiError('OTP_EXPIRED')
    const cooldownLeft = () => challenge.lastSentAt.getTime() + limits.otpResendCooldownMs - at.getTime()
    if (cooldownLeft() > 0) throw new ApiError('01103101', { data: { retry_after_seconds: seconds(cooldownLeft()) } })
    const otp = newOtp()
    const updated = await repo.resendChallenge({
      id: referenceId,
      kinds: [kind],
      codeHash: otpHash(referenceId, otp),
      now: at,
      cooldownMs: limits.otpResendCooldownMs,
      ttlMs: rules.otpTtlMs,
      maxAttempts: rules.otpMaxAttempts,
    })
    if (!updated) {
      const again = await repo.findChallenge(referenceId, kind)
      throw deadChallengeError(again, at) ?? new ApiError('01103101', { data: { retry_after_seconds: seconds(limits.otpResendCooldownMs) } })
    }
    const user = await repo.findUserById(updated.userId)
    if (!user) throw new ApiError('OTP_EXPIRED')
    await deliverOtp(user.email, otp, kind === 'signup_otp' ? 'signup' : 'signin', referenceId, 'SIGNUP_FAILED')
    return { otp_reference_id: referenceId, resend_after_seconds: seconds(limits.otpResendCooldownMs) }
  }

  /** A one-time ticket (terms acceptance, password reset): the secret goes out, only its hash is kept. */
  async function createTicket(userId: string, kind: Extract<ChallengeKind, 'terms' | 'password_reset'>, ttlMs: number) {
    const secret = randomSecret(32)
    await repo.createChallenge({ id: sha256(secret), kind, userId, now: now(), ttlMs })
    return secret
  }

  async function consumeTicket(secret: string, kind: Extract<ChallengeKind, 'terms' | 'password_reset'>) {
    return repo.consumeChallenge(sha256(secret), kind, now(), rules.otpMaxAttempts)
  }

  return {
    repo,
    mailer,
    now,
    issueToken,
    startOtp,
    verifyOtp,
    resendOtp,
    createTicket,
    consumeTicket,
    takeAttempts,
    attemptSucceeded,
    lockedError,
    mailPasswordLink,
  }
}

export type AccountFlows = ReturnType<typeof accountFlows>

/** An account call in `/openapi.json`; a signed-in one carries the bearer token. */
export const account = (op: Omit<OperationDoc, 'tag'>) => describe({ tag: 'Account', ...op })
export const signedIn = (op: Omit<OperationDoc, 'tag' | 'security'>) => account({ security: 'bearer', ...op })
/** The developer's keys (issue 12) are listed with the developer tools. */
export const keyTool = (op: Omit<OperationDoc, 'tag' | 'security'>) => describe({ tag: 'Developer tools', security: 'bearer', ...op })
export /** The user's sign-up status, as the account API answers it. */
const status = (user: User): SignupStatus => v.parse(signupStatusSchema, user.signupStatus)
