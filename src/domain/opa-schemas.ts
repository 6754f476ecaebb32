import * as v from 'valibot'
import { FreeJsonSchema } from './input-bounds.ts'
import { limits } from './limits.ts'
import { isSafeRedirectUrl, type RedirectKind } from './merchant-urls.ts'

/**
 * valibot schemas of every request and response of the OPA sandbox (the provider's published Open Payment API:
 * field names, limits and enums as published); the responses are in opa-response-schemas.ts. The server validates
 * with them; /openapi.json is generated from them, so each is a named export with a description.
 */

const d = v.description

// ── building blocks ──────────────────────────────────────────────────────────────────────────────────────

export const CurrencySchema = v.pipe(v.picklist(['JPY']), d('Currency; JPY is the only value.'))
export const MoneyAmountSchema = v.pipe(
  v.object({
    amount: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(99_999_999_999), d('Amount in yen, a positive integer (up to 11 digits).')),
    currency: CurrencySchema,
  }),
  d('MoneyAmount: amount and currency.'),
)
/** Response amounts (refund/capture views) may be any integer the sandbox stored. */
export const MoneyAmountOutSchema = v.pipe(v.object({ amount: v.pipe(v.number(), v.integer()), currency: CurrencySchema }), d('MoneyAmount.'))

const simpleId = (max: number, what: string) =>
  v.pipe(v.string(), v.minLength(1), v.maxLength(max), v.regex(/^[A-Za-z0-9_-]+$/, 'Allowed characters: a-z, A-Z, 0-9, - and _'), d(what))
const text = (max: number, what: string) => v.pipe(v.string(), v.maxLength(max), d(what))

export const MerchantPaymentIdSimpleSchema = simpleId(limits.merchantPaymentIdMaxLength, 'Merchant-issued id of the order (≤64; a-z A-Z 0-9 - _).')
/**
 * Create QR takes the published `MerchantPaymentId` (≤64). PayLab holds it to the Simple pattern as well: the
 * endpoints that read or cancel the order (`/v2/codes/payments/{id}`, `DELETE /v2/payments/{id}`) only take
 * that pattern, so any other id would make an order that can be paid but never read or cancelled (issue 9).
 */
export const MerchantPaymentIdSchema = simpleId(
  limits.merchantPaymentIdMaxLength,
  'Merchant-issued id of the order, unique per merchant (≤64; a-z A-Z 0-9 - _).',
)
export const MerchantRefundIdSchema = simpleId(64, 'Merchant-issued id of a refund (≤64).')
export const MerchantCaptureIdSchema = simpleId(64, 'Merchant-issued id of a capture (≤64).')
export const MerchantRevertIdSchema = simpleId(64, 'Merchant-issued id of a revert (≤64).')
export const ReauthRequestIdSchema = simpleId(255, 'Merchant-issued id of a reauthorize request (≤255).')
export const MerchantCashbackIdSchema = simpleId(64, 'Merchant-issued id of a cashback (≤64).')
export const MerchantCashbackReversalIdSchema = simpleId(64, 'Merchant-issued id of a cashback reversal (≤64).')
export const PaymentIdSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(64), d('The payment id issued by the provider (≤64).'))
export const UserAuthorizationIdSchema = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(64),
  d('The user authorization id from the user-authorization flow (≤64).'),
)
export const EpochTimeSchema = v.pipe(v.number(), v.integer(), v.minValue(0), d('Epoch time in seconds.'))
export const ProductTypeSchema = v.pipe(
  v.picklist(['VIRTUAL_BONUS_INVESTMENT', 'PAY_LATER_REPAYMENT', 'REAL_INVESTMENT', 'UTILITY_BILL']),
  d('Product type; only for merchants restricted to certain product types.'),
)
export const RedirectTypeSchema = v.pipe(v.picklist(['WEB_LINK', 'APP_DEEP_LINK']), d('Where to return after paying: a web page or an app deep link.'))
export const OrderItemSchema = v.pipe(
  v.object({
    name: text(255, 'Item name.'),
    category: v.optional(text(255, 'Item category.')),
    quantity: v.pipe(v.number(), v.integer(), v.minValue(1), d('Quantity, at least 1.')),
    productId: v.optional(text(255, 'Product id in the merchant system.')),
    unitPrice: v.optional(MoneyAmountSchema),
  }),
  d('An order item (obsolete on create QR, kept for compatibility).'),
)
const OrderFields = {
  storeId: v.optional(text(255, 'Store id under the merchant.')),
  terminalId: v.optional(text(255, 'Terminal id under the store.')),
  orderReceiptNumber: v.optional(text(255, 'Receipt number from the merchant.')),
  orderDescription: v.optional(text(255, 'Description of the order.')),
  orderItems: v.optional(v.array(OrderItemSchema)),
  metadata: v.optional(FreeJsonSchema),
  productType: v.optional(ProductTypeSchema),
}

