import * as v from 'valibot'
import { limits } from './limits.ts'
import { AuthorizationScopeSchema, CurrencySchema, OrderItemSchema, PaymentIdSchema, UserAuthorizationIdSchema } from './opa-schemas.ts'

/**
 * The demo API of spec §7 used by the payment demos (the cake-shop checkout and the phone-mock panel):
 * `/v1/webApp/login`, `/v1/opa/getClientInfo`, `/v1/demos/*`. Requests are checked here (demo amount bounds and
 * the `DEVELOPER-PANEL-` id prefixes of spec §5/§9) before the server forwards them into the sandbox signed with
 * the PayLab demo merchant's key. One source for the server, the portal and /openapi.json. Decisions in
 * docs/decisions/checkout-demo.md, reference in docs/demo-api.md.
 */

const d = v.description

/** Every id the demos issue starts with this (spec §9: DEVELOPER-PANEL-DEMO-, -REFUND, …). */
export const demoIdFamily = 'DEVELOPER-PANEL-'

const demoId = (prefix: string, what: string) =>
  v.pipe(
    v.string(),
    v.minLength(prefix.length + 1),
    v.maxLength(limits.merchantPaymentIdMaxLength),
    v.regex(/^[A-Za-z0-9_-]+$/, 'Allowed characters: a-z, A-Z, 0-9, - and _'),
    v.startsWith(prefix, `A demo id starts with ${prefix}`),
    d(what),
  )

/** `DEVELOPER-PANEL-DEMO-` + a random id, at most 64 characters (spec §5, §9). */
export const DemoMerchantPaymentIdSchema = demoId(
  limits.demo.merchantPaymentIdPrefix,
  'Merchant payment id of a demo order: DEVELOPER-PANEL-DEMO- + a random id (≤64).',
)
/** A demo refund id: `DEVELOPER-PANEL-` + anything (the spec's -REFUND / -RFUND prefixes). */
export const DemoRefundIdSchema = demoId(demoIdFamily, 'Merchant refund id of a demo refund: DEVELOPER-PANEL-… (≤64).')

/** A demo amount: whole yen within the demo bounds (spec §5: at most 100; a payment needs at least 1). */
export const DemoAmountSchema = v.pipe(
  v.object({
    amount: v.pipe(
      v.number(),
      v.integer(),
      v.minValue(Math.max(1, limits.demo.amountMin)),
      v.maxValue(limits.demo.amountMax),
      d('Amount in yen, 1 to 100 in the demos.'),
    ),
    currency: CurrencySchema,
  }),
  d('MoneyAmount of a demo (1 to 100 JPY).'),
)

const requestedAt = v.pipe(v.number(), v.integer(), v.minValue(0), d('Epoch seconds of the request.'))
const description = v.pipe(v.string(), v.maxLength(255), d('Order description shown in the wallet.'))

/** POST /v1/demos/createQR: a dynamic QR code (plain QR order, or app invoke: the answer carries the deeplink). */
export const DemoCreateQrRequestSchema = v.pipe(
  v.strictObject({
    merchantPaymentId: DemoMerchantPaymentIdSchema,
    amount: DemoAmountSchema,
    codeType: v.literal('ORDER_QR'),
    requestedAt: v.optional(requestedAt),
    orderDescription: v.optional(description),
    orderItems: v.optional(v.pipe(v.array(OrderItemSchema), v.maxLength(10))),
    isAuthorization: v.optional(v.literal(false)),
  }),
  d('Body of POST /v1/demos/createQR (forwarded to POST /v2/codes).'),
)

/** POST /v1/demos/payWithDirectDebit: a native payment from a linked test user. */
export const DemoPaymentRequestSchema = v.pipe(
  v.strictObject({
    merchantPaymentId: DemoMerchantPaymentIdSchema,
    userAuthorizationId: UserAuthorizationIdSchema,
    amount: DemoAmountSchema,
    requestedAt,
    orderDescription: v.optional(description),
  }),
  d('Body of POST /v1/demos/payWithDirectDebit (forwarded to POST /v2/payments).'),
)

