import { Hono, type Context, type MiddlewareHandler } from 'hono'
import * as v from 'valibot'
import { ApiError, resultInfoOf, successInfo, type ErrorCode } from '@/domain/errors.ts'
import { opaCodeIds } from '@/domain/errors-sandbox.ts'
import {
  AccountLinkQrRequestSchema,
  AgreeSimilarTransactionQuerySchema,
  AuthorizationScopeSchema,
  CaptureRequestSchema,
  CashbackRequestSchema,
  CashbackReversalRequestSchema,
  CheckBalanceQuerySchema,
  CreatePaymentRequestSchema,
  CreateQrCodeRequestSchema,
  CreateRequestOrderRequestSchema,
  MerchantPaymentIdSimpleSchema,
  PreauthorizeRequestSchema,
  ReauthorizeRequestSchema,
  RefundDetailsQuerySchema,
  RefundRequestSchema,
  RequestTokenClaimsSchema,
  RevertRequestSchema,
  SandboxClockRequestSchema,
  UserAuthorizationQuerySchema,
  UserAuthorizationStatusQuerySchema,
} from '@/domain/opa-schemas.ts'
import { isSafeRedirectUrl } from '@/domain/merchant-urls.ts'
import type { AppDeps } from '../deps.ts'
import { readJson } from '../validate.ts'
import { opaAuth, requireProducts, type OpaEnv } from './auth.ts'
import { assertRedirectAllowed } from './redirect-allowlist.ts'
import { realSleep, sandboxDirectives } from './force.ts'
import { requestLogView, requestRecorder } from './request-log.ts'
import { clockView, moveMerchantClock } from './merchant-clock.ts'
import { serveSandboxState } from './sandbox-state-routes.ts'
import { requestLogRepo } from '../store/request-log-repo.ts'
import { requestLogQuerySchema } from '@/domain/sandbox-log.ts'
import { cancelDirectiveHeader, cancelDirectiveOf } from '@/domain/sandbox-force.ts'
import { sandboxRepo } from '../store/sandbox-repo.ts'
import { dashboardRepo } from '../store/dashboard-repo.ts'
import { putWebhookRequest, webhookAttemptReport, webhookDeliveryParams, webhookListQuery } from '@/domain/webhooks.ts'
import { webhookService } from './webhooks.ts'
import { cashbackReversalView, cashbackView, codeView, paymentView, refundView } from '../modules/sandbox/views.ts'

const success = successInfo()
const accepted = resultInfoOf('REQUEST_ACCEPTED')

type OpaCtx = Context<OpaEnv>
/** `redirect`: the code of a refused redirectUrl (spec §5: EXPECTATION_FAILED where the endpoint takes one). */
type ErrorCodes = { invalid: ErrorCode; missing: ErrorCode; currency: ErrorCode; codeId?: string; redirect?: ErrorCode }
const generic: ErrorCodes = { invalid: 'INVALID_PARAMS', missing: 'MISSING_REQUEST_PARAMS', currency: 'INVALID_REQUEST_PARAMS' }
const qrCodes: ErrorCodes = { invalid: 'DYNAMIC_QR_BAD_REQUEST', missing: 'DYNAMIC_QR_BAD_REQUEST', currency: 'DYNAMIC_QR_BAD_REQUEST' }
const qrCreateCodes: ErrorCodes = { ...qrCodes, redirect: 'EXPECTATION_FAILED' }
const linkCodes: ErrorCodes = { ...generic, redirect: 'EXPECTATION_FAILED' }
const refundCodes: ErrorCodes = { ...generic, codeId: opaCodeIds.refundInvalidParams }

/**
 * Validates input the way the provider answers: a missing field is MISSING_REQUEST_PARAMS, an unsupported
 * currency INVALID_REQUEST_PARAMS, anything else INVALID_PARAMS (QR endpoints: DYNAMIC_QR_BAD_REQUEST).
 * `data.issues` names the fields (a PayLab addition; the provider sends data null).
 */
function parseOpa<S extends v.GenericSchema>(schema: S, input: unknown, codes: ErrorCodes = generic): v.InferOutput<S> {
  const result = v.safeParse(schema, input)
  if (result.success) return result.output
  const issues = result.issues.map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message }))
  const first = result.issues[0]
  const path = first ? (v.getDotPath(first) ?? '') : ''
  const code =
    codes.redirect && path === 'redirectUrl' && first?.input !== undefined
      ? codes.redirect
      : input === undefined || (first?.input === undefined && path !== '')
      ? codes.missing
      : path.endsWith('currency')
        ? codes.currency
        : codes.invalid
  throw new ApiError(code, { data: { issues }, ...(code === 'INVALID_PARAMS' && codes.codeId ? { codeId: codes.codeId } : {}) })
}