/** redirectUrl checked with its redirectType (WEB_LINK when absent): see domain/merchant-urls.ts. */
const redirectChecked = <T extends { redirectUrl?: string; redirectType?: RedirectKind }>() =>
  v.forward(
    v.check<T, string>(
      (input) => input.redirectUrl === undefined || isSafeRedirectUrl(input.redirectUrl, input.redirectType ?? 'WEB_LINK'),
      'redirectUrl: WEB_LINK must be https; APP_DEEP_LINK an app scheme; never javascript:, data:, vbscript: or file:',
    ),
    ['redirectUrl'] as never,
  )

export const AuthorizationScopeSchema = v.pipe(
  v.picklist([
    'direct_debit',
    'cashback',
    'get_balance',
    'quick_pay',
    'continuous_payments',
    'merchant_topup',
    'pending_payments',
    'user_notification',
    'user_topup',
    'user_profile',
    'preauth_capture_native',
    'preauth_capture_transaction',
    'push_notification',
    'notification_center_ob',
    'notification_center_ab',
    'notification_center_tl',
  ]),
  d('A user-authorization scope (spec §3).'),
)

// ── requests ─────────────────────────────────────────────────────────────────────────────────────────────

export const CreateQrCodeRequestSchema = v.pipe(
  v.object({
    merchantPaymentId: MerchantPaymentIdSchema,
    amount: MoneyAmountSchema,
    codeType: v.pipe(v.literal('ORDER_QR'), d('Always ORDER_QR.')),
    orderDescription: v.optional(text(255, 'Description of the order.')),
    orderItems: v.optional(v.array(OrderItemSchema)),
    storeInfo: v.optional(text(255, 'Store information.')),
    storeId: v.optional(text(255, 'Store id.')),
    terminalId: v.optional(text(255, 'Terminal id.')),
    productType: v.optional(ProductTypeSchema),
    requestedAt: v.optional(EpochTimeSchema),
    isAuthorization: v.optional(v.pipe(v.boolean(), d('true: capture later (pre-authorisation).'))),
    authorizationExpiry: v.optional(EpochTimeSchema),
    ipAddress: v.optional(v.pipe(v.string(), v.ip(), d('Payer IP address (risk analysis only).'))),
    redirectUrl: v.optional(v.pipe(v.string(), v.maxLength(2048), d('Where the cashier returns after paying (web payment, app invoke).'))),
    redirectType: v.optional(RedirectTypeSchema),
    userAgent: v.optional(v.pipe(v.string(), v.maxLength(1024), d('Payer user agent (web payment).'))),
  }),
  redirectChecked(),
  d('Create a QR code (POST /v2/codes).'),
)

export const CreatePaymentRequestSchema = v.pipe(
  v.object({
    merchantPaymentId: MerchantPaymentIdSimpleSchema,
    userAuthorizationId: UserAuthorizationIdSchema,
    amount: MoneyAmountSchema,
    requestedAt: EpochTimeSchema,
    ...OrderFields,
    paymentMethodType: v.optional(v.string()),
    paymentMethodId: v.optional(v.string()),
  }),
  d('Create a payment from a linked user (POST /v2/payments, /v1/subscription/payments).'),
)

