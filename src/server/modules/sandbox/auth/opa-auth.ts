import type { MiddlewareHandler } from 'hono'
import { LRUCache } from 'lru-cache'
import { ApiError } from '@/domain/errors.ts'
import { limits } from '@/domain/limits.ts'
import { parseOpaAuthHeader, verifyOpaRequest, type OpaAuthHeader } from '@/domain/opa-auth.ts'
import { opaExpectation, type OpaFailureExplanation, type OpaFailureReason } from '@/domain/sandbox-log.ts'
import { grantsAnyProduct, type ProductModel } from '@/domain/products.ts'
import type { AppDeps } from '../../../deps.ts'
import { merchantRepo } from '../../../store/merchant-repo.ts'
import { sandboxRepo } from '../../../store/sandbox-repo.ts'
import { admitSignedRequest, type Admission } from '../../../store/opa-admission.ts'
import { syncMerchantClock } from '../state/merchant-clock.ts'
import { nodeOpaCrypto } from './opa-crypto.ts'

/** Who a verified OPA request acts for. */
export interface OpaCaller {
  apiKey: string
  merchantId: string
  /** Product models of the merchant (its scopes); an empty list grants every product (see docs/sandbox.md). */
  products: string[]
  /** A stored "force the next error" directive is pending (issue 23; read by OPA-Auth's one statement). */
  forceNext?: boolean
}

/** A request OPA-Auth refused for a known key: whose key, and why (signature debugger, shown to that merchant only). */
export interface OpaRefusal {
  merchantId: string
  apiKey: string
  explanation: OpaFailureExplanation
}

export type OpaEnv = { Variables: { requestId: string; opa: OpaCaller; opaRefused: OpaRefusal | undefined } }

/**
 * OPA-Auth verification (spec §7; docs/sandbox.md): signature over the path without query, epoch within
 * ±120 s of server time, a nonce not reusable inside that window (database primary key, so it holds across
 * processes), and the merchant from `assumeMerchant` (query) over `X-ASSUME-MERCHANT` (header), which must be
 * a merchant the key may act for. Every failure is 401 UNAUTHORIZED; acting for another merchant is 401
 * OP_OUT_OF_SCOPE. `ready()` (the demo-merchant seed; the first call starts it) is awaited before any key lookup; `beforeFirstUse` runs once
 * per merchant per process (lazy test-user seeding).
 */
