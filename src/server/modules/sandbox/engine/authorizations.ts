/**
 * User authorizations (account linking): the request token of the browser flow, consent sessions (web and QR),
 * the consent decision on the wallet page, and the linked user's status, profile and unlinking.
 */
import type * as v from 'valibot'
import { ApiError } from '@/domain/errors.ts'
import { profileIdentifierOf, responseTokenIssuer } from '@/domain/lab-link.ts'
import { limits } from '@/domain/limits.ts'
import type { UserAuthorizationStatusQuerySchema } from '@/domain/opa-schemas.ts'
import { merchantRepo } from '../../../store/merchant-repo.ts'
import { newSessionId, newUserAuthorizationId, type SandboxRepo, type UserAuthorizationRow } from '../../../store/sandbox-repo.ts'
import { userAuthorizationView } from './views.ts'
import { inTx, nowMs, repoOf, type MerchantCtx, type SandboxCtx } from './context.ts'

const S = limits.sandbox

/**
 * The user-authorization scopes each endpoint needs (one of them), as the provider's product pages name them:
 * native payment `direct_debit`, pre-auth `preauth_capture_native`/`preauth_capture_transaction`, continuous
 * payments `continuous_payments`, request money `pending_payments`, cashback `cashback`, balance `get_balance`.
 */
export const userScopes = {
  NATIVE: ['direct_debit'],
  PREAUTH: ['preauth_capture_native', 'preauth_capture_transaction'],
  SUBSCRIPTION: ['continuous_payments'],
  REQUEST_ORDER: ['pending_payments'],
  cashback: ['cashback'],
  checkBalance: ['get_balance'],
} as const

/** A user authorization named by its id (GET /v2/user/authorizations, /v2/user/profile/secure, DELETE …). */
export type UserAuthorizationRef = v.InferOutput<typeof UserAuthorizationStatusQuerySchema>

/**
 * The linked user's authorization, valid and granting one of `scopes` (the consent the endpoint needs, see
 * `userScopes`). No scope given: any active authorization (status, unlink). Missing consent → 401
 * OP_OUT_OF_SCOPE (PayLab choice; docs/sandbox.md).
 */
export async function activeAuthorization(ctx: MerchantCtx, userAuthorizationId: string, scopes: readonly string[] = [], r?: SandboxRepo) {
  // inside a transaction (`r`): the row is locked until it ends, so the orders of one link are decided one at a time
  const auth = r ? await r.findUserAuthorization(userAuthorizationId, true) : await repoOf(ctx).findUserAuthorization(userAuthorizationId)
  return checkedAuthorization(ctx, auth, scopes)
}

/** `auth` when it is the merchant's, active, unexpired and grants one of `scopes` (any, when none); else the published error. */
export function checkedAuthorization(ctx: MerchantCtx, auth: UserAuthorizationRow | undefined, scopes: readonly string[] = []) {
  if (!auth || auth.merchantId !== ctx.merchantId || auth.status !== 'ACTIVE') throw new ApiError('INVALID_USER_AUTHORIZATION_ID')
  if (auth.expireAtMs <= nowMs(ctx, ctx.merchantId)) throw new ApiError('EXPIRED_USER_AUTHORIZATION_ID')
  if (scopes.length > 0 && !scopes.some((s) => auth.scopes.includes(s))) throw new ApiError('OP_OUT_OF_SCOPE')
  return auth
}

/** Verifies a request token (HS256, base64-decoded API secret) of GET /v2/user_authorization; answers whose it is. */
export async function verifyRequestToken(ctx: SandboxCtx, input: { apiKey: string; requestToken: string }) {
  const found = await merchantRepo(ctx.db).findActiveCredential(input.apiKey)
  if (!found) throw new ApiError('UNAUTHORIZED')
  const secret = new Uint8Array(Buffer.from(found.credential.apiSecret, 'base64'))
  const { jwtVerify } = await import('jose') // jose loads with the first token, not at every start (docs/restart.md)
  try {
    const { payload } = await jwtVerify(input.requestToken, secret, {
      algorithms: ['HS256'],
      currentDate: new Date(nowMs(ctx, found.merchant.id)),
    })
    return { merchantId: found.merchant.id, payload }
  } catch {
    throw new ApiError('UNAUTHORIZED')
  }
}