export const PreauthorizeRequestSchema = v.pipe(
  v.object({
    merchantPaymentId: MerchantPaymentIdSimpleSchema,
    userAuthorizationId: UserAuthorizationIdSchema,
    amount: MoneyAmountSchema,
    requestedAt: EpochTimeSchema,
    expiresAt: v.optional(v.nullable(EpochTimeSchema)),
    ...OrderFields,
  }),
  d('Create and authorise an order (POST /v2/payments/preauthorize).'),
)

export const CreateRequestOrderRequestSchema = v.pipe(
  v.object({
    merchantPaymentId: MerchantPaymentIdSimpleSchema,
    userAuthorizationId: UserAuthorizationIdSchema,
    amount: MoneyAmountSchema,
    requestedAt: EpochTimeSchema,
    expiryDate: v.optional(v.nullable(EpochTimeSchema)),
    ...OrderFields,
  }),
  d('Request money from a linked user (POST /v1/requestOrder).'),
)

export const RefundRequestSchema = v.pipe(
  v.object({
    merchantRefundId: MerchantRefundIdSchema,
    paymentId: PaymentIdSchema,
    amount: MoneyAmountSchema,
    requestedAt: EpochTimeSchema,
    reason: v.optional(v.nullable(text(255, 'Reason for the refund.'))),
  }),
  d('Refund a payment (POST /v2/refunds).'),
)

export const CaptureRequestSchema = v.pipe(
  v.object({
    merchantPaymentId: MerchantPaymentIdSimpleSchema,
    amount: MoneyAmountSchema,
    merchantCaptureId: MerchantCaptureIdSchema,
    requestedAt: EpochTimeSchema,
    orderDescription: text(255, 'Description for the capture.'),
  }),
  d('Capture a payment authorization (POST /v2/payments/capture).'),
)

export const RevertRequestSchema = v.pipe(
  v.object({
    merchantRevertId: MerchantRevertIdSchema,
    paymentId: PaymentIdSchema,
    requestedAt: EpochTimeSchema,
    reason: v.optional(v.nullable(text(255, 'Reason for the revert.'))),
  }),
  d('Revert a payment authorization (POST /v2/payments/preauthorize/revert).'),
)

export const ReauthorizeRequestSchema = v.pipe(
  v.object({
    requestId: ReauthRequestIdSchema,
    paymentId: PaymentIdSchema,
    updatedAmount: MoneyAmountSchema,
    requestedAt: v.optional(EpochTimeSchema),
    merchantComment: v.optional(text(255, 'Shown in the user timeline.')),
    redirectUrl: v.optional(v.pipe(v.string(), v.maxLength(2048))),
    redirectType: v.optional(RedirectTypeSchema),
    userAgent: v.optional(v.pipe(v.string(), v.maxLength(1024))),
  }),
  redirectChecked(),
  d('Update a payment authorization (POST /v2/payments/reauthorize).'),
)

export const CashbackRequestSchema = v.pipe(
  v.object({
    merchantCashbackId: MerchantCashbackIdSchema,
    userAuthorizationId: UserAuthorizationIdSchema,
    amount: MoneyAmountSchema,
    requestedAt: EpochTimeSchema,
    orderDescription: v.optional(text(255, 'Description of the cashback.')),
    walletType: v.optional(v.pipe(v.string(), v.maxLength(32), d('Wallet to credit, e.g. PREPAID or CASHBACK.'))),
    expiryDate: v.optional(v.nullable(v.pipe(v.string(), v.isoDate(), d('Expiry of the cashback, YYYY-MM-DD.')))),
    metadata: v.optional(FreeJsonSchema),
  }),
  d('Give cashback to a linked user (POST /v2/cashback, sample path /v1/cashback).'),
)

