import * as v from 'valibot'
import { EpochTimeSchema, MoneyAmountOutSchema } from './opa-schemas.ts'

/**
 * valibot schemas of every response of the OPA sandbox (the provider's published Open Payment API, as published);
 * the requests and building blocks are in opa-schemas.ts. /openapi.json is generated from them, so each is a named
 * export with a description.
 */

const d = v.description

export const ResultInfoSchema = v.pipe(
  v.object({ code: v.pipe(v.string(), v.maxLength(255)), message: v.pipe(v.string(), v.maxLength(255)), codeId: v.pipe(v.string(), v.maxLength(255)) }),
  d('resultInfo: code, message and codeId of every answer.'),
)
export const opaResponse = <S extends v.GenericSchema>(data: S, what: string) => v.pipe(v.object({ resultInfo: ResultInfoSchema, data }), d(what))
export const NotDataResponseSchema = opaResponse(v.nullable(v.unknown()), 'An answer without data (errors, 202 accepted).')

const nullableText = v.nullable(v.optional(v.string()))

export const QrCodeDataSchema = v.pipe(
  v.object({
    codeId: v.string(),
    url: v.pipe(v.string(), d('The simulated cashier page of this code.')),
    deeplink: v.pipe(v.string(), d('paylab://payment?link_key=<url-encoded url>.')),
    expiryDate: EpochTimeSchema,
    merchantPaymentId: v.string(),
    amount: MoneyAmountOutSchema,
    orderDescription: v.optional(v.string()),
    orderItems: v.optional(v.array(v.looseObject({ name: v.string(), quantity: v.number() }))),
    codeType: v.literal('ORDER_QR'),
    storeInfo: v.optional(v.string()),
    storeId: v.optional(v.string()),
    productType: v.optional(v.string()),
    terminalId: v.optional(v.string()),
    requestedAt: v.optional(EpochTimeSchema),
    redirectUrl: v.optional(v.string()),
    redirectType: v.optional(v.string()),
    isAuthorization: v.boolean(),
    authorizationExpiry: v.optional(EpochTimeSchema),
  }),
  d('QRCodeResponse.'),
)

export const PaymentStatusSchema = v.picklist(['CREATED', 'AUTHORIZED', 'REAUTHORIZING', 'COMPLETED', 'REFUNDED', 'FAILED', 'CANCELED', 'EXPIRED'])

export const RefundDataSchema = v.pipe(
  v.object({
    status: v.picklist(['CREATED', 'REFUNDED']),
    acceptedAt: EpochTimeSchema,
    merchantRefundId: v.string(),
    paymentId: v.string(),
    amount: MoneyAmountOutSchema,
    requestedAt: EpochTimeSchema,
    reason: v.nullable(v.optional(v.string())),
  }),
  d('Refund.'),
)

export const CaptureEntrySchema = v.looseObject({
  merchantCaptureId: v.string(),
  amount: MoneyAmountOutSchema,
  status: v.picklist(['USER_REQUESTED', 'COMPLETED']),
})

export const PaymentDetailsDataSchema = v.pipe(
  v.object({
    paymentId: v.string(),
    status: PaymentStatusSchema,
    acceptedAt: v.optional(EpochTimeSchema),
    refunds: v.nullable(v.object({ data: v.array(RefundDataSchema) })),
    captures: v.nullable(v.object({ data: v.array(CaptureEntrySchema) })),
    revert: v.nullable(v.looseObject({ merchantRevertId: v.string() })),
    merchantPaymentId: v.string(),
    userAuthorizationId: v.optional(v.string()),
    amount: MoneyAmountOutSchema,
    requestedAt: v.optional(EpochTimeSchema),
    expiresAt: v.nullable(EpochTimeSchema),
    canceledAt: v.nullable(EpochTimeSchema),
    storeId: nullableText,
    terminalId: nullableText,
    orderReceiptNumber: nullableText,
    orderDescription: nullableText,
    orderItems: v.nullable(v.array(v.unknown())),
    paymentMethods: v.optional(v.array(v.object({ amount: MoneyAmountOutSchema, type: v.string() }))),
  }),
  d('Payment details (PaymentState + PaymentOrder + paymentMethods).'),
)

