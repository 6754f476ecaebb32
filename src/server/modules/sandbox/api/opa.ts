import { Hono } from 'hono'
import * as v from 'valibot'
import { ApiError, resultInfoOf } from '@/domain/errors.ts'
import { opaCodeIds } from '@/domain/errors-sandbox.ts'
import * as opaResponses from '@/domain/opa-response-schemas.ts'
import {
  AgreeSimilarTransactionQuerySchema,
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
  RevertRequestSchema,
} from '@/domain/opa-schemas.ts'
import { linkOrigin } from '../../../config.ts'
import type { AppDeps } from '../../../deps.ts'
import { describe, type OperationDoc } from '../../../http/openapi.ts'
import { opaJson, opaParams, opaQuery, qrCodes, qrCreateCodes, refundCodes } from './opa-input.ts'
import { requireProducts, type OpaEnv } from '../auth/opa-auth.ts'
import { cancelDirectiveHeader, cancelDirectiveOf } from '@/domain/sandbox-force.ts'
import { sandboxCommands, type SandboxEngine } from '../engine/index.ts'
import { ok, type OpaCtx, type OpaGuards } from './opa-guards.ts'
import { userAuthorizationRoutes } from './opa-users.ts'
import { cashbackReversalView, cashbackView, codeView, paymentView, refundView } from '../engine/views.ts'

const accepted = resultInfoOf('REQUEST_ACCEPTED')

const idParam = v.pipe(v.string(), v.minLength(1), v.maxLength(64))
const agreeOf = (q: { agreeSimilarTransaction?: string }) => q.agreeSimilarTransaction === 'true'

/** An operation of the published API in `/openapi.json`: OPA-signed, its request parts from the route's validators. */
const published = (op: Omit<OperationDoc, 'tag' | 'security'>) => describe({ tag: 'Open Payment API', security: 'opaAuth', ...op })
/** The provider's `v1` spelling of a `v2` operation: the same description without the published API name. */
const alias = (v2: boolean, op: Omit<OperationDoc, 'tag' | 'security'>) => published(v2 ? op : { ...op, apiName: undefined })

/**
 * The provider's Open Payment API, offline (issue 4; docs/sandbox.md). Every path, field, status and code as
 * published. Each route carries its own OPA-Auth middleware (a prefix-wide `use` would also catch the portal's
 * demo proxy under /v2/).
 */
