import { Hono, type Context, type MiddlewareHandler } from 'hono'
import * as v from 'valibot'
import { ApiError, resultInfoOf, successInfo } from '@/domain/errors.ts'
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
import type { AppDeps } from '../../deps.ts'
import { opaInvalid, opaJson, opaParams, opaQuery, linkCodes, qrCodes, qrCreateCodes, refundCodes } from './opa-input.ts'
import { opaAuth, requireProducts, type OpaEnv } from '../../sandbox/auth.ts'
import { assertRedirectAllowed } from '../../sandbox/redirect-allowlist.ts'
import { realSleep, sandboxDirectives } from '../../sandbox/force.ts'
import { requestLogView, requestRecorder } from '../../sandbox/request-log.ts'
import { clockView, moveMerchantClock } from '../../sandbox/merchant-clock.ts'
import { serveSandboxState } from './state-routes.ts'
import { serveCommands } from '../commands/routes.ts'
import { requestLogRepo } from '../../store/request-log-repo.ts'
import { requestLogQuerySchema } from '@/domain/sandbox-log.ts'
import { cancelDirectiveHeader, cancelDirectiveOf } from '@/domain/sandbox-force.ts'
import { sandboxRepo } from '../../store/sandbox-repo.ts'
import { dashboardRepo } from '../../store/dashboard-repo.ts'
import { putWebhookRequest, webhookAttemptReport, webhookDeliveryParams, webhookListQuery } from '@/domain/webhooks.ts'
import { webhookService } from '../../sandbox/webhooks.ts'
import type { SandboxEngine } from './engine/index.ts'
import { cashbackReversalView, cashbackView, codeView, paymentView, refundView } from './views.ts'

const success = successInfo()
const accepted = resultInfoOf('REQUEST_ACCEPTED')

type OpaCtx = Context<OpaEnv>

const ok = (c: OpaCtx, data: unknown, status: 200 | 201 | 202 = 200, resultInfo = success) => c.json({ resultInfo, data }, status)

const orderOf = (input: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]))
const orderKeys = ['storeId', 'terminalId', 'orderReceiptNumber', 'orderDescription', 'orderItems', 'metadata', 'productType']
const idParam = v.pipe(v.string(), v.minLength(1), v.maxLength(64))
const agreeOf = (q: { agreeSimilarTransaction?: string }) => q.agreeSimilarTransaction === 'true'

/**
 * The provider's Open Payment API, offline (issue 4; docs/sandbox.md). Every path, field, status and code as
 * published. Each route carries its own OPA-Auth middleware (a prefix-wide `use` would also catch the portal's
 * demo proxy under /v2/).
 */
