import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import * as v from 'valibot'
import { defaultLogoId } from '@/domain/account-api.ts'
import { ApiError } from '@/domain/errors.ts'
import { updateMerchantProfileRequest } from '@/domain/merchant-profile.ts'
import type { AppDeps } from '../../deps.ts'
import { accountRepo } from '../../store/account-repo.ts'
import { merchantRepo } from '../../store/merchant-repo.ts'
import { merchants } from '../../store/tables/merchants.ts'
import { jsonIn } from '../../http/validator.ts'
import { describe } from '../../http/openapi.ts'
import { success } from '../../http/answer.ts'
import { requireUser, type AuthEnv } from '../../http/bearer.ts'

/** The name a merchant gets when none is given (sign-up's rule, portal/accounts.ts signupProduct). */
export const defaultMerchantName = 'Merchant Name'
/** The address and id shape of a stored logo, as the sign-up upload gives them (portal/accounts.ts). */
const logoPath = (id: string) => `/v1/dpSignup/logo/${id}`
const logoIdSchema = v.pipe(v.string(), v.regex(/^logo_[A-Za-z0-9_-]{16}$/))

/**
 * The merchant's name and logo after sign-up (issue 20: sign-up step 3 says they can be changed later; Settings →
 * Configuration). The logo is uploaded first through the sign-up upload (`POST /v1/dpSignup/uploadLogo`, multipart,
 * the same checks and messages); this JSON call then sets the name and/or the uploaded logo (`logoDMSId`, or
 * `default` for none) on every merchant the developer owns — the sandbox one and, once activated, the live one.
 * A logo id that is not one of the caller's uploads is refused as at sign-up (INVALID_PARAMS, `unknown logo`).
 */
export function merchantProfileRoutes(deps: AppDeps) {
  const app = new Hono<AuthEnv>()
  const auth = requireUser(deps)
  const accounts = accountRepo(deps.store.db)

  const profile = describe({
    tag: 'Account',
    security: 'bearer',
    summary: 'Change the name and/or logo of every merchant the developer owns (the logo uploaded first with /v1/dpSignup/uploadLogo)',
  })
  app.put('/', profile, auth, jsonIn(updateMerchantProfileRequest), async (c) => {
    const { user } = c.get('auth')
    const owned = await merchantRepo(deps.store.db).ownedBy(user.id)
    if (!owned.test) throw new ApiError('MERCHANT_REQUIRED')
    const body = c.req.valid('json')
    const change: { name?: string; logoUrl?: string | null } = {}
    if (body.merchantName !== undefined) change.name = body.merchantName?.trim() || defaultMerchantName
    if (body.logoDMSId !== undefined) {
      const logoId = body.logoDMSId?.trim() || defaultLogoId
      if (logoId === defaultLogoId) change.logoUrl = null
      else {
        const logo = v.is(logoIdSchema, logoId) ? await accounts.findLogo(logoId) : undefined
        if (!logo || logo.userId !== user.id) throw new ApiError('INVALID_PARAMS', { data: { issues: [{ path: 'logoDMSId', message: 'unknown logo' }] } })
        change.logoUrl = logoPath(logo.id)
      }
    }
    let current = owned.test
    if (Object.keys(change).length > 0) {
      const updated = await deps.store.db.update(merchants).set(change).where(eq(merchants.ownerUserId, user.id)).returning()
      current = updated.find((m) => m.id === owned.test!.id) ?? current
    }
    return success(c, { merchant_name: current.name, logo_url: current.logoUrl })
  })

  // merchantProfilePath (src/domain/merchant-profile.ts), under the /dev/v1 router
  return { devV1: { '/merchantProfile': app } }
}