export function opaRoutes(deps: AppDeps, guards: OpaGuards, engine: SandboxEngine = deps.sandbox) {
  const { logged, auth, merchantOf: m } = guards
  /** The commands the routes call with the validated body (engine/*.ts), acting for the verified merchant. */
  const run = sandboxCommands
  const at = (c: OpaCtx) => engine.forMerchant(m(c), c.get('opa').products)
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
  const origin = (c: OpaCtx) => linkOrigin(deps.config, c.req.url)
  const qr = requireProducts('qrcode', 'webcashier', 'appinvoke', 'preauth_capture')
  const native = requireProducts('autodebit')
  const preauth = requireProducts('preauth_capture')
  const anyProduct = requireProducts('qrcode', 'webcashier', 'appinvoke', 'autodebit', 'continuous_payments', 'preauth_capture', 'request_money')
  const linked = requireProducts('autodebit', 'continuous_payments', 'preauth_capture', 'request_money')
  const paymentIdParams = v.object({ merchantPaymentId: MerchantPaymentIdSimpleSchema })
  const agree = opaQuery(AgreeSimilarTransactionQuerySchema)

  // ── dynamic QR / web payment / app invoke ──────────────────────────────────────────────────────────────
  for (const codes of [v2.codes, v1.codes])
    codes.post(
      '/',
      alias(codes === v2.codes, {
        summary: 'Create a QR code (dynamic QR, web payment, app invoke)',
        rawResponse: opaResponses.QrCodeResponseSchema,
        apiName: 'v2_createDynamicQRCode',
        status: 201,
      }),
      logged,
      auth,
      qr,
      opaJson(CreateQrCodeRequestSchema, qrCreateCodes),
      async (c) => {
        const row = await run.codes.createCode(at(c), c.req.valid('json'))
        return ok(c, codeView(row, origin(c)), 201)
      },
    )

  v2.codes.delete(
    '/:codeId',
    published({ summary: 'Delete a QR code', rawResponse: opaResponses.QrDeleteResponseSchema, apiName: 'v2_deleteDynamicQRCode' }),
    logged,
    auth,
    qr,
    opaParams(v.object({ codeId: idParam }), qrCodes),
    async (c) => {
      const { codeId } = c.req.valid('param')
      await run.codes.deleteCode(at(c), { codeId })
      return ok(c, { qrStatus: 'DELETED' })
    },
  )

  const codePayment = {
    summary: 'Payment details of a QR code payment',
    rawResponse: opaResponses.PaymentDetailsResponseSchema,
    apiName: 'v2_getQRPaymentDetails',
  }
  v2.codes.get('/payments/:merchantPaymentId', published(codePayment), logged, auth, anyProduct, opaParams(paymentIdParams, qrCodes), async (c) => {
    return ok(c, await run.codes.getCodePayment(at(c), c.req.valid('param')))
  })

  // ── native payment ─────────────────────────────────────────────────────────────────────────────────────
  for (const payments of [v2.payments, v1.payments])
    payments.post(
      '/',
      alias(payments === v2.payments, {
        summary: 'Create a payment (native payment)',
        rawResponse: opaResponses.PaymentDetailsResponseSchema,
        apiName: 'v2_createPayment',
        status: 201,
      }),
      logged,
      auth,
      native,
      opaJson(CreatePaymentRequestSchema),
      agree,
      async (c) => {
        const input = c.req.valid('json')
        const row = await run.payments.createPayment(at(c), { ...input, agreeSimilarTransaction: agreeOf(c.req.valid('query')) })
        return ok(c, paymentView(row, await run.payments.refundsOf(engine.ctx, row), true), 201)
      },
    )

  const paymentDetails = { summary: 'Payment details', rawResponse: opaResponses.PaymentDetailsResponseSchema, apiName: 'v2_getPaymentDetail' }
  v2.payments.get('/:merchantPaymentId', published(paymentDetails), logged, auth, anyProduct, opaParams(paymentIdParams), async (c) => {
    return ok(c, await run.payments.getPaymentDetails(at(c), c.req.valid('param')))
  })

  const cancel = { summary: 'Cancel a payment', rawResponse: opaResponses.NotDataResponseSchema, apiName: 'v2_cancelPayment', status: 202 } as const
  v2.payments.delete('/:merchantPaymentId', published(cancel), logged, auth, anyProduct, opaParams(paymentIdParams), async (c) => {
    await run.payments.cancelPayment(at(c), { ...c.req.valid('param'), directive: cancelDirectiveOf(c.req.header(cancelDirectiveHeader)) })
    return ok(c, null, 202, accepted)
  })

  v2.refunds.post(
    '/',
    published({ summary: 'Refund a payment', rawResponse: opaResponses.RefundResponseSchema, apiName: 'v2_createRefundPayment' }),
    logged,
    auth,
    anyProduct,
    opaJson(RefundRequestSchema, refundCodes),
    async (c) => {
      const input = c.req.valid('json')
      const refund = await run.refunds.refund(at(c), input)
      return ok(c, refundView(refund, 'CREATED'))
    },
  )

  v2.refunds.get(
    '/:merchantRefundId',
    published({ summary: 'Refund details', rawResponse: opaResponses.RefundResponseSchema, apiName: 'v2_getRefundDetails' }),
    logged,
    auth,
    anyProduct,
    opaParams(v.object({ merchantRefundId: idParam })),
    opaQuery(RefundDetailsQuerySchema),
    async (c) => {
      const { paymentId } = c.req.valid('query')
      return ok(c, refundView(await run.refunds.getRefund(at(c), { ...c.req.valid('param'), paymentId })))
    },
  )

  v2.wallet.get(
    '/check_balance',
    published({ summary: 'Check whether the user has enough balance', rawResponse: opaResponses.CheckBalanceResponseSchema }),
    logged,
    auth,
    linked,
    opaQuery(CheckBalanceQuerySchema),
    async (c) => {
      const q = c.req.valid('query')
      return ok(c, { hasEnoughBalance: await run.payments.hasEnoughBalance(at(c), q) })
    },
  )

  // ── pre-authorisation and capture ──────────────────────────────────────────────────────────────────────
  const preauthorize = {
    summary: 'Pre-authorize a payment',
    rawResponse: opaResponses.PaymentDetailsResponseSchema,
    apiName: 'v2_createOrderAndAuthorize',
    status: 201,
  } as const
  v2.payments.post('/preauthorize', published(preauthorize), logged, auth, preauth, opaJson(PreauthorizeRequestSchema), agree, async (c) => {
    const input = c.req.valid('json')
    const row = await run.payments.preauthorize(at(c), {
      ...input,
      expiresAt: input.expiresAt ?? undefined,
      agreeSimilarTransaction: agreeOf(c.req.valid('query')),
    })
    return ok(c, paymentView(row, await run.payments.refundsOf(engine.ctx, row), true), 201)
  })

  const capture = { summary: 'Capture a pre-authorized payment', rawResponse: opaResponses.CaptureResponseSchema, apiName: 'v2_captureAuthorizedOrder' }
  v2.payments.post('/capture', published(capture), logged, auth, preauth, opaJson(CaptureRequestSchema), async (c) => {
    const input = c.req.valid('json')
    const result = await run.preauth.capture(at(c), input)
    if (result.status === 202) {
      const info = new ApiError('USER_CONFIRMATION_REQUIRED').resultInfo()
      return c.json({ resultInfo: { ...info, message: `${info.message} | [${c.get('requestId')}]` }, data: null }, 202)
    }
    return ok(c, result.data)
  })

  const revert = { summary: 'Revert a pre-authorization', rawResponse: opaResponses.RevertResponseSchema, apiName: 'v2_revertAuthorizedOrder' }
  v2.payments.post('/preauthorize/revert', published(revert), logged, auth, preauth, opaJson(RevertRequestSchema), async (c) => {
    const input = c.req.valid('json')
    return ok(c, await run.preauth.revert(at(c), { ...input, reason: input.reason ?? undefined }))
  })

  const reauthorize = { summary: 'Reauthorize a pre-authorized payment', rawResponse: opaResponses.ReauthorizeResponseSchema }
  v2.payments.post('/reauthorize', published(reauthorize), logged, auth, preauth, opaJson(ReauthorizeRequestSchema), async (c) => {
    const input = c.req.valid('json')
    const result = await run.preauth.reauthorize(at(c), { ...input, origin: origin(c) })
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
  const subscription = { summary: 'Continuous payment: charge a linked user', rawResponse: opaResponses.PaymentDetailsResponseSchema, status: 201 } as const
  v1.subscription.post(
    '/payments',
    published(subscription),
    logged,
    auth,
    requireProducts('continuous_payments'),
    opaJson(CreatePaymentRequestSchema),
    async (c) => {
      const input = c.req.valid('json')
      const row = await run.payments.subscriptionPayment(at(c), input)
      return ok(c, paymentView(row, await run.payments.refundsOf(engine.ctx, row), true), 201)
    },
  )

  // ── request money ──────────────────────────────────────────────────────────────────────────────────────
  const requestMoney = requireProducts('request_money')
  const requestOrder = {
    summary: 'Request money (pending payment)',
    rawResponse: opaResponses.PaymentDetailsResponseSchema,
    apiName: 'v1_createRequestOrder',
    status: 201,
  } as const
  v1.requestOrder.post('/', published(requestOrder), logged, auth, requestMoney, opaJson(CreateRequestOrderRequestSchema), async (c) => {
    const input = c.req.valid('json')
    const row = await run.requestMoney.createRequestOrder(at(c), input)
    return ok(c, paymentView(row, [], true), 201)
  })
  const requestOrderDetails = { summary: 'Details of a money request', rawResponse: opaResponses.PaymentDetailsResponseSchema }
  v1.requestOrder.get('/:merchantPaymentId', published(requestOrderDetails), logged, auth, requestMoney, opaParams(paymentIdParams), async (c) => {
    const { row, refunds } = await run.requestMoney.getRequestOrderWithRefunds(at(c), { ...c.req.valid('param'), notFoundStatus: 400 })
    return ok(c, paymentView(row, refunds, true))
  })
  v1.requestOrder.delete(
    '/:merchantPaymentId',
    published({ summary: 'Cancel a money request', rawResponse: opaResponses.NotDataResponseSchema }),
    logged,
    auth,
    requestMoney,
    opaParams(paymentIdParams),
    async (c) => {
      await run.requestMoney.cancelRequestOrder(at(c), c.req.valid('param'))
      return ok(c, null)
    },
  )

  // ── cashback ───────────────────────────────────────────────────────────────────────────────────────────
  for (const cashback of [v2.cashback, v1.cashback])
    cashback.post(
      '/',
      alias(cashback === v2.cashback, {
        summary: 'Give cashback',
        rawResponse: opaResponses.NotDataResponseSchema,
        apiName: 'v2_createCashBackRequest',
        status: 202,
      }),
      logged,
      auth,
      opaJson(CashbackRequestSchema),
      async (c) => {
        await run.cashback.giveCashback(at(c), c.req.valid('json'))
        return ok(c, null, 202, accepted)
      },
    )
  const cashbackDetails = { summary: 'Cashback details', rawResponse: opaResponses.CashbackResponseSchema, apiName: 'v2_getCashbackDetails' }
  v2.cashback.get('/:merchantCashbackId', published(cashbackDetails), logged, auth, opaParams(v.object({ merchantCashbackId: idParam })), async (c) => {
    return ok(c, cashbackView(await run.cashback.getCashback(at(c), c.req.valid('param'))))
  })
  const reversal = {
    summary: 'Reverse a cashback',
    rawResponse: opaResponses.NotDataResponseSchema,
    apiName: 'v2_createReverseCashBackRequest',
    status: 202,
  } as const
  v2.cashbackReversal.post('/', published(reversal), logged, auth, opaJson(CashbackReversalRequestSchema), async (c) => {
    await run.cashback.reverseCashback(at(c), c.req.valid('json'))
    return ok(c, null, 202, accepted)
  })
  v2.cashbackReversal.get(
    '/:merchantCashbackReversalId/:merchantCashbackId',
    published({ summary: 'Cashback reversal details', rawResponse: opaResponses.CashbackReversalResponseSchema }),
    logged,
    auth,
    opaParams(v.object({ merchantCashbackReversalId: idParam, merchantCashbackId: idParam })),
    async (c) => {
      const { merchantCashbackReversalId, merchantCashbackId } = c.req.valid('param')
      const row = await run.cashback.getCashbackReversal(at(c), { merchantCashbackReversalId, merchantCashbackId })
      return ok(c, cashbackReversalView(row))
    },
  )

  // ── user authorization (opa-users.ts) ──────────────────────────────────────────────────────────────────
  userAuthorizationRoutes(deps, guards, { userAuthorization: v2.userAuthorization, qr: v1.qr, user: v2.user }, engine)

  return { v1, v2 }
}
