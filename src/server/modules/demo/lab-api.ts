import { Hono, type Context } from 'hono'
import * as v from 'valibot'
import { ApiError } from '@/domain/errors.ts'
import { labEndpoints, type LabEndpoint } from '@/domain/lab.ts'
import { newOpaNonce, signOpaRequest } from '@/domain/opa-auth.ts'
import type { AppDeps } from '../../deps.ts'
import { describe } from '../../http/openapi.ts'
import { opaAuth, type OpaEnv } from '../sandbox/auth/opa-auth.ts'
import { nodeOpaCrypto } from '../sandbox/auth/opa-crypto.ts'
import { accountRepo } from '../../store/account-repo.ts'
import { merchantRepo } from '../../store/merchant-repo.ts'
import { sha256 } from '../accounts/crypto.ts'

/** Spec §7: the demo API's signature covers the path with '/api' and '/dev-panel' removed. */
export const demoSignedPath = (path: string) => path.replace(/^\/api(?=\/)/, '').replace(/\/dev-panel(?=\/)/, '') || '/'

/** Header carrying the portal's access token on demo calls (spec §7 headers tfAuthKey, Authorization, X-ASSUME-MERCHANT). */
export const tfAuthKeyHeader = 'tfAuthKey'

/**
 * The demo API of spec §7 used by the lab's test panel (`/v2/postCodes`, … `/v1/tFrame/*`; table in domain/lab.ts).
 * A call carries the developer's portal access token in `tfAuthKey` and is signed with `hmac OPA-Auth` by the
 * developer's own sandbox key over the demo path; after the same OPA-Auth checks as the sandbox (one middleware,
 * sandbox/auth.ts), it is re-signed for the published path with that key and forwarded into the real sandbox
 * through `dispatch` (the sandbox app, modules/sandbox/index.ts), whose answer — status, body, headers — is the answer. Nothing of the
 * sandbox's logic is repeated here. A WOT call (the unauthorised demo key) is refused by that same check with
 * 401 UNAUTHORIZED. docs/dashboard.md.
 */
export interface SandboxCall {
  credential: { apiKey: string; apiSecret: string; merchantId: string }
  method: 'GET' | 'POST' | 'DELETE'
  /** The OPA path (no query). */
  path: string
  query?: URLSearchParams
  body?: string
  contentType?: string
}

/**
 * One call into the real sandbox through the sandbox app (in-process): signed with `hmac OPA-Auth` by the given key for the
 * published path, the merchant in X-ASSUME-MERCHANT, the caller's language passed on. Shared by the lab's demo
 * API (the developer's own key) and the payment demos (the PayLab demo merchant, modules/demo/demos.ts).
 */
export function signedSandboxCall(deps: AppDeps, dispatch: (request: Request) => Response | Promise<Response>, c: Context, call: SandboxCall) {
  const { credential, method, path, body } = call
  const query = call.query ?? new URLSearchParams()
  const authorization = signOpaRequest(nodeOpaCrypto, {
    apiKey: credential.apiKey,
    apiSecret: credential.apiSecret,
    method,
    path,
    nonce: newOpaNonce(),
    epoch: Math.floor(deps.clock.nowMs() / 1000),
    contentType: body ? call.contentType : undefined,
    body: body || undefined,
  })
  const url = `${new URL(c.req.url).origin}${path}${query.size ? `?${query}` : ''}`
  return dispatch(
    new Request(url, {
      method,
      headers: {
        authorization,
        'x-assume-merchant': credential.merchantId,
        ...(body && call.contentType ? { 'content-type': call.contentType } : {}),
        ...(c.req.header('accept-language') ? { 'accept-language': c.req.header('accept-language')! } : {}),
      },
      body: body || undefined,
    }),
  )
}

export function demoApiRoutes(deps: AppDeps, dispatch: (request: Request) => Response | Promise<Response>) {
  /** One router per URL prefix: `/v2/postCodes` … (one per endpoint) and `/v1/tFrame`, paths relative to it. */
  const v1: Record<string, Hono<OpaEnv>> = {}
  const v2: Record<string, Hono<OpaEnv>> = {}
  const verified = opaAuth(
    deps,
    async () => {},
    async () => {},
    demoSignedPath,
  )

  const portalUser = async (c: Context<OpaEnv>) => {
    const token = c.req.header(tfAuthKeyHeader)?.trim()
    if (!token || token.length > 512) throw new ApiError('UNAUTHORIZED')
    const found = await accountRepo(deps.store.db).userOfToken(sha256(token), deps.clock.now())
    if (!found) throw new ApiError('UNAUTHORIZED')
    return found.user
  }

  const forward = (endpoint: LabEndpoint) => async (c: Context<OpaEnv>) => {
    const user = await portalUser(c)
    const { apiKey, merchantId } = c.get('opa')
    const found = await merchantRepo(deps.store.db).findActiveCredential(apiKey)
    if (!found || found.merchant.ownerUserId !== user.id) throw new ApiError('OP_OUT_OF_SCOPE')
    const id = c.req.param('id')
    const path = endpoint.sandboxPath.replace('{id}', encodeURIComponent(id ?? ''))
    const query = new URLSearchParams()
    for (const name of endpoint.query ?? []) {
      const value = c.req.query(name)
      if (value !== undefined) query.set(name, value)
    }
    const body = endpoint.method === 'POST' ? await c.req.text() : ''
    const answer = await signedSandboxCall(deps, dispatch, c, {
      credential: { apiKey, apiSecret: found.credential.apiSecret, merchantId },
      method: endpoint.method,
      path,
      query,
      body,
      contentType: c.req.header('content-type'),
    })
    const headers = new Headers(answer.headers)
    headers.set('X-PAYLAB-FORWARDED-TO', `${endpoint.method} ${path}`)
    return new Response(answer.body, { status: answer.status, headers })
  }

  for (const endpoint of labEndpoints) {
    // '/v2/getPayments/{id}' → router '/getPayments' of /v2, path '/:id'
    const [, version, group, ...rest] = endpoint.demoPath.replace('{id}', ':id').split('/')
    const routers = version === 'v1' ? v1 : v2
    const router = (routers[`/${group}`] ??= new Hono<OpaEnv>())
    const method = endpoint.method === 'GET' ? 'get' : endpoint.method === 'POST' ? 'post' : 'delete'
    const description = describe({
      tag: 'Demo API (test panel)',
      summary: `${endpoint.name.message}: forwarded to ${endpoint.method} ${endpoint.sandboxPath}. Headers tfAuthKey (portal access token), Authorization (OPA-Auth over this path, '/api' and '/dev-panel' removed), X-ASSUME-MERCHANT`,
      security: 'opaAuth',
      // the id is forwarded as it comes: the sandbox validates it
      ...(endpoint.demoPath.includes('{id}') ? { params: v.object({ id: v.string() }) } : {}),
    })
    router[method](`/${rest.join('/')}`, description, verified, forward(endpoint))
  }
  return { v1, v2 }
}