/** POST /v1/demos/refunds. */
export const DemoRefundRequestSchema = v.pipe(
  v.strictObject({
    merchantRefundId: DemoRefundIdSchema,
    paymentId: PaymentIdSchema,
    amount: DemoAmountSchema,
    requestedAt,
    reason: v.optional(v.pipe(v.string(), v.maxLength(255))),
  }),
  d('Body of POST /v1/demos/refunds (forwarded to POST /v2/refunds); the payment must be a demo order.'),
)

/** POST /v1/demos/cashback: the phone-mock panel's cashback to a linked test user (docs/demo-panel.md). */
export const DemoCashbackRequestSchema = v.pipe(
  v.strictObject({
    merchantCashbackId: DemoMerchantPaymentIdSchema,
    userAuthorizationId: UserAuthorizationIdSchema,
    amount: DemoAmountSchema,
    requestedAt,
    orderDescription: v.optional(description),
  }),
  d('Body of POST /v1/demos/cashback (forwarded to POST /v2/cashback); the id is a demo id.'),
)

export const DemoAgreeQuerySchema = v.pipe(
  v.object({ agreeSimilarTransaction: v.optional(v.picklist(['true', 'false'])) }),
  d('Query of POST /v1/demos/payWithDirectDebit.'),
)

/** A path id of the demos: the merchant payment id of a demo order. */
export const DemoPaymentIdParamsSchema = v.object({ id: DemoMerchantPaymentIdSchema })
/** The code id of DELETE /v1/demos/deleteQrcodes/{id}. */
export const DemoCodeIdParamsSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(64), v.regex(/^[A-Za-z0-9_-]+$/), d('Code id answered by createQR.')),
})

/** Where the consent page sends the payer back: a path of this site whose location contains 'loading' (spec §4). */
export const demoLoadingPath = '/demo/checkout/loading'

/** POST /v1/webApp/login: the user-authorization payload (spec §3); answers the consent page url. */
export const DemoLoginRequestSchema = v.pipe(
  v.strictObject({
    scopes: v.optional(v.pipe(v.array(AuthorizationScopeSchema), v.minLength(1), v.maxLength(16))),
    nonce: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,64}$/))),
    referenceId: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/))),
    deviceId: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/))),
  }),
  d("Body of POST /v1/webApp/login: scopes (default direct_debit), nonce, referenceId, deviceId. The redirect is always this site's /demo/checkout/loading."),
)
export const DemoLoginDataSchema = v.pipe(v.object({ url: v.string() }), d('The wallet consent page to open (in a frame).'))

export const DemoParseJwtRequestSchema = v.pipe(
  v.strictObject({ responseToken: v.pipe(v.string(), v.minLength(1), v.maxLength(4096)) }),
  d('Body of POST /v1/demos/parseJWTAndGetPhoneNumber: the responseToken the consent page returned.'),
)
export const DemoLinkDataSchema = v.pipe(
  v.object({ userAuthorizationId: v.string(), phoneNumber: v.string() }),
  d('The linked test user: user authorization id and (masked) phone number.'),
)

export const DemoClientInfoDataSchema = v.pipe(
  v.object({ data: v.object({ merchantId: v.string(), merchantName: v.string(), apiKey: v.string(), testUsersPage: v.string() }) }),
  d("The PayLab demo merchant every visitor's demo runs on (public sandbox credentials; no secret)."),
)

export const demoApiPaths = {
  login: '/v1/webApp/login',
  clientInfo: '/v1/opa/getClientInfo',
  pay: '/v1/demos/payWithDirectDebit',
  deleteQr: '/v1/demos/deleteQrcodes',
  cancel: '/v1/demos/cancel',
  refunds: '/v1/demos/refunds',
  createQr: '/v1/demos/createQR',
  qrDetail: '/v1/demos/qrcode/detail',
  autoDebitId: '/v1/demos/autoDebitId',
  parseJwt: '/v1/demos/parseJWTAndGetPhoneNumber',
  cashback: '/v1/demos/cashback',
} as const
