import { Hono } from 'hono'
import { imageSize } from 'image-size'
import * as v from 'valibot'
import {
  apiKeyParams,
  authenticateRequest,
  createAccountRequest,
  defaultLogoId,
  logoutRequest,
  otpReferenceParams,
  passwordResetConfirmRequest,
  passwordResetPagePath,
  passwordResetRequest,
  productsQuery,
  refreshRequest,
  signInOtpRequest,
  signInTermsRequest,
  signupProductRequest,
  signupStatusSchema,
  type SignupStatus,
  validateOtpRequest,
  type UserProfile,
} from '@/domain/account-api.ts'
import { ApiError } from '@/domain/errors.ts'
import { apiKeyRevokeParams } from '@/domain/dashboard-api.ts'
import { limits } from '@/domain/limits.ts'
import { productById, products } from '@/domain/products.ts'
import { mailOrigin } from '../../config.ts'
import { clientKeyOf } from '../../client.ts'
import type { AppDeps } from '../../deps.ts'
import { passwordResetMail } from '../../mail/templates.ts'
import type { User } from '../../store/account-repo.ts'
import { merchantRepo } from '../../store/merchant-repo.ts'
import { invalidParams, paramsIn, queryIn } from '../../http/validator.ts'
import { burnPasswordCheck, hashPassword, randomSecret, sha256, verifyPassword } from './crypto.ts'
import { accountJson, accountFlows, deviceIdOf } from './flows.ts'
import { success } from '../../http/answer.ts'
import { requireUser, type AuthEnv } from '../../http/bearer.ts'
import { testUserView } from '../dashboard/routes.ts'
import { merchantFor } from '../../http/merchant-context.ts'
import { describe, type OperationDoc } from '../../http/openapi.ts'
import * as api from '@/domain/account-api.ts'
import { activationData, revokedApiKeyData } from '@/domain/dashboard-api.ts'

const rules = limits.accounts
/** An account call in `/openapi.json`; a signed-in one carries the bearer token. */
const account = (op: Omit<OperationDoc, 'tag'>) => describe({ tag: 'Account', ...op })
const signedIn = (op: Omit<OperationDoc, 'tag' | 'security'>) => account({ security: 'bearer', ...op })
/** The developer's keys (issue 12) are listed with the developer tools. */
const keyTool = (op: Omit<OperationDoc, 'tag' | 'security'>) => describe({ tag: 'Developer tools', security: 'bearer', ...op })
const status = (user: User): SignupStatus => v.parse(signupStatusSchema, user.signupStatus)
const productsPageSize = 20
const logoPath = (id: string) => `/v1/dpSignup/logo/${id}`
const logoIdSchema = v.pipe(v.string(), v.regex(/^logo_[A-Za-z0-9_-]{16}$/))

/**
 * The account API of spec §7 (/v1/dpSignup, /v1/dpSignIn, /v1/dpSignout, /v1/homeDboard, /v1/d-panel) and the
 * local mailbox. Flows and decisions where the spec says "not shown" are written up in docs/accounts.md.
 */