export interface AuthorizationRequest {
  scopes: string[]
  nonce: string
  redirectUrl: string
  referenceId: string
  deviceId?: string
}

export interface StartSessionInput {
  /** The key the merchant called with: the response token is signed with its secret. */
  apiKey: string
  kind: 'WEB' | 'QR'
  request: AuthorizationRequest
}

/** Opens a consent session (browser flow or account-link QR) the wallet's consent page decides. */
export async function startAuthorizationSession(ctx: MerchantCtx, input: StartSessionInput) {
  const t = nowMs(ctx, ctx.merchantId)
  const { request } = input
  return repoOf(ctx).insertAuthSession({
    sessionId: newSessionId(),
    merchantId: ctx.merchantId,
    apiKey: input.apiKey,
    kind: input.kind,
    scopes: request.scopes,
    nonce: request.nonce,
    redirectUrl: request.redirectUrl,
    referenceId: request.referenceId,
    deviceId: request.deviceId ?? null,
    status: 'PENDING',
    createdAtMs: t,
    expiresAtMs: t + S.authorizationSessionTtlMs,
  })
}

/** What the consent page shows (merchant, scopes, status); SANDBOX_SESSION_NOT_FOUND once expired. */
export async function getAuthorizationSession(ctx: SandboxCtx, input: { sessionId: string }) {
  const { sessionId } = input
  const session = await repoOf(ctx).findAuthSession(sessionId)
  if (!session || session.expiresAtMs <= nowMs(ctx, session.merchantId)) throw new ApiError('SANDBOX_SESSION_NOT_FOUND')
  const merchant = await merchantRepo(ctx.db).findById(session.merchantId)
  return {
    sessionId,
    merchantId: session.merchantId,
    merchantName: merchant?.name ?? '',
    scopes: session.scopes,
    status: session.status,
    redirectUrl: session.redirectUrl,
    expiresAtMs: session.expiresAtMs,
  }
}

/** The user approves: → { redirectUrl, responseToken, userAuthorizationId }. */
export const approveAuthorization = (ctx: SandboxCtx, input: { sessionId: string; testUserId: string }) =>
  decideSession(ctx, input.sessionId, 'succeeded', input.testUserId)

/** The user declines: → { redirectUrl, responseToken }. */
export const denyAuthorization = (ctx: SandboxCtx, input: { sessionId: string }) => decideSession(ctx, input.sessionId, 'declined')

/**
 * Decides a consent session once. The decision and the user authorization it creates or extends are one
 * transaction: the session row is locked and must still be PENDING, and the test user's row is locked so
 * that two sessions of one user cannot both create an authorization. A second (or parallel) decision is
 * refused with SANDBOX_SESSION_NOT_FOUND and changes nothing.
 */