const body = async <S extends v.GenericSchema>(c: OpaCtx, schema: S, codes?: ErrorCodes) => parseOpa(schema, await readJson(c), codes)
const param = <S extends v.GenericSchema>(c: OpaCtx, name: string, schema: S, codes?: ErrorCodes) => parseOpa(schema, c.req.param(name), codes)

const ok = (c: OpaCtx, data: unknown, status: 200 | 201 | 202 = 200, resultInfo = success) => c.json({ resultInfo, data }, status)

const orderOf = (input: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]))
const orderKeys = ['storeId', 'terminalId', 'orderReceiptNumber', 'orderDescription', 'orderItems', 'metadata', 'productType']

/**
 * The provider's Open Payment API, offline (issue 4; docs/sandbox.md). Every path, field, status and code as
 * published. Each route carries its own OPA-Auth middleware (a prefix-wide `use` would also catch the portal's
 * demo proxy under /v2/).
 */
export function sandboxRoutes(deps: AppDeps) {
  const app = new Hono<OpaEnv>()
  const engine = deps.sandbox
  const clocks = sandboxRepo(deps.store.db)
  /** Merchant clocks live in the store (issue 14): loaded at start, and again when a process first serves a merchant. */
  const loadClock = async (merchantId: string) => deps.clock.setOffset(merchantId, await clocks.clockOffset(merchantId))
  const verify = opaAuth(deps, engine.ready, async (merchantId) => {
    await loadClock(merchantId)
    await engine.ensureTestUsers(merchantId)
  })
  const directives = sandboxDirectives(realSleep)
  const recorder = requestRecorder(deps)
  /** The request log (issue 14): before OPA-Auth, so refused requests of a known key are logged for its owner. */
  const logged = recorder.record
  /** OPA-Auth, then the sandbox directives (forced errors, delays) of the verified merchant. */
  const auth: MiddlewareHandler<OpaEnv> = (c, next) => verify(c, async () => {
    await directives(c, next)
  })
  const origin = (c: OpaCtx) => deps.config.publicOrigin ?? new URL(c.req.url).origin
  const qr = requireProducts('qrcode', 'webcashier', 'appinvoke', 'preauth_capture')
  const native = requireProducts('autodebit')
  const preauth = requireProducts('preauth_capture')
  const anyProduct = requireProducts('qrcode', 'webcashier', 'appinvoke', 'autodebit', 'continuous_payments', 'preauth_capture', 'request_money')
  const linked = requireProducts('autodebit', 'continuous_payments', 'preauth_capture', 'request_money')
  const m = (c: OpaCtx) => c.get('opa').merchantId
  const agree = (c: OpaCtx) => parseOpa(AgreeSimilarTransactionQuerySchema, c.req.query()).agreeSimilarTransaction === 'true'

  // ── dynamic QR / web payment / app invoke ──────────────────────────────────────────────────────────────
  const createCode = async (c: OpaCtx) => {
    const input = await body(c, CreateQrCodeRequestSchema, qrCreateCodes)
    await assertRedirectAllowed(deps.store.db, m(c), input)
    const products = c.get('opa').products
    if (input.isAuthorization && products.length > 0 && !products.includes('preauth_capture')) throw new ApiError('PRE_AUTH_CAPTURE_UNSUPPORTED_MERCHANT')
    const row = await engine.createCode(m(c), {
      merchantPaymentId: input.merchantPaymentId,
      amount: input.amount.amount,
      isAuthorization: input.isAuthorization ?? false,
      authorizationExpiry: input.authorizationExpiry,
      requestedAt: input.requestedAt,
      order: orderOf(input, ['orderDescription', 'orderItems', 'storeInfo', 'storeId', 'terminalId', 'productType', 'redirectUrl', 'redirectType', 'userAgent', 'ipAddress']),
    })
    return ok(c, codeView(row, origin(c)), 201)
  }
  app.post('/v2/codes', logged, auth, qr, createCode)
  app.post('/v1/codes', logged, auth, qr, createCode)

  app.delete('/v2/codes/:codeId', logged, auth, qr, async (c) => {
    const codeId = param(c, 'codeId', v.pipe(v.string(), v.minLength(1), v.maxLength(64)), qrCodes)
    await engine.deleteCode(m(c), codeId)
    return ok(c, { qrStatus: 'DELETED' })
  })

  app.get('/v2/codes/payments/:merchantPaymentId', logged, auth, anyProduct, async (c) => {
    const id = param(c, 'merchantPaymentId', MerchantPaymentIdSimpleSchema, qrCodes)
    return ok(c, await engine.getCodePayment(m(c), id))
  })

  // ── native payment ─────────────────────────────────────────────────────────────────────────────────────
  const createPayment = async (c: OpaCtx) => {
    const input = await body(c, CreatePaymentRequestSchema)
    const row = await engine.createPayment(m(c), { ...input, amount: input.amount.amount, order: orderOf(input, orderKeys) }, agree(c))
    return ok(c, paymentView(row, await engine.refundsOf(row.paymentId), true), 201)
  }
  app.post('/v2/payments', logged, auth, native, createPayment)
  app.post('/v1/payments', logged, auth, native, createPayment)

  app.get('/v2/payments/:merchantPaymentId', logged, auth, anyProduct, async (c) => {
    const row = await engine.getPayment(m(c), param(c, 'merchantPaymentId', MerchantPaymentIdSimpleSchema))
    return ok(c, paymentView(row, await engine.refundsOf(row.paymentId), true))
  })

  app.delete('/v2/payments/:merchantPaymentId', logged, auth, anyProduct, async (c) => {
    await engine.cancelPayment(m(c), param(c, 'merchantPaymentId', MerchantPaymentIdSimpleSchema), cancelDirectiveOf(c.req.header(cancelDirectiveHeader)))
    return ok(c, null, 202, accepted)
  })

  app.post('/v2/refunds', logged, auth, anyProduct, async (c) => {
    const input = await body(c, RefundRequestSchema, refundCodes)
    const refund = await engine.refund(m(c), { ...input, amount: input.amount.amount })
    return ok(c, refundView(refund, 'CREATED'))
  })

  app.get('/v2/refunds/:merchantRefundId', logged, auth, anyProduct, async (c) => {
    const id = param(c, 'merchantRefundId', v.pipe(v.string(), v.minLength(1), v.maxLength(64)))
    const { paymentId } = parseOpa(RefundDetailsQuerySchema, c.req.query())
    return ok(c, refundView(await engine.getRefund(m(c), id, paymentId)))
  })

  app.get('/v2/wallet/check_balance', logged, auth, linked, async (c) => {
    const q = parseOpa(CheckBalanceQuerySchema, c.req.query())
    return ok(c, { hasEnoughBalance: await engine.hasEnoughBalance(m(c), q.userAuthorizationId, q.amount) })
  })

  // ── pre-authorisation and capture ──────────────────────────────────────────────────────────────────────
  app.post('/v2/payments/preauthorize', logged, auth, preauth, async (c) => {
    const input = await body(c, PreauthorizeRequestSchema)
    const row = await engine.preauthorize(m(c), { ...input, amount: input.amount.amount, expiresAt: input.expiresAt ?? undefined, order: orderOf(input, orderKeys) }, agree(c))
    return ok(c, paymentView(row, await engine.refundsOf(row.paymentId), true), 201)
  })

  app.post('/v2/payments/capture', logged, auth, preauth, async (c) => {
    const input = await body(c, CaptureRequestSchema)
    const result = await engine.capture(m(c), { ...input, amount: input.amount.amount })
    if (result.status === 202) {
      const info = new ApiError('USER_CONFIRMATION_REQUIRED').resultInfo()
      return c.json({ resultInfo: { ...info, message: `${info.message} | [${c.get('requestId')}]` }, data: null }, 202)
    }
    return ok(c, result.data)
  })

  app.post('/v2/payments/preauthorize/revert', logged, auth, preauth, async (c) => {
    const input = await body(c, RevertRequestSchema)
    return ok(c, await engine.revert(m(c), { ...input, reason: input.reason ?? undefined }))
  })

  app.post('/v2/payments/reauthorize', logged, auth, preauth, async (c) => {
    const input = await body(c, ReauthorizeRequestSchema)
    const result = await engine.reauthorize(m(c), origin(c), { ...input, amount: input.updatedAmount.amount })
    if (result.status === 201) {
      return ok(c, result.data, 201, {
        code: 'USER_CONFIRMATION_REQUIRED',
        message: 'User confirmation required as requested amount is above the original authorized amount',
        codeId: opaCodeIds.reauthorizeConfirmation,
      })
    }
    return ok(c, result.data)
  })

  // ── continuous payments ────────────────────────────────────────────────────────────────────────────────
  app.post('/v1/subscription/payments', logged, auth, requireProducts('continuous_payments'), async (c) => {
    const input = await body(c, CreatePaymentRequestSchema)
    const row = await engine.subscriptionPayment(m(c), { ...input, amount: input.amount.amount, order: orderOf(input, orderKeys) })
    return ok(c, paymentView(row, await engine.refundsOf(row.paymentId), true), 201)
  })

  // ── request money ──────────────────────────────────────────────────────────────────────────────────────
  const requestMoney = requireProducts('request_money')
  app.post('/v1/requestOrder', logged, auth, requestMoney, async (c) => {
    const input = await body(c, CreateRequestOrderRequestSchema)
    const row = await engine.createRequestOrder(m(c), { ...input, amount: input.amount.amount, order: orderOf(input, orderKeys) })
    return ok(c, paymentView(row, [], true), 201)
  })
  app.get('/v1/requestOrder/:merchantPaymentId', logged, auth, requestMoney, async (c) => {
    const row = await engine.getRequestOrder(m(c), param(c, 'merchantPaymentId', MerchantPaymentIdSimpleSchema), 400)
    return ok(c, paymentView(row, await engine.refundsOf(row.paymentId), true))
  })
  app.delete('/v1/requestOrder/:merchantPaymentId', logged, auth, requestMoney, async (c) => {
    await engine.cancelRequestOrder(m(c), param(c, 'merchantPaymentId', MerchantPaymentIdSimpleSchema))
    return ok(c, null)
  })

  // ── cashback ───────────────────────────────────────────────────────────────────────────────────────────
  const giveCashback = async (c: OpaCtx) => {
    const input = await body(c, CashbackRequestSchema)
    const { merchantCashbackId, userAuthorizationId, amount, requestedAt, ...rest } = input
    await engine.giveCashback(m(c), { merchantCashbackId, userAuthorizationId, amount: amount.amount, requestedAt, request: rest })
    return ok(c, null, 202, accepted)
  }
  app.post('/v2/cashback', logged, auth, giveCashback)
  app.post('/v1/cashback', logged, auth, giveCashback)
  app.get('/v2/cashback/:merchantCashbackId', logged, auth, async (c) => {
    return ok(c, cashbackView(await engine.getCashback(m(c), param(c, 'merchantCashbackId', v.pipe(v.string(), v.minLength(1), v.maxLength(64))))))
  })
  app.post('/v2/cashback_reversal', logged, auth, async (c) => {
    const input = await body(c, CashbackReversalRequestSchema)
    const { merchantCashbackReversalId, merchantCashbackId, amount, requestedAt, ...rest } = input
    await engine.reverseCashback(m(c), { merchantCashbackReversalId, merchantCashbackId, amount: amount.amount, requestedAt, request: rest })
    return ok(c, null, 202, accepted)
  })
  app.get('/v2/cashback_reversal/:merchantCashbackReversalId/:merchantCashbackId', logged, auth, async (c) => {
    const id = v.pipe(v.string(), v.minLength(1), v.maxLength(64))
    const row = await engine.getCashbackReversal(m(c), param(c, 'merchantCashbackReversalId', id), param(c, 'merchantCashbackId', id))
    return ok(c, cashbackReversalView(row))
  })

  // ── user authorization ─────────────────────────────────────────────────────────────────────────────────
  /** Browser flow: the merchant redirects the user here; we answer with the wallet's consent page. */
  app.get('/v2/user_authorization', async (c) => {
    const q = parseOpa(UserAuthorizationQuerySchema, c.req.query())
    await engine.ready()
    const { merchantId, payload } = await engine.verifyRequestToken(q.apiKey, q.requestToken)
    const claims = parseOpa(RequestTokenClaimsSchema, payload)
    const scopes = claims.scope.split(/[\s,]+/).filter(Boolean)
    if (!scopes.every((s) => v.is(AuthorizationScopeSchema, s)) || !isSafeRedirectUrl(claims.redirectUrl)) throw new ApiError('EXPECTATION_FAILED')
    await assertRedirectAllowed(deps.store.db, merchantId, { redirectUrl: claims.redirectUrl })
    await engine.ensureTestUsers(merchantId)
    const session = await engine.startAuthorizationSession(merchantId, q.apiKey, 'WEB', {
      scopes,
      nonce: claims.nonce,
      redirectUrl: claims.redirectUrl,
      referenceId: claims.referenceId,
      deviceId: claims.deviceId,
    })
    return c.redirect(`${origin(c)}/sandbox/authorize/${session.sessionId}`, 302)
  })

  app.post('/v1/qr/sessions', logged, auth, linked, async (c) => {
    const input = await body(c, AccountLinkQrRequestSchema, linkCodes)
    if (!isSafeRedirectUrl(input.redirectUrl, input.redirectType ?? 'WEB_LINK')) throw new ApiError('EXPECTATION_FAILED')
    await assertRedirectAllowed(deps.store.db, m(c), input)
    const session = await engine.startAuthorizationSession(m(c), c.get('opa').apiKey, 'QR', input)
    return ok(c, { linkQRCodeURL: `${origin(c)}/sandbox/authorize/${session.sessionId}` }, 201)
  })

  app.get('/v2/user/authorizations', logged, auth, linked, async (c) => {
    const q = parseOpa(UserAuthorizationStatusQuerySchema, c.req.query())
    return ok(c, await engine.getUserAuthorization(m(c), q.userAuthorizationId))
  })

  app.get('/v2/user/profile/secure', logged, auth, linked, async (c) => {
    const q = parseOpa(UserAuthorizationStatusQuerySchema, c.req.query())
    return ok(c, await engine.getSecureProfile(m(c), q.userAuthorizationId))
  })

  app.delete('/v2/user/authorizations/:userAuthorizationId', logged, auth, linked, async (c) => {
    await engine.unlinkUser(m(c), param(c, 'userAuthorizationId', v.pipe(v.string(), v.minLength(1), v.maxLength(64))))
    return ok(c, null)
  })

  // ── sandbox only: the calling merchant's clock ─────────────────────────────────────────────────────────
  app.get('/sandbox/api/clock', logged, auth, (c) => ok(c, clockView(deps, m(c))))
  app.post('/sandbox/api/clock', logged, auth, async (c) => ok(c, await moveMerchantClock(deps, m(c), await body(c, SandboxClockRequestSchema))))

  // ── sandbox only: reset, snapshots and seed files of the calling merchant (docs/sandbox-state.md) ─────────
  serveSandboxState(app, deps, '/sandbox/api', [logged, auth], m, (c, data, status) => ok(c, data, status))

  // ── sandbox only: the calling merchant's request log (its own entries only) ──────────────────────────────
  app.get('/sandbox/api/requests', auth, async (c) => {
    const query = parseOpa(requestLogQuerySchema, c.req.query())
    await recorder.settled()
    const rows = await requestLogRepo(deps.store.db).list(m(c), query)
    return ok(c, { merchantId: m(c), requests: rows.map(requestLogView) })
  })

  // ── sandbox only: the calling merchant's webhooks (docs/webhooks.md) ─────────────────────────────────────
  const webhooks = webhookService(deps)
  const deliveryOf = (c: OpaCtx) => parseOpa(webhookDeliveryParams, c.req.param()).deliveryId
  const found = <T>(value: T | undefined) => {
    if (!value) throw new ApiError('SANDBOX_WEBHOOK_NOT_FOUND')
    return value
  }
  app.put('/sandbox/api/webhooks', logged, auth, async (c) => {
    const { url } = await body(c, putWebhookRequest)
    const saved = await dashboardRepo(deps.store.db).saveSettings(m(c), { webhookUrl: url || null }, deps.clock.now())
    await webhooks.urlChanged(m(c))
    return ok(c, { merchantId: m(c), url: saved.webhookUrl })
  })
  // the forwarder polls these two: not written to the request log (it would push the merchant's own calls out)
  app.get('/sandbox/api/webhooks', auth, async (c) => ok(c, await webhooks.list(m(c), parseOpa(webhookListQuery, c.req.query()))))
  app.post('/sandbox/api/webhooks/:deliveryId/attempts', auth, async (c) => {
    const id = deliveryOf(c)
    return ok(c, found(await webhooks.report(m(c), id, await body(c, webhookAttemptReport))))
  })
  app.post('/sandbox/api/webhooks/:deliveryId/resend', logged, auth, async (c) => ok(c, found(await webhooks.resend(m(c), deliveryOf(c)))))

  return app
}
