import type { Hono } from 'hono'
import * as v from 'valibot'
import { ApiError } from '@/domain/errors.ts'
import { isSafeRedirectUrl } from '@/domain/merchant-urls.ts'
import * as opaResponses from '@/domain/opa-response-schemas.ts'
import {
  AccountLinkQrRequestSchema,
  AuthorizationScopeSchema,
  RequestTokenClaimsSchema,
  UserAuthorizationQuerySchema,
  UserAuthorizationStatusQuerySchema,
} from '@/domain/opa-schemas.ts'
import { linkOrigin } from '../../../config.ts'
import type { AppDeps } from '../../../deps.ts'
import { describe, type OperationDoc } from '../../../http/openapi.ts'
import { requireProducts, type OpaEnv } from '../auth/opa-auth.ts'
import { assertRedirectAllowed } from '../engine/redirect-allowlist.ts'
import type { SandboxEngine } from '../engine/index.ts'
import { ok, type OpaCtx, type OpaGuards } from './opa-guards.ts'
import { linkCodes, opaInvalid, opaJson, opaParams, opaQuery } from './opa-input.ts'
import { sandboxCommands as run } from '../engine/index.ts'

const idParam = v.pipe(v.string(), v.minLength(1), v.maxLength(64))
/** An operation of the published API in `/openapi.json`: OPA-signed, its request parts from the route's validators. */
const published = (op: Omit<OperationDoc, 'tag' | 'security'>) => describe({ tag: 'Open Payment API', security: 'opaAuth', ...op })

/**
 * User authorization of the Open Payment API (docs/sandbox.md): the web consent redirect, the account-link QR code,
 * the authorization's status, the linked user's profile and unlinking, on the routers opa.ts owns for those prefixes.
 */
export function userAuthorizationRoutes(
  deps: AppDeps,
  guards: OpaGuards,
  routers: { userAuthorization: Hono<OpaEnv>; qr: Hono<OpaEnv>; user: Hono<OpaEnv> },
  engine: SandboxEngine = deps.sandbox,
) {
  const { logged, auth, merchantOf: m } = guards
  const origin = (c: OpaCtx) => linkOrigin(deps.config, c.req.url)
  const linked = requireProducts('autodebit', 'continuous_payments', 'preauth_capture', 'request_money')

  // ── user authorization ─────────────────────────────────────────────────────────────────────────────────
  /** Browser flow: the merchant redirects the user here; we answer with the wallet's consent page. */
  const consent = {
    tag: 'Open Payment API',
    summary: "User authorization (web): the merchant sends the user here with a signed request token; answers a redirect to the wallet's consent page",
    other: { status: 302, description: 'Redirect to the consent page' },
  } as const
  routers.userAuthorization.get('/', describe(consent), opaQuery(UserAuthorizationQuerySchema), async (c) => {
    const q = c.req.valid('query')
    await engine.ready()
    const { merchantId, payload } = await run.authorizations.verifyRequestToken(engine.ctx, q)
    const parsed = v.safeParse(RequestTokenClaimsSchema, payload)
    // the signed token's claims: checked like the input it carries
    if (!parsed.success) return opaInvalid()(parsed.issues, c)
    const claims = parsed.output
    const scopes = claims.scope.split(/[\s,]+/).filter(Boolean)
    if (!scopes.every((s) => v.is(AuthorizationScopeSchema, s)) || !isSafeRedirectUrl(claims.redirectUrl)) throw new ApiError('EXPECTATION_FAILED')
    await assertRedirectAllowed(deps.store.db, merchantId, { redirectUrl: claims.redirectUrl })
    await run.testUsers.ensureTestUsers(engine.forMerchant(merchantId))
    const session = await run.authorizations.startAuthorizationSession(engine.forMerchant(merchantId), {
      apiKey: q.apiKey,
      kind: 'WEB',
      request: {
        scopes,
        nonce: claims.nonce,
        redirectUrl: claims.redirectUrl,
        referenceId: claims.referenceId,
        deviceId: claims.deviceId,
      },
    })
    return c.redirect(`${origin(c)}/sandbox/authorize/${session.sessionId}`, 302)
  })

  const linkQr = { summary: 'Account-link QR code', rawResponse: opaResponses.AccountLinkQrResponseSchema, apiName: 'v1_qrSession', status: 201 } as const
  routers.qr.post('/sessions', published(linkQr), logged, auth, linked, opaJson(AccountLinkQrRequestSchema, linkCodes), async (c) => {
    const input = c.req.valid('json')
    if (!isSafeRedirectUrl(input.redirectUrl, input.redirectType ?? 'WEB_LINK')) throw new ApiError('EXPECTATION_FAILED')
    await assertRedirectAllowed(deps.store.db, m(c), input)
    const session = await run.authorizations.startAuthorizationSession(engine.forMerchant(m(c)), { apiKey: c.get('opa').apiKey, kind: 'QR', request: input })
    return ok(c, { linkQRCodeURL: `${origin(c)}/sandbox/authorize/${session.sessionId}` }, 201)
  })

  const authStatus = { summary: 'User authorization status', rawResponse: opaResponses.UserAuthorizationStatusResponseSchema, apiName: 'v2_userAuthStatus' }
  routers.user.get('/authorizations', published(authStatus), logged, auth, linked, opaQuery(UserAuthorizationStatusQuerySchema), async (c) => {
    const q = c.req.valid('query')
    return ok(c, await run.authorizations.getUserAuthorization(engine.forMerchant(m(c)), q))
  })

  routers.user.get(
    '/profile/secure',
    published({ summary: "The linked user's masked profile" }),
    logged,
    auth,
    linked,
    opaQuery(UserAuthorizationStatusQuerySchema),
    async (c) => {
      const q = c.req.valid('query')
      return ok(c, await run.authorizations.getSecureProfile(engine.forMerchant(m(c)), q))
    },
  )

  routers.user.delete(
    '/authorizations/:userAuthorizationId',
    published({ summary: 'Unlink a user (revoke the user authorization)' }),
    logged,
    auth,
    linked,
    opaParams(v.object({ userAuthorizationId: idParam })),
    async (c) => {
      await run.authorizations.unlinkUser(engine.forMerchant(m(c)), c.req.valid('param'))
      return ok(c, null)
    },
  )
}