export function accountsRoutes(deps: AppDeps) {
  /** One router per URL prefix, paths relative to it. */
  const signup = new Hono<AuthEnv>()
  const signIn = new Hono<AuthEnv>()
  const signout = new Hono<AuthEnv>()
  const homeDboard = new Hono<AuthEnv>()
  const dPanel = new Hono<AuthEnv>()
  const flows = accountFlows(deps)
  const { repo } = flows
  const auth = requireUser(deps)
  const engine = deps.sandbox
  const testUsersOf = (merchantId: string) => engine.listTestUsers(merchantId)

  // ── sign-up ─────────────────────────────────────────────────────────────────────────────────────────────
  signup.post(
    '/createAccount',
    account({ summary: 'Create a developer account (sends an OTP)', data: api.createAccountData }),
    accountJson(createAccountRequest),
    async (c) => {
      const body = c.req.valid('json')
      const email = body.email.toLowerCase()
      const passwordHash = await hashPassword(body.password)
      let user = await repo.findUserByEmail(email)
      if (!user) {
        user = await repo.insertDeveloper({ id: `u_${randomSecret(12)}`, email, passwordHash, externalUserId: crypto.randomUUID(), now: flows.now() })
        user ??= await repo.findUserByEmail(email)
        if (!user) throw new ApiError('SIGNUP_FAILED')
      } else {
        if (user.kind === 'wallet') throw new ApiError('040000018')
        if (user.emailVerifiedAt) throw new ApiError('040000019')
        if (!(await repo.replaceUnverifiedPassword(user.id, passwordHash))) throw new ApiError('040000019')
      }
      if (user.kind === 'wallet') throw new ApiError('040000018')
      const sent = await flows.startOtp(user, 'signup_otp', deviceIdOf(c), 'SIGNUP_FAILED')
      return success(c, { ...sent, email })
    },
  )

  const validateOtp = account({ summary: 'Validate the sign-up OTP', body: validateOtpRequest, data: api.validateOtpData })
  signup.post('/validateOtp', validateOtp, accountJson(v.object({ otp_reference_id: v.string(), otp: v.string(), email: v.string() })), async (c) => {
    const body = c.req.valid('json')
    // a malformed code or reference is simply not valid; it does not use up one of the reference's tries
    // (the parsed values: a full-width code or address is read as ASCII, issue 20)
    const valid = v.safeParse(validateOtpRequest, body)
    if (!valid.success) throw new ApiError('INVALID_GRANT')
    const { user, challenge } = await flows.verifyOtp(valid.output.otp_reference_id, 'signup_otp', valid.output.otp, clientKeyOf(c), valid.output.email)
    await repo.markEmailVerified(user.id, flows.now())
    const device = challenge.deviceId ?? deviceIdOf(c)
    if (device) await repo.rememberDevice(user.id, device, flows.now())
    const token = await flows.issueToken(user.id)
    return success(c, { token, status: status(user) })
  })

  signup.get(
    '/resendOtp/:otpReferenceId',
    account({ summary: 'Send the OTP again', data: api.resendOtpData }),
    paramsIn(otpReferenceParams, invalidParams('OTP_EXPIRED')),
    async (c) => {
      const { otpReferenceId } = c.req.valid('param')
      return success(c, await flows.resendOtp(otpReferenceId, 'signup_otp'))
    },
  )

  signup.get('/products', signedIn({ summary: 'Payment products to choose from', data: api.productsPageData }), auth, queryIn(productsQuery), (c) => {
    const { page } = c.req.valid('query')
    const content = products.slice(page * productsPageSize, (page + 1) * productsPageSize).map((p) => ({ ...p }))
    const totalPages = Math.ceil(products.length / productsPageSize)
    return success(c, { content, page, size: productsPageSize, totalElements: products.length, totalPages, last: page >= totalPages - 1 })
  })

  const uploadLogo = signedIn({
    summary: 'Upload the merchant logo (multipart/form-data field merchantLogoFile: a square PNG or JPEG)',
    data: api.uploadLogoData,
  })
  signup.post('/uploadLogo', uploadLogo, auth, async (c) => {
    const { user } = c.get('auth')
    let form: Record<string, unknown>
    try {
      form = await c.req.parseBody()
    } catch {
      throw new ApiError('LOGO_REQUIRED')
    }
    const file = form.merchantLogoFile
    if (!(file instanceof File) || file.size === 0) throw new ApiError('LOGO_REQUIRED')
    if (file.size > rules.logoMaxBytes) throw new ApiError('LOGO_TOO_LARGE', { data: { max_bytes: rules.logoMaxBytes } })
    const bytes = new Uint8Array(await file.arrayBuffer())
    const type = sniffImage(bytes)
    if (!type) throw new ApiError('LOGO_TYPE')
    let size: { width?: number; height?: number; type?: string }
    try {
      size = imageSize(bytes)
    } catch {
      throw new ApiError('LOGO_TYPE')
    }
    const { width = 0, height = 0 } = size
    if (size.type !== (type === 'image/png' ? 'png' : 'jpg')) throw new ApiError('LOGO_TYPE')
    if (width < 1 || width !== height || width > rules.logoMaxPx) {
      throw new ApiError('LOGO_DIMENSIONS', { data: { width, height, max_px: rules.logoMaxPx } })
    }
    const id = `logo_${randomSecret(12)}`
    await repo.insertLogo({ id, userId: user.id, contentType: type, dataBase64: Buffer.from(bytes).toString('base64'), width, height, createdAt: flows.now() })
    await repo.logoUploaded(user.id)
    return success(c, { logoDMSId: id, logoUrl: logoPath(id), width, height })
  })

  // Stored logos are public (shown in <img> on the portal); ids are unguessable.
  const logo = account({ summary: 'A stored merchant logo (public, immutable)', other: { status: 200, description: 'The image', mediaType: 'image/*' } })
  signup.get('/logo/:id', logo, paramsIn(v.object({ id: logoIdSchema }), invalidParams('RESOURCE_NOT_FOUND')), async (c) => {
    const { id } = c.req.valid('param')
    const logo = await repo.findLogo(id)
    if (!logo) throw new ApiError('RESOURCE_NOT_FOUND')
    c.header('Content-Type', logo.contentType)
    c.header('Cache-Control', 'public, max-age=31536000, immutable')
    c.header('X-Content-Type-Options', 'nosniff')
    return c.body(Buffer.from(logo.dataBase64, 'base64'))
  })

  const trackSignup = (code: string) => deps.analytics.track({ name: 'Merchant-creation', category: 'SignUp', label: code })
  signup.post(
    '/signupProduct',
    signedIn({ summary: 'Create the merchant with its products', data: api.signupProductData }),
    auth,
    accountJson(signupProductRequest, trackSignup),
    async (c) => {
      const { user } = c.get('auth')
      const track = trackSignup
      const body = c.req.valid('json')
      if (body.email.toLowerCase() !== user.email) {
        track('EMAIL_MISMATCH')
        throw new ApiError('EMAIL_MISMATCH')
      }
      const chosen = [...new Set(body.products)].map((id) => productById(id))
      if (chosen.some((p) => !p)) {
        track('INVALID_PARAMS')
        throw new ApiError('INVALID_PARAMS', { data: { issues: [{ path: 'products', message: 'unknown product id' }] } })
      }
      let logoUrl: string | null = null
      const logoId = body.logoDMSId?.trim() || defaultLogoId
      if (logoId !== defaultLogoId) {
        const logo = v.is(logoIdSchema, logoId) ? await repo.findLogo(logoId) : undefined
        if (!logo || logo.userId !== user.id) {
          track('INVALID_PARAMS')
          throw new ApiError('INVALID_PARAMS', { data: { issues: [{ path: 'logoDMSId', message: 'unknown logo' }] } })
        }
        logoUrl = logoPath(logo.id)
      }
      let created: Awaited<ReturnType<typeof repo.completeSignup>>
      try {
        created = await repo.completeSignup({
          userId: user.id,
          merchantName: body.merchantName?.trim() || 'Merchant Name',
          logoUrl,
          products: chosen.map((p) => p!.model),
        })
      } catch (error) {
        deps.log.error('merchant creation failed', { error: String(error) })
        track('SIGNUP_FAILED')
        throw new ApiError('SIGNUP_FAILED')
      }
      if (!created) {
        track('MERCHANT_ALREADY_CREATED')
        throw new ApiError('MERCHANT_ALREADY_CREATED')
      }
      track('SUCCESS')
      const { merchant } = created
      return success(c, {
        merchant_id: merchant.id,
        merchant_name: merchant.name,
        logo_url: merchant.logoUrl,
        products: merchant.products,
        status: 'COMPLETED',
      })
    },
  )

  // Decision (spec: "not shown"): activates live mode — records the request once per user and creates the live
  // merchant with its first key (idempotent, race-safe); answers both merchant ids. docs/dashboard.md.
  const activate = signedIn({ summary: 'Activate live mode: creates the live merchant and its first key (idempotent)', data: activationData })
  signup.post('/salesforceActivate', activate, auth, async (c) => {
    const { user } = c.get('auth')
    const owned = await merchantRepo(deps.store.db).ownedBy(user.id)
    if (!owned.test) throw new ApiError('MERCHANT_REQUIRED')
    const request = await repo.requestActivation(user.id, flows.now())
    const live = owned.live ?? (await merchantRepo(deps.store.db).ensureLiveMerchant(owned.test))
    return success(c, { status: 'ACTIVATED', requested_at: request.requestedAt.toISOString(), merchant_id: owned.test.id, live_merchant_id: live.id })
  })

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
        await repo.closeChallenges(user.id, 'password_reset', at)
        const secret = await flows.createTicket(user.id, 'password_reset', rules.passwordResetTtlMs)
        const link = `${mailOrigin(deps.config)}${passwordResetPagePath}?token=${encodeURIComponent(secret)}`
        try {
          await flows.mailer.send(passwordResetMail(user.email, link))
        } catch (error) {
          deps.log.error('password reset mail failed', { error: String(error) })
          await repo.closeChallenges(user.id, 'password_reset', flows.now())
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
    // a new password ends a sign-in lock of the address
    const owner = await repo.findUserById(ticket.userId)
    if (owner) await repo.resetAttempts('password:address', owner.email)
    await repo.revokeAllTokens(ticket.userId, flows.now())
    await repo.markEmailVerified(ticket.userId, flows.now())
    return success(c, null)
  })

  // ── dashboard ───────────────────────────────────────────────────────────────────────────────────────────
  homeDboard.get('/getUserProfile', signedIn({ summary: 'Profile of the signed-in user', data: api.userProfileSchema }), auth, async (c) => {
    const { user } = c.get('auth')
    const owned = await merchantRepo(deps.store.db).findByOwner(user.id)
    const byAge = owned.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    const test = byAge.find((m) => m.mode === 'test')
    const live = byAge.find((m) => m.mode === 'live')
    const credential = test ? await repo.firstCredentialOf(test.id) : undefined
    const profile: UserProfile = {
      user_id: user.id,
      email_id: user.email,
      client_api_key: credential?.apiKey ?? null,
      client_api_secret: credential?.apiSecret ?? null,
      merchant_id: test?.id ?? null,
      merchant_name: test?.name || 'Merchant Name',
      logo_url: test?.logoUrl ?? null,
      registration_date: user.createdAt.toISOString(),
      live_merchant_id: live?.id ?? null,
      external_user_id: user.externalUserId,
      products: test?.products ?? [],
      status: status(user),
    }
    return success(c, profile)
  })

  homeDboard.get('/getMerchantUsers', signedIn({ summary: 'Users of the merchant', data: api.merchantUsersData }), auth, async (c) => {
    const { user } = c.get('auth')
    const merchant = await repo.merchantOf(user.id)
    const users = await repo.usersOfMerchant(user.id)
    // the sandbox test users (username and balance, spec §3) of the mode's merchant (X-ASSUME-MERCHANT honoured)
    const modeMerchant = merchant ? await merchantFor(deps, c, user) : undefined
    const testUsers = modeMerchant ? await testUsersOf(modeMerchant.id) : []
    return success(c, {
      merchant_id: modeMerchant?.id ?? null,
      users: users.map((u) => ({ user_id: u.id, email_id: u.email, role: 'OWNER', registration_date: u.createdAt.toISOString() })),
      test_users: testUsers.map(testUserView),
    })
  })

  // Decision (spec: "not shown"): confirms the developer-panel registration of the signed-in user.
  dPanel.get('/user/register', signedIn({ summary: 'Register the user in the developer panel', data: api.dPanelRegisterData }), auth, async (c) => {
    const { user } = c.get('auth')
    const merchant = await repo.merchantOf(user.id)
    return success(c, { user_id: user.id, merchant_id: merchant?.id ?? null, status: status(user) }, { status: 'S' })
  })

  const ownedMerchant = async (userId: string, merchantId: string) => {
    const merchant = await merchantRepo(deps.store.db).findById(merchantId)
    if (!merchant || merchant.ownerUserId !== userId) throw new ApiError('RESOURCE_NOT_FOUND')
    return merchant
  }

  const listKeys = keyTool({
    summary: 'Active API keys of one of your merchants: creation and last use (secrets never listed)',
    data: api.apiKeyListData,
  })
  dPanel.get('/:id/apiKey', listKeys, auth, paramsIn(apiKeyParams, invalidParams('RESOURCE_NOT_FOUND')), async (c) => {
    const { user } = c.get('auth')
    const { id } = c.req.valid('param')
    const merchant = await ownedMerchant(user.id, id)
    const keys = await merchantRepo(deps.store.db).credentialsOf(merchant.id)
    return success(c, {
      merchant_id: merchant.id,
      keys: keys
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .map((k) => ({
          api_key: k.apiKey,
          api_secret_hint: `••••${k.apiSecret.slice(-4)}`,
          created_at: k.createdAt.toISOString(),
          last_used_at: k.lastUsedAt?.toISOString() ?? null,
        })),
    })
  })

  dPanel.post(
    '/:id/apiKey',
    keyTool({ summary: 'Generate an API key pair; the secret is answered this once', data: api.newApiKeyData }),
    auth,
    paramsIn(apiKeyParams, invalidParams('RESOURCE_NOT_FOUND')),
    async (c) => {
      const { user } = c.get('auth')
      const { id } = c.req.valid('param')
      const merchant = await ownedMerchant(user.id, id)
      const merchants = merchantRepo(deps.store.db)
      if ((await merchants.credentialsOf(merchant.id)).length >= rules.maxActiveApiKeys) throw new ApiError('API_KEY_LIMIT')
      const credential = await merchants.issueCredential(merchant.id)
      return success(c, {
        merchant_id: merchant.id,
        api_key: credential.apiKey,
        api_secret: credential.apiSecret,
        created_at: credential.createdAt.toISOString(),
      })
    },
  )

  // ── keys: revoke ──────────────────────────────────────────────────────────────────────────────────────
  const revoke = keyTool({
    summary: 'Revoke an API key: the sandbox refuses it from the next request (never the last active key)',
    data: revokedApiKeyData,
  })
  dPanel.delete('/:id/apiKey/:apiKey', revoke, auth, paramsIn(apiKeyRevokeParams, invalidParams('API_KEY_NOT_FOUND')), async (c) => {
    const { user } = c.get('auth')
    const { id, apiKey } = c.req.valid('param')
    const merchants = merchantRepo(deps.store.db)
    const merchant = await merchants.findById(id)
    if (!merchant || merchant.ownerUserId !== user.id) throw new ApiError('RESOURCE_NOT_FOUND')
    const active = await merchants.credentialsOf(merchant.id)
    if (!active.some((k) => k.apiKey === apiKey)) throw new ApiError('API_KEY_NOT_FOUND')
    if (active.length <= 1) throw new ApiError('API_KEY_LAST')
    const revoked = await merchants.revokeCredential(merchant.id, apiKey, deps.clock.now())
    if (!revoked) throw new ApiError('API_KEY_NOT_FOUND')
    return success(c, { merchant_id: merchant.id, api_key: revoked.apiKey, revoked_at: revoked.revokedAt!.toISOString() })
  })
  return { v1: { '/dpSignup': signup, '/dpSignIn': signIn, '/dpSignout': signout, '/homeDboard': homeDboard, '/d-panel': dPanel } }
}

/** JPEG or PNG judged from the bytes (magic numbers), never from the file name or the declared type. */
function sniffImage(bytes: Uint8Array): 'image/png' | 'image/jpeg' | undefined {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png'
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  return undefined
}
