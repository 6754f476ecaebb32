/**
 * The provider's SDK call for each Open Payment API operation, per language, as the SDKs name them (Node.js
 * `paypay-rest-sdk.ts`, the Python README, the Java `*Api` docs; PHP as the portal's product docs write it).
 * An operation or language missing here has no SDK method the portal can vouch for: the page shows the HTTP call.
 * `args: 'body'` passes the request body, `'params'` the path and required query parameters in order.
 */
export interface SdkCall {
  node?: string
  python?: string
  php?: string
  /** `api.method` and, for a body, the model class the Java SDK builds it from */
  java?: { call: string; model?: string }
  args: 'body' | 'params'
}

export const sdkCalls: Readonly<Record<string, SdkCall>> = {
  'post /v2/codes': {
    node: 'QRCodeCreate',
    python: 'Code.create_qr_code',
    php: 'code->createQRCode',
    java: { call: 'paymentApi.createQRCode', model: 'QRCode' },
    args: 'body',
  },
  'delete /v2/codes/{codeId}': {
    node: 'QRCodeDelete',
    python: 'Code.delete_qr_code',
    php: 'code->deleteQRCode',
    java: { call: 'paymentApi.deleteQRCode' },
    args: 'params',
  },
  'get /v2/codes/payments/{merchantPaymentId}': {
    node: 'GetCodePaymentDetails',
    python: 'Code.get_payment_details',
    php: 'code->getPaymentDetails',
    java: { call: 'paymentApi.getCodesPaymentDetails' },
    args: 'params',
  },
  'post /v2/payments': {
    node: 'CreatePayment',
    python: 'Payment.create',
    php: 'payment->createPayment',
    java: { call: 'paymentApi.createPayment', model: 'Payment' },
    args: 'body',
  },
  'get /v2/payments/{merchantPaymentId}': {
    node: 'GetPaymentDetails',
    python: 'Payment.get_payment_details',
    php: 'payment->getPaymentDetails',
    java: { call: 'paymentApi.getPaymentDetails' },
    args: 'params',
  },
  'delete /v2/payments/{merchantPaymentId}': {
    node: 'PaymentCancel',
    python: 'Payment.cancel_payment',
    php: 'payment->cancelPayment',
    java: { call: 'paymentApi.cancelPayment' },
    args: 'params',
  },
  'post /v2/payments/preauthorize': { node: 'PaymentPreauthorize', python: 'Preauth.pre_authorize_create', args: 'body' },
  'post /v2/payments/capture': {
    node: 'PaymentAuthCapture',
    python: 'Payment.capture_payment',
    php: 'payment->capturePaymentAuth',
    java: { call: 'paymentApi.capturePaymentAuth', model: 'CaptureObject' },
    args: 'body',
  },
  'post /v2/payments/preauthorize/revert': { node: 'PaymentAuthRevert', python: 'Payment.revert_payment', args: 'body' },
  'post /v2/refunds': {
    node: 'PaymentRefund',
    python: 'Payment.refund_payment',
    php: 'refund->refundPayment',
    java: { call: 'paymentApi.refundPayment', model: 'Refund' },
    args: 'body',
  },
  'get /v2/refunds/{merchantRefundId}': { node: 'GetRefundDetails', python: 'Payment.refund_details', args: 'params' },
  'post /v1/requestOrder': {
    node: 'CreatePendingPayment',
    python: 'Pending.create_pending_payment',
    php: 'pending->createPendingPayment',
    java: { call: 'pendingPaymentApi.createPendingPayment', model: 'PendingPaymentPayload' },
    args: 'body',
  },
  'post /v2/cashback': {
    node: 'Cashback',
    python: 'Cashback.give_cashback',
    php: 'cashback->giveCashback',
    java: { call: 'cashbackApi.giveCashback', model: 'GiveCashback' },
    args: 'body',
  },
  'post /v1/qr/sessions': { node: 'AccountLinkQRCodeCreate', python: 'Account.create_qr_session', args: 'body' },
  'get /v2/user/authorizations': { node: 'GetUserAuthorizationStatus', args: 'params' },
}
