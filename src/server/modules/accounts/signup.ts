import { Hono, type MiddlewareHandler } from 'hono'
import * as v from 'valibot'
import { createAccountRequest, defaultLogoId, otpReferenceParams, productsQuery, signupProductRequest, validateOtpRequest } from '@/domain/account-api.ts'
import { ApiError } from '@/domain/errors.ts'
import { limits } from '@/domain/limits.ts'
import { productById, products } from '@/domain/products.ts'
import { clientKeyOf } from '../../client.ts'
import type { AppDeps } from '../../deps.ts'
import { merchantRepo } from '../../store/merchant-repo.ts'
import { invalidParams, paramsIn, queryIn } from '../../http/validator.ts'
import { hashPassword, randomSecret } from './crypto.ts'
import { account, accountJson, deviceIdOf, signedIn, status, type AccountFlows } from './flows.ts'
import { success } from '../../http/answer.ts'
import type { AuthEnv } from '../../http/bearer.ts'
import * as api from '@/domain/account-api.ts'
import { activationData } from '@/domain/dashboard-api.ts'

const rules = limits.accounts
const productsPageSize = 20
const logoPath = (id: string) => `/v1/dpSignup/logo/${id}`
const logoIdSchema = v.pipe(v.string(), v.regex(/^logo_[A-Za-z0-9_-]{16}$/))

/**
 * `/v1/dpSignup` (spec §7): create the account and check its OTP, pick the products and create the merchant, the
 * merchant logo, and live activation. docs/accounts.md.
 */
export function signupRoutes(deps: AppDeps, flows: AccountFlows, auth: MiddlewareHandler<AuthEnv>) {
  const signup = new Hono<AuthEnv>()
  const { repo } = flows

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
    const { imageSize } = await import('image-size') // loaded with the first logo, not at every start
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

  return { signup }
}

/** JPEG or PNG judged from the bytes (magic numbers), never from the file name or the declared type. */
function sniffImage(bytes: Uint8Array): 'image/png' | 'image/jpeg' | undefined {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png'
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  return undefined
}