export function opaRoutes(deps: AppDeps, engine: SandboxEngine = deps.sandbox) {
  const router = () => new Hono<OpaEnv>()
  /** One router per URL prefix, paths relative to it (the prefixes are listed in sandbox/index.ts). */
  const v1 = { codes: router(), payments: router(), subscription: router(), requestOrder: router(), cashback: router(), qr: router() }
  const v2 = {
    codes: router(),
    payments: router(),
    refunds: router(),
    wallet: router(),
    cashback: router(),
    cashbackReversal: router(),
    userAuthorization: router(),
    user: router(),
  }
  /** `/sandbox/api`: the sandbox's own calls (clock, state, request log, webhooks), OPA-signed like the API. */
  const api = router()
  // a bare JSON answer without auth (the benchmark's ceiling)
  api.get('/ping', (c) => c.json({ resultInfo: successInfo(), data: { pong: true } }))
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
  const auth: MiddlewareHandler<OpaEnv> = (c, next) =>
    verify(c, async () => {
      await directives(c, next)
    })
  const origin = (c: OpaCtx) => deps.config.publicOrigin ?? new URL(c.req.url).origin
  const qr = requireProducts('qrcode', 'webcashier', 'appinvoke', 'preauth_capture')
  const native = requireProducts('autodebit')
  const preauth = requireProducts('preauth_capture')
  const anyProduct = requireProducts('qrcode', 'webcashier', 'appinvoke', 'autodebit', 'continuous_payments', 'preauth_capture', 'request_money')
  const linked = requireProducts('autodebit', 'continuous_payments', 'preauth_capture', 'request_money')
  const m = (c: OpaCtx) => c.get('opa').merchantId
  const paymentIdParams = v.object({ merchantPaymentId: MerchantPaymentIdSimpleSchema })
  const agree = opaQuery(AgreeSimilarTransactionQuerySchema)

  // ── dynamic QR / web payment / app invoke ──────────────────────────────────────────────────────────────
  for (const codes of [v2.codes, v1.codes])
    codes.post('/', logged, auth, qr, opaJson(CreateQrCodeRequestSchema, qrCreateCodes), async (c) => {
      const input = c.req.valid('json')
      await assertRedirectAllowed(deps.store.db, m(c), input)
      const products = c.get('opa').products
      if (input.isAuthorization && products.length > 0 && !products.includes('preauth_capture')) throw new ApiError('PRE_AUTH_CAPTURE_UNSUPPORTED_MERCHANT')
      const row = await engine.createCode(m(c), {
        merchantPaymentId: input.merchantPaymentId,
        amount: input.amount.amount,
        isAuthorization: input.isAuthorization ?? false,
        authorizationExpiry: input.authorizationExpiry,
        requestedAt: input.requestedAt,
        order: orderOf(input, [
          'orderDescription',
          'orderItems',
          'storeInfo',
          'storeId',
          'terminalId',
          'productType',
          'redirectUrl',
          'redirectType',
          'userAgent',
          'ipAddress',
        ]),
      })
      return ok(c, codeView(row, origin(c)), 201)
    })

  v2.codes.delete('/:codeId', logged, auth, qr, opaParams(v.object({ codeId: idParam }), qrCodes), async (c) => {
    const { codeId } = c.req.valid('param')
    await engine.deleteCode(m(c), codeId)
    return ok(c, { qrStatus: 'DELETED' })
  })

  v2.codes.get('/payments/:merchantPaymentId', logged, auth, anyProduct, opaParams(paymentIdParams, qrCodes), async (c) => {
    return ok(c, await engine.getCodePayment(m(c), c.req.valid('param').merchantPaymentId))
  })

  // ── native payment ─────────────────────────────────────────────────────────────────────────────────────
  for (const payments of [v2.payments, v1.payments])
    payments.post('/', logged, auth, native, opaJson(CreatePaymentRequestSchema), agree, async (c) => {
      const input = c.req.valid('json')
      const row = await engine.createPayment(m(c), { ...input, amount: input.amount.amount, order: orderOf(input, orderKeys) }, agreeOf(c.req.valid('query')))
      return ok(c, paymentView(row, await engine.refundsOf(row.paymentId), true), 201)
    })

  v2.payments.get('/:merchantPaymentId', logged, auth, anyProduct, opaParams(paymentIdParams), async (c) => {
    const row = await engine.getPayment(m(c), c.req.valid('param').merchantPaymentId)
    return ok(c, paymentView(row, await engine.refundsOf(row.paymentId), true))
  })

  v2.payments.delete('/:merchantPaymentId', logged, auth, anyProduct, opaParams(paymentIdParams), async (c) => {
    await engine.cancelPayment(m(c), c.req.valid('param').merchantPaymentId, cancelDirectiveOf(c.req.header(cancelDirectiveHeader)))
    return ok(c, null, 202, accepted)
  })

  v2.refunds.post('/', logged, auth, anyProduct, opaJson(RefundRequestSchema, refundCodes), async (c) => {
    const input = c.req.valid('json')
    const refund = await engine.refund(m(c), { ...input, amount: input.amount.amount })
    return ok(c, refundView(refund, 'CREATED'))
  })

  v2.refunds.get(
    '/:merchantRefundId',
    logged,
    auth,
    anyProduct,
    opaParams(v.object({ merchantRefundId: idParam })),
    opaQuery(RefundDetailsQuerySchema),
    async (c) => {
      const { paymentId } = c.req.valid('query')
      return ok(c, refundView(await engine.getRefund(m(c), c.req.valid('param').merchantRefundId, paymentId)))
    },
  )

  v2.wallet.get('/check_balance', logged, auth, linked, opaQuery(CheckBalanceQuerySchema), async (c) => {
    const q = c.req.valid('query')
    return ok(c, { hasEnoughBalance: await engine.hasEnoughBalance(m(c), q.userAuthorizationId, q.amount) })
  })

  // ── pre-authorisation and capture ──────────────────────────────────────────────────────────────────────
  v2.payments.post('/preauthorize', logged, auth, preauth, opaJson(PreauthorizeRequestSchema), agree, async (c) => {
    const input = c.req.valid('json')
    const row = await engine.preauthorize(
      m(c),
      { ...input, amount: input.amount.amount, expiresAt: input.expiresAt ?? undefined, order: orderOf(input, orderKeys) },
      agreeOf(c.req.valid('query')),
    )
    return ok(c, paymentView(row, await engine.refundsOf(row.paymentId), true), 201)
  })

  v2.payments.post('/capture', logged, auth, preauth, opaJson(CaptureRequestSchema), async (c) => {
    const input = c.req.valid('json')
    const result = await engine.capture(m(c), { ...input, amount: input.amount.amount })
    if (result.status === 202) {
      const info = new ApiError('USER_CONFIRMATION_REQUIRED').resultInfo()
      return c.json({ resultInfo: { ...info, message: `${info.message} | [${c.get('requestId')}]` }, data: null }, 202)
    }
    return ok(c, result.data)
  })

  v2.payments.post('/preauthorize/revert', logged, auth, preauth, opaJson(RevertRequestSchema), async (c) => {
    const input = c.req.valid('json')
    return ok(c, await engine.revert(m(c), { ...input, reason: input.reason ?? undefined }))
  })

  v2.payments.post('/reauthorize', logged, auth, preauth, opaJson(ReauthorizeRequestSchema), async (c) => {
    const input = c.req.valid('json')
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
  v1.subscription.post('/payments', logged, auth, requireProducts('continuous_payments'), opaJson(CreatePaymentRequestSchema), async (c) => {
    const input = c.req.valid('json')
    const row = await engine.subscriptionPayment(m(c), { ...input, amount: input.amount.amount, order: orderOf(input, orderKeys) })
    return ok(c, paymentView(row, await engine.refundsOf(row.paymentId), true), 201)
  })

  // ── request money ──────────────────────────────────────────────────────────────────────────────────────
  const requestMoney = requireProducts('request_money')
  v1.requestOrder.post('/', logged, auth, requestMoney, opaJson(CreateRequestOrderRequestSchema), async (c) => {
    const input = c.req.valid('json')
    const row = await engine.createRequestOrder(m(c), { ...input, amount: input.amount.amount, order: orderOf(input, orderKeys) })
    return ok(c, paymentView(row, [], true), 201)
  })
  v1.requestOrder.get('/:merchantPaymentId', logged, auth, requestMoney, opaParams(paymentIdParams), async (c) => {
    const row = await engine.getRequestOrder(m(c), c.req.valid('param').merchantPaymentId, 400)
    return ok(c, paymentView(row, await engine.refundsOf(row.paymentId), true))
  })
  v1.requestOrder.delete('/:merchantPaymentId', logged, auth, requestMoney, opaParams(paymentIdParams), async (c) => {
    await engine.cancelRequestOrder(m(c), c.req.valid('param').merchantPaymentId)
    return ok(c, null)
  })

  // ── cashback ───────────────────────────────────────────────────────────────────────────────────────────
  for (const cashback of [v2.cashback, v1.cashback])
    cashback.post('/', logged, auth, opaJson(CashbackRequestSchema), async (c) => {
      const input = c.req.valid('json')
      const { merchantCashbackId, userAuthorizationId, amount, requestedAt, ...rest } = input
      await engine.giveCashback(m(c), { merchantCashbackId, userAuthorizationId, amount: amount.amount, requestedAt, request: rest })
      return ok(c, null, 202, accepted)
    })
  v2.cashback.get('/:merchantCashbackId', logged, auth, opaParams(v.object({ merchantCashbackId: idParam })), async (c) => {
    return ok(c, cashbackView(await engine.getCashback(m(c), c.req.valid('param').merchantCashbackId)))
  })
  v2.cashbackReversal.post('/', logged, auth, opaJson(CashbackReversalRequestSchema), async (c) => {
    const input = c.req.valid('json')
    const { merchantCashbackReversalId, merchantCashbackId, amount, requestedAt, ...rest } = input
    await engine.reverseCashback(m(c), { merchantCashbackReversalId, merchantCashbackId, amount: amount.amount, requestedAt, request: rest })
    return ok(c, null, 202, accepted)
  })
  v2.cashbackReversal.get(
    '/:merchantCashbackReversalId/:merchantCashbackId',
    logged,
    auth,
    opaParams(v.object({ merchantCashbackReversalId: idParam, merchantCashbackId: idParam })),
    async (c) => {
      const { merchantCashbackReversalId, merchantCashbackId } = c.req.valid('param')
      const row = await engine.getCashbackReversal(m(c), merchantCashbackReversalId, merchantCashbackId)
      return ok(c, cashbackReversalView(row))
    },
  )

  // ── user authorization ─────────────────────────────────────────────────────────────────────────────────
  /** Browser flow: the merchant redirects the user here; we answer with the wallet's consent page. */
  v2.userAuthorization.get('/', opaQuery(UserAuthorizationQuerySchema), async (c) => {
    const q = c.req.valid('query')
    await engine.ready()
    const { merchantId, payload } = await engine.verifyRequestToken(q.apiKey, q.requestToken)
    const parsed = v.safeParse(RequestTokenClaimsSchema, payload)
    // the signed token's claims: checked like the input it carries
    if (!parsed.success) return opaInvalid()(parsed.issues, c)
    const claims = parsed.output
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

  v1.qr.post('/sessions', logged, auth, linked, opaJson(AccountLinkQrRequestSchema, linkCodes), async (c) => {
    const input = c.req.valid('json')
    if (!isSafeRedirectUrl(input.redirectUrl, input.redirectType ?? 'WEB_LINK')) throw new ApiError('EXPECTATION_FAILED')
    await assertRedirectAllowed(deps.store.db, m(c), input)
    const session = await engine.startAuthorizationSession(m(c), c.get('opa').apiKey, 'QR', input)
    return ok(c, { linkQRCodeURL: `${origin(c)}/sandbox/authorize/${session.sessionId}` }, 201)
  })

  v2.user.get('/authorizations', logged, auth, linked, opaQuery(UserAuthorizationStatusQuerySchema), async (c) => {
    const q = c.req.valid('query')
    return ok(c, await engine.getUserAuthorization(m(c), q.userAuthorizationId))
  })

  v2.user.get('/profile/secure', logged, auth, linked, opaQuery(UserAuthorizationStatusQuerySchema), async (c) => {
    const q = c.req.valid('query')
    return ok(c, await engine.getSecureProfile(m(c), q.userAuthorizationId))
  })

  v2.user.delete('/authorizations/:userAuthorizationId', logged, auth, linked, opaParams(v.object({ userAuthorizationId: idParam })), async (c) => {
    await engine.unlinkUser(m(c), c.req.valid('param').userAuthorizationId)
    return ok(c, null)
  })

  // ── sandbox only: the calling merchant's clock ─────────────────────────────────────────────────────────
  api.get('/clock', logged, auth, (c) => ok(c, clockView(deps, m(c))))
  api.post('/clock', logged, auth, opaJson(SandboxClockRequestSchema), async (c) => ok(c, await moveMerchantClock(deps, m(c), c.req.valid('json'))))

  // ── sandbox only: reset, snapshots and seed files of the calling merchant (docs/sandbox-state.md) ─────────
  serveSandboxState(api, deps, '', [logged, auth], m, (c, data, status) => ok(c, data, status))

  // ── sandbox only: the calling merchant's request log (its own entries only) ──────────────────────────────
  api.get('/requests', auth, opaQuery(requestLogQuerySchema), async (c) => {
    const query = c.req.valid('query')
    await recorder.settled()
    const rows = await requestLogRepo(deps.store.db).list(m(c), query)
    return ok(c, { merchantId: m(c), requests: rows.map(requestLogView) })
  })

  // ── sandbox only: the calling merchant's webhooks (docs/webhooks.md) ─────────────────────────────────────
  const webhooks = webhookService(deps)
  const delivery = opaParams(webhookDeliveryParams)
  const found = <T>(value: T | undefined) => {
    if (!value) throw new ApiError('SANDBOX_WEBHOOK_NOT_FOUND')
    return value
  }
  api.put('/webhooks', logged, auth, opaJson(putWebhookRequest), async (c) => {
    const { url } = c.req.valid('json')
    const saved = await dashboardRepo(deps.store.db).saveSettings(m(c), { webhookUrl: url || null }, deps.clock.now())
    await webhooks.urlChanged(m(c))
    return ok(c, { merchantId: m(c), url: saved.webhookUrl })
  })
  // the forwarder polls these three: not written to the request log (it would push the merchant's own calls out)
  api.get('/webhooks', auth, opaQuery(webhookListQuery), async (c) => ok(c, await webhooks.list(m(c), c.req.valid('query'))))
  api.post('/webhooks/:deliveryId/claim', auth, delivery, async (c) => ok(c, found(await webhooks.claim(m(c), c.req.valid('param').deliveryId))))
  api.post('/webhooks/:deliveryId/attempts', auth, delivery, opaJson(webhookAttemptReport), async (c) => {
    return ok(c, found(await webhooks.report(m(c), c.req.valid('param').deliveryId, c.req.valid('json'))))
  })
  api.post('/webhooks/:deliveryId/resend', logged, auth, delivery, async (c) => ok(c, found(await webhooks.resend(m(c), c.req.valid('param').deliveryId))))

  // ── sandbox only: the commands of the paylab command line (issue 23; docs: coding agents and scripts) ──────
  serveCommands(api, deps, [auth], m, origin)

  return { v1, v2, api }
}
