import { Hono, type MiddlewareHandler } from 'hono'
import * as v from 'valibot'
import {
  authenticateRequest,
  logoutRequest,
  otpReferenceParams,
  passwordResetConfirmRequest,
  passwordResetRequest,
  refreshRequest,
  signInOtpRequest,
  signInTermsRequest,
} from '@/domain/account-api.ts'
import { ApiError } from '@/domain/errors.ts'
import { limits } from '@/domain/limits.ts'
import { clientKeyOf } from '../../client.ts'
import type { AppDeps } from '../../deps.ts'
import { passwordResetMail } from '../../mail/templates.ts'
import { invalidParams, paramsIn } from '../../http/validator.ts'
import { burnPasswordCheck, hashPassword, sha256, verifyPassword } from './crypto.ts'
import { account, accountJson, deviceIdOf, otpAddressDay, signedIn, status, type AccountFlows } from './flows.ts'
import { success } from '../../http/answer.ts'
import type { AuthEnv } from '../../http/bearer.ts'
import * as api from '@/domain/account-api.ts'

const rules = limits.accounts

/**
 * `/v1/dpSignIn` and `/v1/dpSignout` (spec §7): sign in (password, terms, OTP), refresh, sign out and the password
 * reset by mail. docs/accounts.md.
 */