export const CashbackReversalRequestSchema = v.pipe(
  v.object({
    merchantCashbackReversalId: MerchantCashbackReversalIdSchema,
    merchantCashbackId: MerchantCashbackIdSchema,
    amount: MoneyAmountSchema,
    requestedAt: EpochTimeSchema,
    reason: v.optional(v.nullable(text(255, 'Reason for the reversal.'))),
    metadata: v.optional(FreeJsonSchema),
  }),
  d('Reverse a cashback (POST /v2/cashback_reversal).'),
)

export const AccountLinkQrRequestSchema = v.pipe(
  v.object({
    scopes: v.pipe(v.array(AuthorizationScopeSchema), v.minLength(1)),
    nonce: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
    redirectType: v.optional(RedirectTypeSchema),
    redirectUrl: v.pipe(v.string(), v.maxLength(2048), v.url()),
    referenceId: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
    phoneNumber: v.optional(v.pipe(v.string(), v.maxLength(64))),
    deviceId: v.optional(v.pipe(v.string(), v.maxLength(255))),
    userAgent: v.optional(v.pipe(v.string(), v.maxLength(1024))),
  }),
  d('Create an account-link QR code (POST /v1/qr/sessions).'),
)

export const UserAuthorizationQuerySchema = v.pipe(
  v.object({ apiKey: v.pipe(v.string(), v.minLength(1)), requestToken: v.pipe(v.string(), v.minLength(1)) }),
  d('Query of the browser flow GET /v2/user_authorization.'),
)

/** Claims of the request token (spec §3: aud, iss, exp, scope, nonce, redirectUrl, referenceId, deviceId). */
export const RequestTokenClaimsSchema = v.pipe(
  v.object({
    aud: v.optional(v.union([v.string(), v.array(v.string())])),
    iss: v.pipe(v.string(), v.minLength(1), d('Merchant name.')),
    exp: v.pipe(v.number(), v.integer(), d('Expiry of the authorization page URL, epoch seconds.')),
    scope: v.pipe(v.string(), v.minLength(1), d('Requested scopes, space or comma separated (e.g. direct_debit).')),
    nonce: v.pipe(v.string(), v.minLength(1)),
    redirectUrl: v.pipe(v.string(), v.url()),
    referenceId: v.pipe(v.string(), v.minLength(1)),
    deviceId: v.optional(v.string()),
    phoneNumber: v.optional(v.string()),
  }),
  d('Claims of the user-authorization request token (HS256, base64-decoded API secret).'),
)

export const CheckBalanceQuerySchema = v.pipe(
  v.object({
    userAuthorizationId: UserAuthorizationIdSchema,
    amount: v.pipe(v.string(), v.regex(/^[1-9]\d{0,10}$/, 'A positive integer amount'), v.transform(Number)),
    currency: CurrencySchema,
    productType: v.optional(ProductTypeSchema),
  }),
  d('Query of GET /v2/wallet/check_balance.'),
)

export const UserAuthorizationStatusQuerySchema = v.pipe(
  v.object({ userAuthorizationId: UserAuthorizationIdSchema }),
  d('Query of GET /v2/user/authorizations.'),
)
export const RefundDetailsQuerySchema = v.pipe(
  v.object({ paymentId: v.optional(PaymentIdSchema) }),
  d('Query of GET /v2/refunds/{merchantRefundId} (paymentId optional: the SDKs omit it).'),
)
export const AgreeSimilarTransactionQuerySchema = v.pipe(
  v.object({ agreeSimilarTransaction: v.optional(v.picklist(['true', 'false'])) }),
  d('agreeSimilarTransaction=true skips the similar-transaction check.'),
)

export const SandboxClockRequestSchema = v.pipe(
  v.object({
    advanceMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(400 * 24 * 60 * 60_000))),
    reset: v.optional(v.boolean()),
  }),
  d("Sandbox only: move the calling merchant's clock forward (advanceMs) or back to real time (reset)."),
)