export const CaptureDataSchema = v.pipe(
  v.looseObject({
    paymentId: v.string(),
    status: v.literal('COMPLETED'),
    acceptedAt: EpochTimeSchema,
    merchantPaymentId: v.string(),
    amount: MoneyAmountOutSchema,
  }),
  d('CapturePayment.'),
)
export const RevertDataSchema = v.pipe(
  v.object({
    status: v.literal('CANCELED'),
    acceptedAt: EpochTimeSchema,
    paymentId: v.string(),
    requestedAt: EpochTimeSchema,
    reason: v.nullable(v.optional(v.string())),
  }),
  d('Revert a payment authorization: answer data.'),
)
export const ReauthorizeDataSchema = v.pipe(
  v.object({
    requestId: v.string(),
    paymentId: v.string(),
    updatedAmount: MoneyAmountOutSchema,
    requestedAt: EpochTimeSchema,
    acceptedAt: EpochTimeSchema,
    expiresAt: EpochTimeSchema,
    paymentMethods: v.array(v.object({ amount: MoneyAmountOutSchema, type: v.string() })),
  }),
  d('Reauthorize (lower amount): answer data.'),
)
export const ReauthorizeConfirmationDataSchema = v.pipe(
  v.object({ expiresAt: EpochTimeSchema, url: v.string() }),
  d('Reauthorize (higher amount): where the user approves.'),
)
export const QrDeleteDataSchema = v.pipe(v.object({ qrStatus: v.literal('DELETED') }), d('Delete a QR code: answer data.'))
export const CheckBalanceDataSchema = v.pipe(v.object({ hasEnoughBalance: v.boolean() }), d('Check wallet balance: answer data.'))
export const UserAuthorizationStatusDataSchema = v.pipe(
  v.object({
    userAuthorizationId: v.string(),
    referenceIds: v.array(v.string()),
    status: v.string(),
    scopes: v.array(v.string()),
    expireAt: EpochTimeSchema,
    issuedAt: EpochTimeSchema,
  }),
  d('User authorization status.'),
)
export const AccountLinkQrDataSchema = v.pipe(v.object({ linkQRCodeURL: v.string() }), d('Account-link QR: the URL to render as a QR code.'))
export const CashbackDataSchema = v.pipe(
  v.looseObject({
    cashbackId: v.string(),
    merchantCashbackId: v.string(),
    userAuthorizationId: v.string(),
    amount: MoneyAmountOutSchema,
    requestedAt: EpochTimeSchema,
    cashbackStatus: v.string(),
    acceptedAt: EpochTimeSchema,
  }),
  d('Cashback details.'),
)
export const CashbackReversalDataSchema = v.pipe(
  v.looseObject({
    merchantCashbackReversalId: v.string(),
    merchantCashbackId: v.string(),
    amount: MoneyAmountOutSchema,
    requestedAt: EpochTimeSchema,
    cashbackStatus: v.string(),
    acceptedAt: EpochTimeSchema,
  }),
  d('Cashback reversal details.'),
)
export const SandboxClockDataSchema = v.pipe(
  v.object({ merchantId: v.string(), nowMs: v.number(), nowEpoch: EpochTimeSchema }),
  d('Sandbox clock of the calling merchant.'),
)

export const QrCodeResponseSchema = opaResponse(QrCodeDataSchema, 'Create a QR code: 201 answer.')
export const PaymentDetailsResponseSchema = opaResponse(PaymentDetailsDataSchema, 'Payment details answer.')
export const RefundResponseSchema = opaResponse(RefundDataSchema, 'Refund answer.')
export const CaptureResponseSchema = opaResponse(CaptureDataSchema, 'Capture answer.')
export const RevertResponseSchema = opaResponse(RevertDataSchema, 'Revert answer.')
export const ReauthorizeResponseSchema = opaResponse(ReauthorizeDataSchema, 'Reauthorize answer (200).')
export const ReauthorizeConfirmationResponseSchema = opaResponse(ReauthorizeConfirmationDataSchema, 'Reauthorize answer (201).')
export const QrDeleteResponseSchema = opaResponse(QrDeleteDataSchema, 'Delete QR answer.')
export const CheckBalanceResponseSchema = opaResponse(CheckBalanceDataSchema, 'Check balance answer.')
export const UserAuthorizationStatusResponseSchema = opaResponse(UserAuthorizationStatusDataSchema, 'User authorization status answer.')
export const AccountLinkQrResponseSchema = opaResponse(AccountLinkQrDataSchema, 'Account-link QR answer.')
export const CashbackResponseSchema = opaResponse(CashbackDataSchema, 'Cashback details answer.')
export const CashbackReversalResponseSchema = opaResponse(CashbackReversalDataSchema, 'Cashback reversal details answer.')
export const SandboxClockResponseSchema = opaResponse(SandboxClockDataSchema, 'Sandbox clock answer.')