export function opaAuth(
  deps: AppDeps,
  ready: () => Promise<void>,
  beforeFirstUse: (merchantId: string) => Promise<void>,
  /** The path as the client signed it (the portal's demo API signs its own path, spec §7). */
  signedPathOf: (path: string) => string = (path) => path,
): MiddlewareHandler<OpaEnv> {
  const window = limits.sandbox.authEpochWindowMs
  const seen = new Set<string>()
  const merchants = merchantRepo(deps.store.db)
  const nonces = sandboxRepo(deps.store.db)
  /**
   * What this process remembers of a key (issue 22): its secret (fixed for the key's life: a rotation issues a
   * new key) and when it last recorded the key's use. Never trusted alone: on PostgreSQL every accepted request
   * re-reads the key's state in the statement that stores its nonce (`admitSignedRequest`), so a revoked key, a
   * product change or a key removed by a reset is seen at once by every process; on PGlite (one process) the
   * admission keeps the key's state in memory and drops it when a trigger reports a committed change
   * (`opa-admission-memory.ts`).
   */
  const keys = new LRUCache<string, { apiSecret: string; touchedAtMs: number }>({ max: 10_000 })
  let lastCleanupMs = 0
  /** Old nonces go in the background, at most once a window per process (never on a request's path). */
  const forgetOldNonces = (nowMs: number) => {
    if (nowMs - lastCleanupMs <= window) return
    lastCleanupMs = nowMs
    nonces.forgetNoncesBefore(nowMs - 2 * window).catch((error: unknown) => deps.log.warn('nonce cleanup failed', { error: String(error) }))
  }
  return async (c, next) => {
    const header = parseOpaAuthHeader(c.req.header('authorization'))
    if (!header) throw new ApiError('UNAUTHORIZED')
    await ready()
    // a GET or HEAD has no body: reading it would build the whole Request object for nothing (issue 22)
    const body = c.req.method === 'GET' || c.req.method === 'HEAD' ? '' : await c.req.text()
    // the caller signs with its own clock: real time even when the sandbox's clocks are frozen (SANDBOX_SEED)
    const nowMs = deps.clock.wallMs()
    const path = signedPathOf(c.req.path)
    const contentType = c.req.header('content-type')
    /** Remembers why, for the key's owner (the request log's debugger), then answers 401 as before. */
    const refuse = (
      merchantId: string,
      reason: OpaFailureReason,
      code: 'UNAUTHORIZED' | 'OP_OUT_OF_SCOPE' = 'UNAUTHORIZED',
      extra: Partial<OpaFailureExplanation> = {},
    ) => {
      deps.log.info('opa-auth refused', { requestId: c.get('requestId'), reason })
      c.set('opaRefused', { merchantId, apiKey: header.apiKey, explanation: explain(header, reason, extra) })
      return new ApiError(code)
    }
    const explain = (h: OpaAuthHeader, reason: OpaFailureReason, extra: Partial<OpaFailureExplanation>): OpaFailureExplanation => ({
      reason,
      receivedHeader: c.req.header('authorization') ?? '',
      ...opaExpectation(nodeOpaCrypto, { header: h, method: c.req.method, path, contentType, body, nowMs }),
      allowedSkewMs: window,
      ...extra,
    })
    const verify = (apiSecret: string) =>
      verifyOpaRequest(nodeOpaCrypto, { header, apiSecret, method: c.req.method, path, contentType, body, nowMs, windowMs: window })

    // The usual case: a key this process knows, a good signature — one statement (key state + nonce).
    const known = keys.get(header.apiKey)
    let admitted: Admission | undefined
    if (known && verify(known.apiSecret).ok) {
      const touchAt = nowMs - known.touchedAtMs >= 60_000 ? deps.clock.now() : undefined
      admitted = await admitSignedRequest(deps.store, { apiKey: header.apiKey, nonce: header.nonce, nowMs, touchAt })
      if (admitted && admitted.apiSecret !== known.apiSecret) admitted = undefined
      else if (admitted && touchAt) known.touchedAtMs = nowMs
    }
    // Otherwise (first use here, a refusal, a key revoked since): the key is looked up and checked step by step,
    // so that every refusal is explained as before.
    if (!admitted) {
      keys.delete(header.apiKey)
      const found = await merchants.findActiveCredential(header.apiKey)
      if (!found) {
        const owner = await merchants.findCredentialOwner(header.apiKey)
        if (owner) throw refuse(owner, 'UNKNOWN_KEY')
        throw new ApiError('UNAUTHORIZED')
      }
      const verdict = verify(found.credential.apiSecret)
      if (!verdict.ok) throw refuse(found.merchant.id, verdict.reason === 'MALFORMED' ? 'BAD_SIGNATURE' : verdict.reason)
      admitted = await admitSignedRequest(deps.store, { apiKey: header.apiKey, nonce: header.nonce, nowMs, touchAt: deps.clock.now() })
      // revoked between the two statements: refused as an unknown key of its owner
      if (!admitted) throw refuse(found.merchant.id, 'UNKNOWN_KEY')
      keys.set(header.apiKey, { apiSecret: admitted.apiSecret, touchedAtMs: nowMs })
    }
    const merchantId = admitted.merchantId
    // a clock moved by another process is this process's clock from this request on
    syncMerchantClock(deps.clock, merchantId, admitted.clock)
    if (!admitted.fresh) throw refuse(merchantId, 'NONCE_REUSED')
    forgetOldNonces(nowMs)
    const assumed = c.req.query('assumeMerchant') || c.req.header('x-assume-merchant') || merchantId
    if (assumed !== merchantId) throw refuse(merchantId, 'ASSUMED_MERCHANT', 'OP_OUT_OF_SCOPE', { assumedMerchant: assumed.slice(0, 64) })
    if (!seen.has(assumed)) {
      await beforeFirstUse(assumed)
      seen.add(assumed)
    }
    c.set('opa', { apiKey: header.apiKey, merchantId: assumed, products: admitted.products, forceNext: admitted.forceNext })
    await next()
  }
}

/** 401 OP_OUT_OF_SCOPE unless the merchant has one of the products (spec §3 product models). */
export function requireProducts(...models: ProductModel[]): MiddlewareHandler<OpaEnv> {
  return async (c, next) => {
    const { products } = c.get('opa')
    if (!grantsAnyProduct(products, ...models)) throw new ApiError('OP_OUT_OF_SCOPE')
    await next()
  }
}