async function decideSession(ctx: SandboxCtx, sessionId: string, result: 'succeeded' | 'declined', testUserId?: string) {
  // the session names its merchant, whose sandbox-state lock comes before any row lock
  const merchantId = (await repoOf(ctx).findAuthSession(sessionId))?.merchantId
  if (!merchantId) throw new ApiError('SANDBOX_SESSION_NOT_FOUND')
  const { session, authorization } = await inTx(ctx, merchantId, async (r) => {
    const session = await r.findAuthSession(sessionId, true)
    if (!session || session.status !== 'PENDING' || session.expiresAtMs <= nowMs(ctx, session.merchantId)) throw new ApiError('SANDBOX_SESSION_NOT_FOUND')
    let authorization: UserAuthorizationRow | undefined
    if (result === 'succeeded') {
      const user = testUserId ? await r.lockTestUser(testUserId) : undefined
      if (!user || user.merchantId !== session.merchantId) throw new ApiError('SANDBOX_TEST_USER_NOT_FOUND')
      const t = nowMs(ctx, session.merchantId)
      const existing = await r.findActiveAuthorizationOf(session.merchantId, user.id)
      authorization = existing
        ? await r.updateUserAuthorization(existing.userAuthorizationId, {
            scopes: [...new Set([...existing.scopes, ...session.scopes])],
            referenceIds: [...new Set([...existing.referenceIds, session.referenceId])],
            expireAtMs: t + S.userAuthorizationTtlMs,
          })
        : await r.insertUserAuthorization({
            userAuthorizationId: newUserAuthorizationId(),
            merchantId: session.merchantId,
            testUserId: user.id,
            profileIdentifier: profileIdentifierOf(user.id),
            scopes: session.scopes,
            referenceIds: [session.referenceId],
            status: 'ACTIVE',
            issuedAtMs: t,
            expireAtMs: t + S.userAuthorizationTtlMs,
          })
    }
    const decided = await r.decideAuthSession(sessionId, result === 'succeeded' ? 'APPROVED' : 'DENIED', authorization?.userAuthorizationId ?? null)
    if (!decided) throw new ApiError('SANDBOX_SESSION_NOT_FOUND')
    return { session, authorization }
  })
  const found = await merchantRepo(ctx.db).findActiveCredential(session.apiKey)
  if (!found) throw new ApiError('UNAUTHORIZED')
  const secret = new Uint8Array(Buffer.from(found.credential.apiSecret, 'base64'))
  const nowS = Math.floor(nowMs(ctx, session.merchantId) / 1000)
  const { SignJWT } = await import('jose')
  const responseToken = await new SignJWT({
    result,
    referenceId: session.referenceId,
    nonce: session.nonce,
    ...(authorization
      ? { userAuthorizationId: authorization.userAuthorizationId, profileIdentifier: authorization.profileIdentifier, scope: authorization.scopes.join(' ') }
      : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(responseTokenIssuer)
    .setAudience(session.apiKey)
    .setIssuedAt(nowS)
    .setExpirationTime(nowS + 30 * 60)
    .sign(secret)
  const url = new URL(session.redirectUrl)
  url.searchParams.set('responseToken', responseToken)
  return { redirectUrl: url.toString(), responseToken, userAuthorizationId: authorization?.userAuthorizationId }
}

/** The test user's active authorization for the merchant, expired or not, whatever its scopes; undefined when none. */
export const findActiveAuthorizationOf = (ctx: MerchantCtx, input: { testUserId: string }) =>
  repoOf(ctx).findActiveAuthorizationOf(ctx.merchantId, input.testUserId)

/**
 * The key a consent session opened in-process (the studio's wallet) is made with, as a merchant's own call would
 * name it: the merchant's first active API key; UNAUTHORIZED when it has none.
 */
export async function inProcessApiKey(ctx: MerchantCtx) {
  const [credential] = await merchantRepo(ctx.db).credentialsOf(ctx.merchantId)
  if (!credential) throw new ApiError('UNAUTHORIZED')
  return credential.apiKey
}

/** GET /v2/user/authorizations: the wire view of an active authorization. */
export async function getUserAuthorization(ctx: MerchantCtx, input: UserAuthorizationRef) {
  return userAuthorizationView(await activeAuthorization(ctx, input.userAuthorizationId))
}

/** GET /v2/user/profile/secure: the linked user's masked phone number. */
export async function getSecureProfile(ctx: MerchantCtx, input: UserAuthorizationRef) {
  return { phoneNumber: (await activeAuthorization(ctx, input.userAuthorizationId)).profileIdentifier }
}

/** DELETE /v2/user/authorizations/{id}. */
export async function unlinkUser(ctx: MerchantCtx, input: UserAuthorizationRef) {
  await activeAuthorization(ctx, input.userAuthorizationId)
  await repoOf(ctx).updateUserAuthorization(input.userAuthorizationId, { status: 'UNLINKED' })
}