export function signInRoutes(deps: AppDeps, flows: AccountFlows, auth: MiddlewareHandler<AuthEnv>) {
  const signIn = new Hono<AuthEnv>()
  const signout = new Hono<AuthEnv>()
  const { repo } = flows

  // ── sign-in ─────────────────────────────────────────────────────────────────────────────────────────────
  signIn.post(
    '/authenticate',
    account({ summary: 'Sign in (password, terms acceptance or OTP step)', data: api.authenticateData }),
    accountJson(authenticateRequest),
    async (c) => {
      const body = c.req.valid('json')
      if (v.is(signInOtpRequest, body) && 'otp_reference_id' in body) {
        const { user, challenge } = await flows.verifyOtp(body.otp_reference_id, 'signin_otp', body.otp, clientKeyOf(c))
        await repo.markEmailVerified(user.id, flows.now())
        if (challenge.deviceId) await repo.rememberDevice(user.id, challenge.deviceId, flows.now())
        const token = await flows.issueToken(user.id)
        return success(c, { ...token, status: status((await repo.findUserById(user.id)) ?? user) })
      }
      if (!('email' in body)) throw new ApiError('INVALID_PARAMS')
      const email = body.email.toLowerCase()
      const client = clientKeyOf(c)
      // every try counts before the password is checked (atomically: parallel tries cannot outrun the lock)
      const { lockedNow } = await flows.takeAttempts('password', email, client)
      let user = await repo.findUserByEmail(email)
      if (!user) {
        await burnPasswordCheck(body.password)
        throw new ApiError('040000002')
      }
      if (!(await verifyPassword(body.password, user.passwordHash))) {
        if (lockedNow) throw flows.lockedError(lockedNow, flows.now())
        throw new ApiError('01102004')
      }
      await flows.attemptSucceeded('password', email, client)
      if (user.kind === 'wallet') {
        if (!v.is(signInTermsRequest, body)) {
          const ticket = await flows.createTicket(user.id, 'terms', rules.termsTicketTtlMs)
          throw new ApiError('040000018', { data: { access_token: ticket, expires_in: rules.termsTicketTtlMs / 1000 } })
        }
        const ticket = await flows.consumeTicket(body.access_token, 'terms')
        if (!ticket || ticket.userId !== user.id) throw new ApiError('TERMS_TICKET_INVALID')
        await repo.acceptTerms(user.id, flows.now())
        user = (await repo.findUserById(user.id)) ?? user
      }
      const device = deviceIdOf(c)
      const known = device !== undefined && (await repo.isKnownDevice(user.id, device))
      if (!known || !user.emailVerifiedAt) {
        const sent = await flows.startOtp(user, 'signin_otp', device, 'INTERNAL_SERVER_ERROR')
        throw new ApiError('040000020', { data: sent })
      }
      const token = await flows.issueToken(user.id)
      return success(c, { ...token, status: status(user) })
    },
  )

  // Decision (spec: path "not shown"): the sign-in OTP resend mirrors the sign-up one.
  signIn.get(
    '/resendOtp/:otpReferenceId',
    account({ summary: 'Send the sign-in OTP again', data: api.resendOtpData }),
    paramsIn(otpReferenceParams, invalidParams('OTP_EXPIRED')),
    async (c) => {
      const { otpReferenceId } = c.req.valid('param')
      return success(c, await flows.resendOtp(otpReferenceId, 'signin_otp'))
    },
  )

  // Not in the spec: a refresh token buys a new pair once; the old pair ends (logout ends both).
  signIn.post(
    '/refresh',
    account({ summary: 'Trade a refresh token for a new token pair (the old pair ends)', data: api.authenticateData }),
    accountJson(refreshRequest),
    async (c) => {
      const body = c.req.valid('json')
      const userId = await repo.useRefreshToken(sha256(body.refresh_token), flows.now())
      const user = userId ? await repo.findUserById(userId) : undefined
      if (!user) throw new ApiError('UNAUTHORIZED')
      return success(c, { ...(await flows.issueToken(user.id)), status: status(user) })
    },
  )

  signout.post('/logout', signedIn({ summary: 'Sign out', body: logoutRequest }), auth, accountJson(v.optional(logoutRequest, {})), async (c) => {
    const { user, tokenHash } = c.get('auth')
    const body = c.req.valid('json')
    const at = flows.now()
    await repo.revokeToken(tokenHash, user.id, at)
    if (body.accessToken) await repo.revokeToken(sha256(body.accessToken), user.id, at)
    return success(c, null)
  })

  // Answers SUCCESS whether or not the e-mail has an account, so the call cannot be used to probe addresses.
  signIn.post('/passwordReset', account({ summary: 'Send a password-reset mail' }), accountJson(passwordResetRequest), async (c) => {
    const { email } = c.req.valid('json')
    const user = await repo.findUserByEmail(email)
    if (user && user.kind === 'developer') {
      const at = flows.now()
      const open = await repo.latestOpenChallenge(user.id, 'password_reset', at)
      const coolingDown = open && open.lastSentAt.getTime() + limits.otpResendCooldownMs > at.getTime()
      if (!coolingDown) {
        try {
          await flows.mailPasswordLink(user, (link) => passwordResetMail(user.email, link))
        } catch (error) {
          deps.log.error('password reset mail failed', { error: String(error) })
          throw new ApiError('PASSWORD_RESET_FAILED')
        }
      }
    }
    return success(c, null)
  })

  // Not in the spec: sets the new password from the e-mailed link; every session of the account ends.
  const resetConfirm = account({ summary: 'Set a new password from the mailed link; every session of the account ends' })
  signIn.post('/passwordReset/confirm', resetConfirm, accountJson(passwordResetConfirmRequest), async (c) => {
    const body = c.req.valid('json')
    const ticket = await flows.consumeTicket(body.token, 'password_reset')
    if (!ticket) throw new ApiError('RESET_TOKEN_INVALID')
    await repo.setPassword(ticket.userId, await hashPassword(body.password))
    // a new password ends the address's locks: sign-in, and one-time passwords (the way through of a lock notice)
    const owner = await repo.findUserById(ticket.userId)
    if (owner) for (const scope of ['password:address', 'otp:address', otpAddressDay]) await repo.resetAttempts(scope, owner.email.toLowerCase())
    await repo.revokeAllTokens(ticket.userId, flows.now())
    await repo.markEmailVerified(ticket.userId, flows.now())
    return success(c, null)
  })

  return { signIn, signout }
}
