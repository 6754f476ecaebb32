import type { Context, MiddlewareHandler } from 'hono'
import { ApiError } from '@/domain/errors.ts'
import type { HostPolicy } from './known-hosts.ts'

/*
 * Cross-site posts (issue 20; docs/decisions/security-hardening.md). A web page on any site can make a visitor's
 * browser send a "simple" request — POST with a text/plain, form-urlencoded or multipart body, no custom header —
 * to any address, without asking (no CORS preflight). Before this guard, sign-up, sign-in and password reset
 * parsed such a text/plain body as JSON, so any page could have its visitors' browsers mail one-time passwords
 * and reset links to any address and use up an address's password tries. Every state-changing portal call now:
 *
 *  - comes from the portal's own origin when a browser sends it: `Sec-Fetch-Site: same-origin` (the browser sets
 *    it; a page cannot), or, from a browser that does not send Sec-Fetch-* (plain-http hosts other than
 *    localhost), an `Origin` that is one of the portal's own by its configuration (PUBLIC_ORIGIN, a known host at a
 *    listening port: http/known-hosts.ts `isOwnOrigin`), never the origin the request says it was addressed to
 *    (built from its `Host`, which a rebinding page chooses: issue 33). A
 *    request with neither header is not a browser's (curl, a server, the server tests) and passes: it cannot carry
 *    a visitor's ambient authority, and the account calls' own rate limits apply to it as to anyone;
 *  - carries its own content type: JSON (`application/json`, any parameters) whenever it has a body; a call
 *    without a body sends no Content-Type. The logo upload takes multipart/form-data and is left to its handler,
 *    which answers LOGO_REQUIRED to anything but a multipart file.
 *
 * A refusal is 403 CROSS_SITE_REQUEST or 415 UNSUPPORTED_MEDIA_TYPE in the provider's error shape, before any
 * route runs or the body is read: nothing is sent, stored or counted.
 *
 * Not covered here, on purpose: the sandbox's OPA API (/v2/*, the OPA /v1/* paths, /sandbox/api/*), called
 * server to server and authenticated by its signature; the lab's demo API (signed the same way); the sandbox
 * wallet's HTML forms (/sandbox/*: form-urlencoded, and already same-origin only — sandbox/wallet.ts).
 */

/** The portal's own API: every call under these paths (a prefix matches itself and anything below it). */
export const portalApiPrefixes = [
  '/v1/dpSignup',
  '/v1/dpSignIn',
  '/v1/dpSignout',
  '/v1/homeDboard',
  '/v1/d-panel',
  '/v1/getTransactions',
  '/v1/demos',
  '/v1/webApp',
  '/v1/opa/getClientInfo',
  '/dev',
] as const

/** Calls whose own content type is not JSON; their handler takes nothing else (the logo: multipart/form-data). */
const notJson = [/^\/v1\/dpSignup\/uploadLogo$/]

/** GET calls of the portal API that change state (a GET the spec gave them): cross-site only from the portal. */
const stateChangingGets = [/^\/v1\/dp(Signup|SignIn)\/resendOtp\//]

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export const isPortalApiPath = (path: string) => portalApiPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))

/** Whether a browser sent this request from the portal's own origin; true for a non-browser client (no header). */
export function fromOwnOrigin(c: Context, policy: Pick<HostPolicy, 'isOwnOrigin'>): boolean {
  const site = c.req.header('sec-fetch-site')
  if (site !== undefined) return site === 'same-origin'
  const origin = c.req.header('origin')
  if (origin === undefined) return true
  return policy.isOwnOrigin(origin)
}

const mediaType = (header: string | undefined) => header?.split(';')[0]!.trim().toLowerCase() ?? ''

/**
 * Whether the request carries a body, by its headers (HTTP/1.1 has no body without Content-Length or
 * Transfer-Encoding; the Node adapter gives every non-GET request a body stream, so the stream says nothing). A
 * declared Content-Type counts as a body too: a browser's empty text/plain post is still a text/plain post.
 */
function hasBody(c: Context): boolean {
  if (c.req.header('content-type') !== undefined || c.req.header('transfer-encoding') !== undefined) return true
  const length = c.req.header('content-length')
  return length !== undefined && length.trim() !== '0'
}

/** The guard, for every request (it picks the portal's calls by path): `app.use(portalWrites(hostPolicyOf(config)))`. */
export function portalWrites(policy: Pick<HostPolicy, 'isOwnOrigin'>): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path
    if (!isPortalApiPath(path)) return next()
    const method = c.req.method
    const writes = writeMethods.has(method)
    if (!writes && !(method === 'GET' && stateChangingGets.some((p) => p.test(path)))) return next()
    if (!fromOwnOrigin(c, policy)) throw new ApiError('CROSS_SITE_REQUEST')
    if (writes && hasBody(c) && !notJson.some((p) => p.test(path)) && mediaType(c.req.header('content-type')) !== 'application/json') {
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE')
    }
    return next()
  }
}
