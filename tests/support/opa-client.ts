import { randomBytes } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import { signOpaRequest } from '../../src/domain/opa-auth.ts'
import { nodeOpaCrypto } from '../../src/server/modules/sandbox/auth/opa-crypto.ts'
import { demoMerchant } from '../../src/server/modules/sandbox/engine/seed.ts'
import type { TestApp } from './app.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'

/**
 * Signed OPA requests for tests: against the in-process app (`app.request`) or a running server (`fetch`).
 *
 *   const opa = opaClient({ request: (p, i) => t.app.request(p, i) })      // demo merchant's key by default
 *   const res = await opa.post('/v2/codes', { merchantPaymentId: 'x', amount: { amount: 1, currency: 'JPY' }, codeType: 'ORDER_QR' })
 *   res.status, res.body.resultInfo.code, res.body.data
 *
 * Options per call override the signature inputs, so tests can send a stale epoch, a reused nonce, a wrong
 * secret, or tamper with the body after signing.
 */
export interface OpaClientOptions {
  request: (path: string, init: RequestInit) => Response | Promise<Response>
  apiKey?: string
  apiSecret?: string
  /** Sent as X-ASSUME-MERCHANT unless null. */
  merchantId?: string | null
  /** Epoch seconds used to sign; defaults to real time. */
  epoch?: () => number
  contentType?: string
}

export interface OpaCallOptions {
  nonce?: string
  epoch?: number
  apiSecret?: string
  apiKey?: string
  headers?: Record<string, string>
  /** Body actually sent, when it should differ from the body signed. */
  sendBody?: string
  /** Raw body text to sign and send instead of JSON.stringify(body). */
  rawBody?: string
  /** Skip the Authorization header. */
  unsigned?: boolean
}

export interface OpaResult {
  status: number
  body: any
  headers: Headers
  /** The exact Authorization header sent (for replay tests). */
  authorization: string | undefined
}

export function opaClient(options: OpaClientOptions) {
  const apiKey = options.apiKey ?? demoMerchant.apiKey
  const apiSecret = options.apiSecret ?? demoMerchant.apiSecret
  const merchantId = options.merchantId === undefined ? demoMerchant.id : options.merchantId
  const contentType = options.contentType ?? 'application/json;charset=UTF-8;'
  const epoch = options.epoch ?? (() => Math.floor(Date.now() / 1000))

  async function call(method: string, path: string, body?: unknown, o: OpaCallOptions = {}): Promise<OpaResult> {
    const text = o.rawBody ?? (body === undefined ? undefined : JSON.stringify(body))
    const authorization = o.unsigned
      ? undefined
      : signOpaRequest(nodeOpaCrypto, {
          apiKey: o.apiKey ?? apiKey,
          apiSecret: o.apiSecret ?? apiSecret,
          method,
          path,
          nonce: o.nonce ?? randomBytes(6).toString('hex'),
          epoch: o.epoch ?? epoch(),
          contentType: text === undefined ? undefined : contentType,
          body: text,
        })
    const headers: Record<string, string> = {
      ...(text === undefined ? {} : { 'content-type': contentType }),
      ...(merchantId ? { 'x-assume-merchant': merchantId } : {}),
      ...(authorization ? { authorization } : {}),
      ...o.headers,
    }
    const res = await options.request(path, { method, headers, body: o.sendBody ?? text })
    const raw = await res.text()
    let parsed: unknown = raw
    try {
      parsed = raw ? JSON.parse(raw) : null
    } catch {
      // not JSON: the test sees the raw text
    }
    return { status: res.status, body: parsed, headers: res.headers, authorization }
  }

  return {
    call,
    get: (path: string, o?: OpaCallOptions) => call('GET', path, undefined, o),
    delete: (path: string, o?: OpaCallOptions) => call('DELETE', path, undefined, o),
    post: (path: string, body: unknown, o?: OpaCallOptions) => call('POST', path, body, o),
    put: (path: string, body: unknown, o?: OpaCallOptions) => call('PUT', path, body, o),
  }
}

export type OpaClient = ReturnType<typeof opaClient>

export const jpy = (amount: number) => ({ amount, currency: 'JPY' as const })
export const epochNow = () => Math.floor(Date.now() / 1000)

// ── user authorization ─────────────────────────────────────────────────────────────────────────────────

const demoSecret = () => new Uint8Array(Buffer.from(demoMerchant.apiSecret, 'base64'))

/** A request token as a merchant's server builds it (spec §3 claims; HS256 with the base64-decoded secret). */
export async function requestToken(claims: Partial<Record<string, unknown>> = {}, secret = demoSecret()) {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({
    scope: 'direct_debit',
    nonce: 'n0nce1',
    redirectUrl: 'https://shop.example/linked',
    referenceId: 'ref-001',
    deviceId: 'pp4d-device',
    ...claims,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience('paylab-sandbox')
    .setIssuer('Cake Shop')
    .setExpirationTime(typeof claims.exp === 'number' ? claims.exp : now + 300)
    .sign(secret)
}

/**
 * Links a test user of the demo merchant through the browser flow: GET /v2/user_authorization → consent page
 * (approved through the engine, as the wallet page does) → responseToken. Answers the token's claims.
 */
export async function linkTestUser(
  t: TestApp,
  username = 'taro',
  scope = 'direct_debit continuous_payments pending_payments cashback get_balance preauth_capture_native',
) {
  const engine = t.deps.sandbox
  const token = await requestToken({ scope })
  const res = await t.app.request(`/v2/user_authorization?apiKey=${demoMerchant.apiKey}&requestToken=${token}`)
  const location = res.headers.get('location') ?? ''
  const sessionId = location.split('/sandbox/authorize/')[1]
  if (res.status !== 302 || !sessionId) throw new Error(`user_authorization answered ${res.status} ${location}`)
  const users = await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(demoMerchant.id))
  const user = users.find((u) => u.username === username)!
  const approved = await sandboxCommands.authorizations.approveAuthorization(engine.ctx, { sessionId, testUserId: user.id })
  const responseToken = new URL(approved.redirectUrl).searchParams.get('responseToken')!
  const { payload } = await jwtVerify(responseToken, demoSecret(), { algorithms: ['HS256'] })
  return { userAuthorizationId: String(payload.userAuthorizationId), payload, testUserId: user.id, engine }
}
