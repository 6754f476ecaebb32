import type { I18n, MessageDescriptor } from '@lingui/core'
import { errorEntry, errorMessage, isErrorCode } from './errors.ts'
import type { ScenarioId } from './lab.ts'
import type { ProductModel } from './products.ts'

/**
 * The response-code resolver's knowledge base (spec §1 "paste an API endpoint, response code and response text";
 * `/develop/resolve`, `GET /dev/v1/resolve`). One entry per `resultInfo.code` of the provider's published API
 * (../shared/reference) and per code of the portal's account API: meaning, likely cause and fix as Lingui descriptors
 * (ids `resolver.<code>.cause|fix|meaning`, main catalog `locales/{ja,en}/messages.po`) rendered in the asked language,
 * and where the lab reproduces it. The meaning is the catalogue's message when the server itself answers with the
 * code (one source); codes only the real provider answers carry their own. docs/dashboard.md.
 */

export interface LabTarget {
  product: ProductModel
  scenario: ScenarioId
}

export interface ResolverEntry {
  code: string
  status: number
  codeIds: readonly string[]
  /** Set only for codes missing from the server's catalogue (or whose catalogue message is empty). */
  meaning?: MessageDescriptor
  cause: MessageDescriptor
  fix: MessageDescriptor
  lab?: LabTarget
  area: 'opa' | 'account'
}

type Text = MessageDescriptor

function entry(
  area: ResolverEntry['area'],
  code: string,
  cause: Text,
  fix: Text,
  extra: { lab?: LabTarget; meaning?: Text; status?: number; codeIds?: string[] } = {},
): ResolverEntry {
  // codes only the real provider answers are not in the server's catalogue: their status and codeIds are given here
  const known = isErrorCode(code) ? errorEntry(code) : undefined
  return {
    code,
    area,
    status: extra.status ?? known?.status ?? 400,
    codeIds: extra.codeIds ?? (known ? [known.codeId] : []),
    ...(extra.meaning ? { meaning: extra.meaning } : {}),
    cause,
    fix,
    ...(extra.lab ? { lab: extra.lab } : {}),
  }
}
const opa = (code: string, cause: Text, fix: Text, extra?: Parameters<typeof entry>[4]) => entry('opa', code, cause, fix, extra)
const acct = (code: string, cause: Text, fix: Text, extra?: Parameters<typeof entry>[4]) => entry('account', code, cause, fix, extra)

const qr = (scenario: ScenarioId = 'model1'): LabTarget => ({ product: 'qrcode', scenario })
const native = (scenario: ScenarioId = 'model1'): LabTarget => ({ product: 'autodebit', scenario })
const preauth = (scenario: ScenarioId = 'model1'): LabTarget => ({ product: 'preauth_capture', scenario })
const requestMoney = (scenario: ScenarioId = 'model1'): LabTarget => ({ product: 'request_money', scenario })

const retryLater = /*i18n*/ {
  id: 'resolver.fix.retryLater',
  message: 'Retry later with back-off; treat the payment status as unknown and check it with Get payment details before charging again.',
}
const linkAgain = /*i18n*/ {
  id: 'resolver.fix.linkAgain',
  message: 'Run the user-authorization flow again to get a fresh userAuthorizationId, and store the new id.',
}

export const resolverEntries: readonly ResolverEntry[] = [
  // ── common ──────────────────────────────────────────────────────────────────────────────────────────────
  opa(
    'SUCCESS',
    /*i18n*/ { id: 'resolver.SUCCESS.cause', message: 'The call worked.' },
    /*i18n*/ { id: 'resolver.SUCCESS.fix', message: 'Nothing to fix; read data for the result.' },
    { lab: qr() },
  ),
  opa(
    'REQUEST_ACCEPTED',
    /*i18n*/ { id: 'resolver.REQUEST_ACCEPTED.cause', message: 'The operation is asynchronous (cancel, cashback): it was accepted and finishes later.' },
    /*i18n*/ { id: 'resolver.REQUEST_ACCEPTED.fix', message: 'Check the final state later with the matching Get call or wait for the webhook.' },
    { lab: native() },
  ),
  opa(
    'INVALID_PARAMS',
    /*i18n*/ {
      id: 'resolver.INVALID_PARAMS.cause',
      message: 'A field has a value the API does not accept (wrong type, too long, amount not a positive integer, an invalid refund amount).',
    },
    /*i18n*/ { id: 'resolver.INVALID_PARAMS.fix', message: 'Compare the body with the API reference; data.issues names the field in the sandbox.' },
    { lab: native('model4') },
  ),
  opa(
    'INVALID_REQUEST_PARAMS',
    /*i18n*/ { id: 'resolver.INVALID_REQUEST_PARAMS.cause', message: 'The request contains invalid data, for example a currency other than JPY.' },
    /*i18n*/ { id: 'resolver.INVALID_REQUEST_PARAMS.fix', message: 'Send currency "JPY" and values in the documented formats.' },
    { lab: qr() },
  ),
  opa(
    'MISSING_REQUEST_PARAMS',
    /*i18n*/ { id: 'resolver.MISSING_REQUEST_PARAMS.cause', message: 'A required field or query parameter is missing.' },
    /*i18n*/ { id: 'resolver.MISSING_REQUEST_PARAMS.fix', message: 'Add every field marked required in the API reference.' },
    { lab: native() },
  ),
  opa(
    'UNAUTHORIZED',
    /*i18n*/ {
      id: 'resolver.UNAUTHORIZED.cause',
      message:
        'The OPA-Auth header is missing or wrong: unknown or revoked API key, signature over a different path, body or content type, an epoch more than 2 minutes off, or a reused nonce.',
    },
    /*i18n*/ {
      id: 'resolver.UNAUTHORIZED.fix',
      message:
        'Sign with an active key and its secret, over the path without query, the exact body bytes and content type; sync the clock; use a new nonce per request.',
    },
    { lab: { product: 'qrcode', scenario: 'model2' } },
  ),
  opa(
    'OP_OUT_OF_SCOPE',
    /*i18n*/ {
      id: 'resolver.OP_OUT_OF_SCOPE.cause',
      message:
        "The key is not allowed this operation: the product is not among the merchant's products (Settings → OPA Scopes), the user did not grant the scope, or the key acts for another merchant (X-ASSUME-MERCHANT).",
    },
    /*i18n*/ {
      id: 'resolver.OP_OUT_OF_SCOPE.fix',
      message: 'Add the product in Settings → OPA Scopes, ask the user for the scope, or send your own merchant id.',
    },
    { lab: native() },
  ),
  opa(
    'OPA_CLIENT_NOT_FOUND',
    /*i18n*/ { id: 'resolver.OPA_CLIENT_NOT_FOUND.cause', message: 'The API client was not found (an older code; removed from the published API in 2026).' },
    /*i18n*/ { id: 'resolver.OPA_CLIENT_NOT_FOUND.fix', message: 'Check the API key and the environment (sandbox and live keys differ).' },
    { status: 404, codeIds: ['08100007'], meaning: /*i18n*/ { id: 'resolver.OPA_CLIENT_NOT_FOUND.meaning', message: 'OPA client not found.' } },
  ),
  opa(
    'RATE_LIMIT',
    /*i18n*/ { id: 'resolver.RATE_LIMIT.cause', message: 'Too many requests in a short time (about 4 or more per second).' },
    /*i18n*/ { id: 'resolver.RATE_LIMIT.fix', message: 'Slow down and retry with exponential back-off.' },
  ),
  opa('SERVICE_ERROR', /*i18n*/ { id: 'resolver.SERVICE_ERROR.cause', message: "Something went wrong on the provider's side." }, retryLater, {
    status: 500,
    codeIds: ['08100026'],
    meaning: /*i18n*/ { id: 'resolver.SERVICE_ERROR.meaning', message: 'Something went wrong on the provider side.' },
  }),
  opa(
    'INTERNAL_SERVER_ERROR',
    /*i18n*/ { id: 'resolver.INTERNAL_SERVER_ERROR.cause', message: 'An unexpected failure or a timeout; the outcome of the operation is unknown.' },
    retryLater,
  ),
  opa(
    'MAINTENANCE_MODE',
    /*i18n*/ { id: 'resolver.MAINTENANCE_MODE.cause', message: 'Scheduled maintenance.' },
    /*i18n*/ { id: 'resolver.MAINTENANCE_MODE.fix', message: 'Retry after the maintenance window.' },
  ),
  opa(
    'SERVICE_UNDER_MAINTENANCE',
    /*i18n*/ { id: 'resolver.SERVICE_UNDER_MAINTENANCE.cause', message: 'The service is under maintenance.' },
    /*i18n*/ { id: 'resolver.SERVICE_UNDER_MAINTENANCE.fix', message: 'Retry after the maintenance window.' },
    { status: 503, meaning: /*i18n*/ { id: 'resolver.SERVICE_UNDER_MAINTENANCE.meaning', message: 'Service under maintenance.' } },
  ),
  opa(
    'TRANSACTION_FAILED',
    /*i18n*/ { id: 'resolver.TRANSACTION_FAILED.cause', message: "The transaction failed on the provider's side." },
    /*i18n*/ { id: 'resolver.TRANSACTION_FAILED.fix', message: 'It is safe to retry as a new transaction (a new merchantPaymentId) after a back-off.' },
    {
      status: 500,
      codeIds: ['00200002', '00200003', '00800017'],
      meaning: /*i18n*/ { id: 'resolver.TRANSACTION_FAILED.meaning', message: 'Transaction failed.' },
    },
  ),
  // ── users ───────────────────────────────────────────────────────────────────────────────────────────────
  opa(
    'INVALID_USER_AUTHORIZATION_ID',
    /*i18n*/ {
      id: 'resolver.INVALID_USER_AUTHORIZATION_ID.cause',
      message: 'The userAuthorizationId is unknown, belongs to another merchant, or the user unlinked it.',
    },
    linkAgain,
    { lab: native() },
  ),
  opa(
    'EXPIRED_USER_AUTHORIZATION_ID',
    /*i18n*/ { id: 'resolver.EXPIRED_USER_AUTHORIZATION_ID.cause', message: 'The user authorization is older than its validity (about one year).' },
    linkAgain,
    { lab: native() },
  ),
  opa(
    'USER_STATE_IS_NOT_ACTIVE',
    /*i18n*/ { id: 'resolver.USER_STATE_IS_NOT_ACTIVE.cause', message: "The user's account is not active." },
    /*i18n*/ { id: 'resolver.USER_STATE_IS_NOT_ACTIVE.fix', message: 'Ask the user to check their account in the wallet app; do not retry automatically.' },
    { status: 401, meaning: /*i18n*/ { id: 'resolver.USER_STATE_IS_NOT_ACTIVE.meaning', message: 'The user is not active.' } },
  ),
  opa(
    'CANCELED_USER',
    /*i18n*/ { id: 'resolver.CANCELED_USER.cause', message: 'The user has cancelled (closed) their account.' },
    /*i18n*/ { id: 'resolver.CANCELED_USER.fix', message: 'Stop charging this user and remove the stored link.' },
    { codeIds: ['01103027'], meaning: /*i18n*/ { id: 'resolver.CANCELED_USER.meaning', message: 'User canceled.' } },
  ),
  opa(
    'NO_SUFFICIENT_FUND',
    /*i18n*/ { id: 'resolver.NO_SUFFICIENT_FUND.cause', message: "The user's balance does not cover the amount (the sandbox test user jiro has only ¥100)." },
    /*i18n*/ { id: 'resolver.NO_SUFFICIENT_FUND.fix', message: 'Ask the user to top up and retry; in the sandbox top up the test user on the dashboard.' },
    { lab: native() },
  ),
  opa(
    'UNACCEPTABLE_OP',
    /*i18n*/ {
      id: 'resolver.UNACCEPTABLE_OP.cause',
      message: "The operation is not possible in the order's current state (e.g. refund of an unpaid order, or a limit is exceeded).",
    },
    /*i18n*/ { id: 'resolver.UNACCEPTABLE_OP.fix', message: 'Read the payment details first and only refund or capture a COMPLETED / AUTHORIZED payment.' },
    { codeIds: ['00200013', '00200014', '00400035'], lab: qr() },
  ),
  opa(
    'LIMIT_EXCEEDED',
    /*i18n*/ { id: 'resolver.LIMIT_EXCEEDED.cause', message: 'The amount is above an upper limit, e.g. a capture above the authorised amount.' },
    /*i18n*/ { id: 'resolver.LIMIT_EXCEEDED.fix', message: 'Capture at most the authorised amount, or reauthorise first.' },
    { meaning: /*i18n*/ { id: 'resolver.LIMIT_EXCEEDED.meaning', message: 'Limit exceeded.' } },
  ),
  opa(
    'USER_DEFINED_DAILY_LIMIT_EXCEEDED',
    /*i18n*/ { id: 'resolver.USER_DEFINED_DAILY_LIMIT_EXCEEDED.cause', message: 'The user set a 24-hour spending limit and this payment exceeds it.' },
    /*i18n*/ { id: 'resolver.USER_DEFINED_DAILY_LIMIT_EXCEEDED.fix', message: 'Ask the user to raise the limit or pay later.' },
    { meaning: /*i18n*/ { id: 'resolver.USER_DEFINED_DAILY_LIMIT_EXCEEDED.meaning', message: 'User-defined daily limit exceeded.' } },
  ),
  opa(
    'USER_DEFINED_MONTHLY_LIMIT_EXCEEDED',
    /*i18n*/ { id: 'resolver.USER_DEFINED_MONTHLY_LIMIT_EXCEEDED.cause', message: 'The user set a 30-day spending limit and this payment exceeds it.' },
    /*i18n*/ { id: 'resolver.USER_DEFINED_MONTHLY_LIMIT_EXCEEDED.fix', message: 'Ask the user to raise the limit or pay later.' },
    { meaning: /*i18n*/ { id: 'resolver.USER_DEFINED_MONTHLY_LIMIT_EXCEEDED.meaning', message: 'User-defined monthly limit exceeded.' } },
  ),
  // ── dynamic QR / web payment ────────────────────────────────────────────────────────────────────────────
  opa(
    'DUPLICATE_DYNAMIC_QR_REQUEST',
    /*i18n*/ { id: 'resolver.DUPLICATE_DYNAMIC_QR_REQUEST.cause', message: 'A QR code with this merchantPaymentId already exists.' },
    /*i18n*/ {
      id: 'resolver.DUPLICATE_DYNAMIC_QR_REQUEST.fix',
      message: 'Use a new merchantPaymentId per order; to recover, read the existing one with Get payment details.',
    },
    { lab: qr() },
  ),
  opa(
    'PRE_AUTH_CAPTURE_UNSUPPORTED_MERCHANT',
    /*i18n*/ {
      id: 'resolver.PRE_AUTH_CAPTURE_UNSUPPORTED_MERCHANT.cause',
      message: 'isAuthorization is true but the merchant has no pre-authorisation product.',
    },
    /*i18n*/ {
      id: 'resolver.PRE_AUTH_CAPTURE_UNSUPPORTED_MERCHANT.fix',
      message: 'Add Pre-authorization and Capture in Settings → OPA Scopes, or send isAuthorization false.',
    },
    { lab: preauth() },
  ),
  opa(
    'PRE_AUTH_CAPTURE_INVALID_EXPIRY_DATE',
    /*i18n*/ {
      id: 'resolver.PRE_AUTH_CAPTURE_INVALID_EXPIRY_DATE.cause',
      message: "authorizationExpiry is in the past or beyond the merchant's maximum (30 days in the sandbox).",
    },
    /*i18n*/ {
      id: 'resolver.PRE_AUTH_CAPTURE_INVALID_EXPIRY_DATE.fix',
      message: 'Send an expiry in the future within the allowed days, or leave it out for the default.',
    },
    { lab: preauth() },
  ),
  opa(
    'DYNAMIC_QR_BAD_REQUEST',
    /*i18n*/ {
      id: 'resolver.DYNAMIC_QR_BAD_REQUEST.cause',
      message: 'The QR request has an invalid header, query or body (missing amount, codeType not ORDER_QR …).',
    },
    /*i18n*/ { id: 'resolver.DYNAMIC_QR_BAD_REQUEST.fix', message: 'Send merchantPaymentId, amount and codeType "ORDER_QR" in the documented formats.' },
    { lab: qr() },
  ),
  opa(
    'DYNAMIC_QR_ALREADY_PAID',
    /*i18n*/ { id: 'resolver.DYNAMIC_QR_ALREADY_PAID.cause', message: 'The QR code was already paid, so it cannot be deleted.' },
    /*i18n*/ { id: 'resolver.DYNAMIC_QR_ALREADY_PAID.fix', message: 'Cancel or refund the payment instead.' },
    { lab: qr() },
  ),
  opa(
    'DYNAMIC_QR_NOT_FOUND',
    /*i18n*/ { id: 'resolver.DYNAMIC_QR_NOT_FOUND.cause', message: "No QR code with this codeId (wrong id, another merchant's, or already deleted)." },
    /*i18n*/ { id: 'resolver.DYNAMIC_QR_NOT_FOUND.fix', message: 'Use the codeId from the create answer (not the merchantPaymentId).' },
    { lab: qr('model3') },
  ),
  opa(
    'DYNAMIC_QR_PAYMENT_NOT_FOUND',
    /*i18n*/ {
      id: 'resolver.DYNAMIC_QR_PAYMENT_NOT_FOUND.cause',
      message: 'No payment for this merchantPaymentId and the QR code is no longer usable (expired, deleted or cancelled unpaid).',
    },
    /*i18n*/ { id: 'resolver.DYNAMIC_QR_PAYMENT_NOT_FOUND.fix', message: 'Create a new QR code with a new merchantPaymentId.' },
    { lab: qr('model3') },
  ),
  opa(
    'EXPECTATION_FAILED',
    /*i18n*/ {
      id: 'resolver.EXPECTATION_FAILED.cause',
      message: 'The scope is not contracted, or the redirectUrl is not HTTPS on one of your allowed redirect domains (Settings → Configuration).',
    },
    /*i18n*/ {
      id: 'resolver.EXPECTATION_FAILED.fix',
      message:
        'Use an HTTPS redirectUrl on a domain listed in Settings → Configuration (http://localhost only while localhost is listed or the list is empty).',
    },
    { lab: { product: 'webcashier', scenario: 'model1' } },
  ),
  opa(
    'SESSION_NOT_FOUND',
    /*i18n*/ { id: 'resolver.SESSION_NOT_FOUND.cause', message: 'The account-link session is unknown or expired.' },
    /*i18n*/ { id: 'resolver.SESSION_NOT_FOUND.fix', message: 'Create a new account-link QR code.' },
    { status: 404, meaning: /*i18n*/ { id: 'resolver.SESSION_NOT_FOUND.meaning', message: 'Session not found.' } },
  ),
  // ── payments, cancel, pre-auth ──────────────────────────────────────────────────────────────────────────
  opa(
    'ORDER_NOT_REVERSIBLE',
    /*i18n*/ {
      id: 'resolver.ORDER_NOT_REVERSIBLE.cause',
      message:
        'The payment can no longer be cancelled: it is refunded, expired, captured or cancelled, or the cancel window (until 00:14:59 the next day) has passed.',
    },
    /*i18n*/ { id: 'resolver.ORDER_NOT_REVERSIBLE.fix', message: 'Refund the payment instead of cancelling it.' },
    { lab: native() },
  ),
  opa(
    'ORDER_NO_LONGER_AVAILABLE',
    /*i18n*/ { id: 'resolver.ORDER_NO_LONGER_AVAILABLE.cause', message: 'The order was purged by the data-retention policy.' },
    /*i18n*/ { id: 'resolver.ORDER_NO_LONGER_AVAILABLE.fix', message: 'Treat the order as closed; keep your own records.' },
    { meaning: /*i18n*/ { id: 'resolver.ORDER_NO_LONGER_AVAILABLE.meaning', message: 'The order is no longer available.' } },
  ),
  opa(
    'SUSPECTED_DUPLICATE_ORDER',
    /*i18n*/ { id: 'resolver.SUSPECTED_DUPLICATE_ORDER.cause', message: 'The same user paid the same amount moments ago; the API suspects a double charge.' },
    /*i18n*/ { id: 'resolver.SUSPECTED_DUPLICATE_ORDER.fix', message: 'If the charge is intended, send agreeSimilarTransaction=true.' },
    { lab: native() },
  ),
  opa(
    'USER_CONFIRMATION_REQUIRED',
    /*i18n*/ {
      id: 'resolver.USER_CONFIRMATION_REQUIRED.cause',
      message: 'The capture or reauthorisation is above the authorised amount, so the user must approve it.',
    },
    /*i18n*/ {
      id: 'resolver.USER_CONFIRMATION_REQUIRED.fix',
      message: "Wait for the user's approval (webhook or Get payment details); for a retry use a new merchantCaptureId.",
    },
    { codeIds: ['08300103', '08300104'], lab: preauth() },
  ),
  opa(
    'REAUTHORIZE_REJECTED',
    /*i18n*/ {
      id: 'resolver.REAUTHORIZE_REJECTED.cause',
      message: 'The payment is not AUTHORIZED, the payment method does not support it, or the request id was replayed.',
    },
    /*i18n*/ { id: 'resolver.REAUTHORIZE_REJECTED.fix', message: 'Reauthorise only AUTHORIZED payments, with a new requestId.' },
    { lab: preauth() },
  ),
  opa(
    'PAY_METHOD_INVALIDATED',
    /*i18n*/ { id: 'resolver.PAY_METHOD_INVALIDATED.cause', message: 'The payment method used for the authorisation is no longer valid.' },
    /*i18n*/ { id: 'resolver.PAY_METHOD_INVALIDATED.fix', message: 'Revert the authorisation and ask the user to pay again.' },
    { meaning: /*i18n*/ { id: 'resolver.PAY_METHOD_INVALIDATED.meaning', message: 'The payment method is no longer valid.' } },
  ),
  opa(
    'REAUTH_AMOUNT_UNCHANGED',
    /*i18n*/ { id: 'resolver.REAUTH_AMOUNT_UNCHANGED.cause', message: 'updatedAmount equals the authorised amount.' },
    /*i18n*/ { id: 'resolver.REAUTH_AMOUNT_UNCHANGED.fix', message: 'Send a different amount, or skip the reauthorisation.' },
    { lab: preauth() },
  ),
  opa(
    'REAUTH_MAX_LIMIT_EXCEEDED',
    /*i18n*/ { id: 'resolver.REAUTH_MAX_LIMIT_EXCEEDED.cause', message: 'The payment was reauthorised 10 times already.' },
    /*i18n*/ { id: 'resolver.REAUTH_MAX_LIMIT_EXCEEDED.fix', message: 'Capture or revert; a new order is needed to change the amount again.' },
    { lab: preauth() },
  ),
  opa('REAUTHORIZE_FAILED', /*i18n*/ { id: 'resolver.REAUTHORIZE_FAILED.cause', message: 'The reauthorisation could not update the payment.' }, retryLater, {
    meaning: /*i18n*/ { id: 'resolver.REAUTHORIZE_FAILED.meaning', message: 'Reauthorization failed.' },
  }),
  opa(
    'RESOURCE_NOT_FOUND',
    /*i18n*/ {
      id: 'resolver.RESOURCE_NOT_FOUND.cause',
      message: "Nothing exists at this id or path: a wrong or empty id, another merchant's order, or a paymentId where a merchantPaymentId belongs.",
    },
    /*i18n*/ { id: 'resolver.RESOURCE_NOT_FOUND.fix', message: 'Check the id and the path in the API reference.' },
    { codeIds: ['08100007', '00200001', '99200100'], lab: native('model4') },
  ),
  opa(
    'ALREADY_CAPTURED',
    /*i18n*/ { id: 'resolver.ALREADY_CAPTURED.cause', message: 'The authorisation was already captured.' },
    /*i18n*/ { id: 'resolver.ALREADY_CAPTURED.fix', message: 'Read the payment details; refund if the amount must change.' },
    { lab: preauth() },
  ),
  opa(
    'HIGHER_CAPTURE_NOT_PERMITTED',
    /*i18n*/ { id: 'resolver.HIGHER_CAPTURE_NOT_PERMITTED.cause', message: 'The merchant may not capture more than the authorised amount.' },
    /*i18n*/ { id: 'resolver.HIGHER_CAPTURE_NOT_PERMITTED.fix', message: 'Capture at most the authorised amount.' },
    { codeIds: ['00400062'], meaning: /*i18n*/ { id: 'resolver.HIGHER_CAPTURE_NOT_PERMITTED.meaning', message: 'A higher capture is not permitted.' } },
  ),
  opa(
    'ORDER_EXPIRED',
    /*i18n*/ { id: 'resolver.ORDER_EXPIRED.cause', message: 'The authorisation expired before the capture.' },
    /*i18n*/ { id: 'resolver.ORDER_EXPIRED.fix', message: 'Create a new pre-authorisation; capture before expiresAt.' },
    { lab: preauth() },
  ),
  opa(
    'ORDER_NOT_CAPTURABLE',
    /*i18n*/ { id: 'resolver.ORDER_NOT_CAPTURABLE.cause', message: 'The order is not in a capturable state (not AUTHORIZED).' },
    /*i18n*/ { id: 'resolver.ORDER_NOT_CAPTURABLE.fix', message: 'Capture only AUTHORIZED payments.' },
    { lab: preauth() },
  ),
  opa(
    'REAUTHORIZATION_IN_PROGRESS',
    /*i18n*/ { id: 'resolver.REAUTHORIZATION_IN_PROGRESS.cause', message: 'A reauthorisation is waiting for the user.' },
    /*i18n*/ { id: 'resolver.REAUTHORIZATION_IN_PROGRESS.fix', message: "Wait for the user's answer, then capture." },
    { codeIds: ['00200038'], meaning: /*i18n*/ { id: 'resolver.REAUTHORIZATION_IN_PROGRESS.meaning', message: 'Reauthorization in progress.' } },
  ),
  opa(
    'TOO_CLOSE_TO_EXPIRY',
    /*i18n*/ { id: 'resolver.TOO_CLOSE_TO_EXPIRY.cause', message: 'The authorisation expires too soon for this operation.' },
    /*i18n*/ { id: 'resolver.TOO_CLOSE_TO_EXPIRY.fix', message: 'Capture right away or create a new authorisation.' },
    { codeIds: ['00400064'], meaning: /*i18n*/ { id: 'resolver.TOO_CLOSE_TO_EXPIRY.meaning', message: 'Too close to expiry.' } },
  ),
  opa(
    'ORDER_NOT_CANCELABLE',
    /*i18n*/ { id: 'resolver.ORDER_NOT_CANCELABLE.cause', message: 'The authorisation cannot be reverted in its state.' },
    /*i18n*/ { id: 'resolver.ORDER_NOT_CANCELABLE.fix', message: 'Revert only AUTHORIZED payments; refund a captured one.' },
    { lab: preauth() },
  ),
  // ── refunds ─────────────────────────────────────────────────────────────────────────────────────────────
  opa(
    'THROTTLED_MULTIPLE_REFUND_REJECTED',
    /*i18n*/ { id: 'resolver.THROTTLED_MULTIPLE_REFUND_REJECTED.cause', message: 'A similar refund is still being processed.' },
    /*i18n*/ { id: 'resolver.THROTTLED_MULTIPLE_REFUND_REJECTED.fix', message: 'Retry after one minute.' },
    { meaning: /*i18n*/ { id: 'resolver.THROTTLED_MULTIPLE_REFUND_REJECTED.meaning', message: 'A similar refund is in progress.' } },
  ),
  opa(
    'REFUND_LIMIT_EXCEEDED',
    /*i18n*/ { id: 'resolver.REFUND_LIMIT_EXCEEDED.cause', message: 'The maximum number of refunds for the order was reached.' },
    /*i18n*/ { id: 'resolver.REFUND_LIMIT_EXCEEDED.fix', message: 'No further refund is possible for this order.' },
    { meaning: /*i18n*/ { id: 'resolver.REFUND_LIMIT_EXCEEDED.meaning', message: 'Refund limit exceeded.' } },
  ),
  opa(
    'REFUND_WINDOW_EXCEED',
    /*i18n*/ { id: 'resolver.REFUND_WINDOW_EXCEED.cause', message: 'The refund window passed (24 hours in the sandbox), or a gift voucher used has expired.' },
    /*i18n*/ { id: 'resolver.REFUND_WINDOW_EXCEED.fix', message: 'Refund within the window; settle older orders outside the API.' },
    { lab: native() },
  ),
  opa(
    'MERCHANT_MULTIPLE_REFUND_REJECTED',
    /*i18n*/ {
      id: 'resolver.MERCHANT_MULTIPLE_REFUND_REJECTED.cause',
      message: 'The order was refunded once already and multiple refunds are not enabled (one refund per order).',
    },
    /*i18n*/ { id: 'resolver.MERCHANT_MULTIPLE_REFUND_REJECTED.fix', message: 'Refund the full amount you need in one refund.' },
    { lab: native() },
  ),
  opa(
    'NO_SUCH_REFUND_ORDER',
    /*i18n*/ { id: 'resolver.NO_SUCH_REFUND_ORDER.cause', message: 'No refund with this merchantRefundId (or not for this paymentId).' },
    /*i18n*/ { id: 'resolver.NO_SUCH_REFUND_ORDER.fix', message: "Use the merchantRefundId you sent when refunding, with the payment's paymentId." },
    { lab: native('model4') },
  ),
  // ── request money ───────────────────────────────────────────────────────────────────────────────────────
  opa(
    'DUPLICATE_REQUEST_ORDER',
    /*i18n*/ { id: 'resolver.DUPLICATE_REQUEST_ORDER.cause', message: 'A request order with this merchantPaymentId exists.' },
    /*i18n*/ { id: 'resolver.DUPLICATE_REQUEST_ORDER.fix', message: 'Use a new merchantPaymentId per request.' },
    { lab: requestMoney() },
  ),
  opa(
    'REQUEST_ORDER_NOT_FOUND',
    /*i18n*/ { id: 'resolver.REQUEST_ORDER_NOT_FOUND.cause', message: 'No request order with this merchantPaymentId.' },
    /*i18n*/ { id: 'resolver.REQUEST_ORDER_NOT_FOUND.fix', message: 'Check the id; create the request order first.' },
    { lab: requestMoney('model2') },
  ),
  opa(
    'INVALID_REQUEST_ORDER_STATE',
    /*i18n*/ { id: 'resolver.INVALID_REQUEST_ORDER_STATE.cause', message: 'The request order is already paid or cancelled.' },
    /*i18n*/ { id: 'resolver.INVALID_REQUEST_ORDER_STATE.fix', message: 'Read its state first; refund a paid one instead.' },
    { lab: requestMoney() },
  ),
  // ── cashback ────────────────────────────────────────────────────────────────────────────────────────────
  opa(
    'VALIDATION_FAILED_EXCEPTION',
    /*i18n*/ { id: 'resolver.VALIDATION_FAILED_EXCEPTION.cause', message: 'Validation failed, typically a merchantCashbackId used before.' },
    /*i18n*/ { id: 'resolver.VALIDATION_FAILED_EXCEPTION.fix', message: 'Use a new merchantCashbackId per cashback.' },
  ),
  opa('FAILURE', /*i18n*/ { id: 'resolver.FAILURE.cause', message: 'The cashback could not be given.' }, retryLater, {
    meaning: /*i18n*/ { id: 'resolver.FAILURE.meaning', message: 'Failure.' },
  }),
  opa(
    'TRANSACTION_NOT_FOUND',
    /*i18n*/ { id: 'resolver.TRANSACTION_NOT_FOUND.cause', message: 'No cashback (or transaction) with this id.' },
    /*i18n*/ { id: 'resolver.TRANSACTION_NOT_FOUND.fix', message: 'Use the merchantCashbackId you sent.' },
  ),
  // ── sandbox only ────────────────────────────────────────────────────────────────────────────────────────
  opa(
    'SANDBOX_TEST_USER_NOT_FOUND',
    /*i18n*/ { id: 'resolver.SANDBOX_TEST_USER_NOT_FOUND.cause', message: 'The test user does not belong to this merchant.' },
    /*i18n*/ { id: 'resolver.SANDBOX_TEST_USER_NOT_FOUND.fix', message: 'Pick a test user from the dashboard list.' },
  ),
  opa(
    'SANDBOX_TOP_UP_LIMIT',
    /*i18n*/ { id: 'resolver.SANDBOX_TOP_UP_LIMIT.cause', message: 'This test user was topped up this month already (once a month).' },
    /*i18n*/ { id: 'resolver.SANDBOX_TOP_UP_LIMIT.fix', message: 'Top up another test user, or wait for next month.' },
  ),
  opa(
    'SANDBOX_SESSION_NOT_FOUND',
    /*i18n*/ { id: 'resolver.SANDBOX_SESSION_NOT_FOUND.cause', message: 'The consent page session expired (30 minutes) or never existed.' },
    /*i18n*/ { id: 'resolver.SANDBOX_SESSION_NOT_FOUND.fix', message: 'Start the user authorization again.' },
  ),
  opa(
    'SANDBOX_DIRECTIVE_INVALID',
    /*i18n*/ {
      id: 'resolver.SANDBOX_DIRECTIVE_INVALID.cause',
      message: 'The sandbox was asked (X-Sandbox-Force) for a code this endpoint does not publish, or for a delay (X-Sandbox-Delay-Ms) beyond 30 seconds.',
    },
    /*i18n*/ { id: 'resolver.SANDBOX_DIRECTIVE_INVALID.fix', message: 'Pick one of the codes listed in data.applicable, and a delay from 0 to 30000 ms.' },
  ),
  opa(
    'SANDBOX_LOG_ENTRY_NOT_FOUND',
    /*i18n*/ {
      id: 'resolver.SANDBOX_LOG_ENTRY_NOT_FOUND.cause',
      message: 'The request log has no entry with this id for the merchant: it was pruned (the log keeps the newest 200) or belongs to another merchant.',
    },
    /*i18n*/ { id: 'resolver.SANDBOX_LOG_ENTRY_NOT_FOUND.fix', message: 'Reload the request log and pick an entry from it.' },
  ),
  opa(
    'SANDBOX_LOG_ENTRY_NOT_REPLAYABLE',
    /*i18n*/ {
      id: 'resolver.SANDBOX_LOG_ENTRY_NOT_REPLAYABLE.cause',
      message: 'The logged request cannot be rebuilt: its body was masked or cut, or the merchant has no active API key.',
    },
    /*i18n*/ { id: 'resolver.SANDBOX_LOG_ENTRY_NOT_REPLAYABLE.fix', message: 'Send the request again from your own client, or generate an API key.' },
  ),
  opa(
    'SANDBOX_LOG_ENTRY_NOT_VERIFIED',
    /*i18n*/ {
      id: 'resolver.SANDBOX_LOG_ENTRY_NOT_VERIFIED.cause',
      message:
        "The logged request's signature did not verify when it arrived, so the sandbox will not sign it again: anyone who knows your API key (not the secret) can put such a request in your log.",
    },
    /*i18n*/ {
      id: 'resolver.SANDBOX_LOG_ENTRY_NOT_VERIFIED.fix',
      message: 'Read why in the signature debugger; send the request from your own server, signed with your secret.',
    },
  ),
  opa(
    'SANDBOX_SEED_INVALID',
    /*i18n*/ {
      id: 'resolver.SANDBOX_SEED_INVALID.cause',
      message: 'The seed file breaks its schema (sizes, id patterns, amount ranges) or points at a test user, authorization or refund that is not in it.',
    },
    /*i18n*/ { id: 'resolver.SANDBOX_SEED_INVALID.fix', message: 'Fix each path listed in data.issues; docs/sandbox-state.md has a valid example.' },
  ),
  opa(
    'SANDBOX_SNAPSHOT_NOT_FOUND',
    /*i18n*/ { id: 'resolver.SANDBOX_SNAPSHOT_NOT_FOUND.cause', message: 'The snapshot was deleted or belongs to another merchant.' },
    /*i18n*/ { id: 'resolver.SANDBOX_SNAPSHOT_NOT_FOUND.fix', message: 'List the snapshots (GET /sandbox/api/snapshots) and use an id from it.' },
  ),
  opa(
    'SANDBOX_SNAPSHOT_LIMIT',
    /*i18n*/ { id: 'resolver.SANDBOX_SNAPSHOT_LIMIT.cause', message: 'The merchant keeps 5 snapshots already.' },
    /*i18n*/ { id: 'resolver.SANDBOX_SNAPSHOT_LIMIT.fix', message: 'Delete a snapshot you no longer need, then take the new one.' },
  ),
  opa(
    'SANDBOX_SNAPSHOT_TOO_LARGE',
    /*i18n*/ { id: 'resolver.SANDBOX_SNAPSHOT_TOO_LARGE.cause', message: 'The sandbox holds more than 2 MB of rows.' },
    /*i18n*/ { id: 'resolver.SANDBOX_SNAPSHOT_TOO_LARGE.fix', message: 'Reset the sandbox or load a smaller seed file, then take the snapshot.' },
  ),
  opa(
    'SANDBOX_SHARED_MERCHANT',
    /*i18n*/ {
      id: 'resolver.SANDBOX_SHARED_MERCHANT.cause',
      message: "A reset, seed or restore was signed with the public demo merchant's key, whose data every visitor shares.",
    },
    /*i18n*/ { id: 'resolver.SANDBOX_SHARED_MERCHANT.fix', message: "Sign up and use your own merchant's API key and secret." },
  ),
  opa(
    'SANDBOX_WEBHOOK_NOT_FOUND',
    /*i18n*/ {
      id: 'resolver.SANDBOX_WEBHOOK_NOT_FOUND.cause',
      message: 'The webhook log has no delivery with this id for the merchant: it was pruned (the log keeps the newest 200) or belongs to another merchant.',
    },
    /*i18n*/ { id: 'resolver.SANDBOX_WEBHOOK_NOT_FOUND.fix', message: 'List the deliveries (GET /sandbox/api/webhooks) and use an id from it.' },
  ),
  opa(
    'SANDBOX_COMMAND_NOT_FOUND',
    /*i18n*/ { id: 'resolver.SANDBOX_COMMAND_NOT_FOUND.cause', message: 'The command line or an agent asked for a sandbox command this server does not have.' },
    /*i18n*/ {
      id: 'resolver.SANDBOX_COMMAND_NOT_FOUND.fix',
      message: 'List the commands (npx paylab --help, GET /sandbox/api/commands or the MCP tool list) and use one of their names.',
    },
  ),
  opa(
    'SANDBOX_COMMAND_INVALID',
    /*i18n*/ { id: 'resolver.SANDBOX_COMMAND_INVALID.cause', message: "A field of the command's input is missing or not valid; the command did nothing." },
    /*i18n*/ {
      id: 'resolver.SANDBOX_COMMAND_INVALID.fix',
      message: 'Fix each field named in data.issues (the tool schema says what each takes) and run it again.',
    },
  ),
  opa(
    'METHOD_NOT_ALLOWED',
    /*i18n*/ { id: 'resolver.METHOD_NOT_ALLOWED.cause', message: 'The path exists but not with this HTTP method.' },
    /*i18n*/ { id: 'resolver.METHOD_NOT_ALLOWED.fix', message: 'Use the method given in the API reference (e.g. DELETE to cancel, GET to read).' },
  ),
  opa(
    'PAYLOAD_TOO_LARGE',
    /*i18n*/ { id: 'resolver.PAYLOAD_TOO_LARGE.cause', message: 'The request body is over 1 MB.' },
    /*i18n*/ { id: 'resolver.PAYLOAD_TOO_LARGE.fix', message: 'Send only the documented fields.' },
  ),
  opa(
    'UNSUPPORTED_MEDIA_TYPE',
    /*i18n*/ { id: 'resolver.UNSUPPORTED_MEDIA_TYPE.cause', message: 'The body is not JSON.' },
    /*i18n*/ { id: 'resolver.UNSUPPORTED_MEDIA_TYPE.fix', message: 'Send JSON with Content-Type application/json.' },
  ),
  // ── the mini-app studio's server (issue 21) ──────────────────────────────────────────────────────────────
  opa(
    'MINIAPP_NOT_FOUND',
    /*i18n*/ {
      id: 'resolver.MINIAPP_NOT_FOUND.cause',
      message: 'The studio or npm run miniapp asked for a mini app id this server does not hold (a typo, or an app uploaded to another PayLab).',
    },
    /*i18n*/ {
      id: 'resolver.MINIAPP_NOT_FOUND.fix',
      message: "Upload the folder again (the studio's folder picker or npm run miniapp -- <folder>) and open the studio link it prints.",
    },
  ),
  opa(
    'MINIAPP_EDIT_REFUSED',
    /*i18n*/ {
      id: 'resolver.MINIAPP_EDIT_REFUSED.cause',
      message: "Replacing a mini app's files needs the edit token given when it was uploaded (header X-MiniApp-Edit-Token), and it was missing or wrong.",
    },
    /*i18n*/ { id: 'resolver.MINIAPP_EDIT_REFUSED.fix', message: "Send the editToken from the upload's answer, or upload the folder as a new app." },
  ),
  opa(
    'MINIAPP_READ_ONLY',
    /*i18n*/ { id: 'resolver.MINIAPP_READ_ONLY.cause', message: 'The example mini app (id example) is part of PayLab and cannot be changed.' },
    /*i18n*/ {
      id: 'resolver.MINIAPP_READ_ONLY.fix',
      message: 'Copy src/content/miniapps/cake-shop to a folder of your own and run npm run miniapp -- <folder>.',
    },
  ),
  opa(
    'MINIAPP_TOO_LARGE',
    /*i18n*/ { id: 'resolver.MINIAPP_TOO_LARGE.cause', message: "The mini app sent is over the studio's limits: at most 200 files and 5 MB in all." },
    /*i18n*/ {
      id: 'resolver.MINIAPP_TOO_LARGE.fix',
      message: 'Leave build output, node_modules and source maps out of the folder; a mini app needs only its pages, images and app.json.',
    },
  ),
  opa(
    'MINIAPP_FILE_NOT_FOUND',
    /*i18n*/ { id: 'resolver.MINIAPP_FILE_NOT_FOUND.cause', message: 'A page or asset the mini app refers to is not among its uploaded files.' },
    /*i18n*/ {
      id: 'resolver.MINIAPP_FILE_NOT_FOUND.fix',
      message:
        'Check the path against the folder (it is relative to the app root, e.g. pages/home/home.html) and upload again; npm run miniapp:validate lists missing page files.',
    },
  ),
  opa(
    'MINIAPP_KEY_NOT_FOUND',
    /*i18n*/ { id: 'resolver.MINIAPP_KEY_NOT_FOUND.cause', message: 'No public key of the sandbox has the kid asked for.' },
    /*i18n*/ {
      id: 'resolver.MINIAPP_KEY_NOT_FOUND.fix',
      message: 'Take the kid from the header of the JWS you verify; without a kid the current key is answered.',
    },
  ),
  // ── portal account API ──────────────────────────────────────────────────────────────────────────────────
  acct(
    '040000019',
    /*i18n*/ { id: 'resolver.040000019.cause', message: 'Sign-up with an e-mail that already has a developer account.' },
    /*i18n*/ { id: 'resolver.040000019.fix', message: 'Sign in instead, or sign up with another e-mail.' },
  ),
  acct(
    '040000018',
    /*i18n*/ { id: 'resolver.040000018.cause', message: 'The e-mail belongs to a wallet-app or business account (non developer account).' },
    /*i18n*/ { id: 'resolver.040000018.fix', message: 'At sign-in accept the terms to make it a developer account; at sign-up use another e-mail.' },
  ),
  acct(
    '040000002',
    /*i18n*/ { id: 'resolver.040000002.cause', message: 'No account exists for this e-mail.' },
    /*i18n*/ { id: 'resolver.040000002.fix', message: 'Sign up first.' },
  ),
  acct(
    '01102004',
    /*i18n*/ { id: 'resolver.01102004.cause', message: 'The e-mail or the password is wrong.' },
    /*i18n*/ { id: 'resolver.01102004.fix', message: 'Check both, or reset the password.' },
  ),
  acct(
    '01101007',
    /*i18n*/ { id: 'resolver.01101007.cause', message: 'Too many failed sign-ins: the account is locked for 15 minutes.' },
    /*i18n*/ { id: 'resolver.01101007.fix', message: 'Wait, then sign in; reset the password if you forgot it.' },
  ),
  acct(
    '040000020',
    /*i18n*/ { id: 'resolver.040000020.cause', message: 'Sign-in from a new device needs a one-time password.' },
    /*i18n*/ { id: 'resolver.040000020.fix', message: 'Enter the 4-digit code mailed to you.' },
    { meaning: /*i18n*/ { id: 'resolver.040000020.meaning', message: 'One-time password required.' } },
  ),
  acct(
    '01103101',
    /*i18n*/ { id: 'resolver.01103101.cause', message: 'A new one-time password was asked for before the 60-second wait ended.' },
    /*i18n*/ { id: 'resolver.01103101.fix', message: 'Wait for the countdown, then resend.' },
    { meaning: /*i18n*/ { id: 'resolver.01103101.meaning', message: 'Please wait before requesting a new OTP.' } },
  ),
  acct(
    'INVALID_GRANT',
    /*i18n*/ { id: 'resolver.INVALID_GRANT.cause', message: 'The one-time password is wrong.' },
    /*i18n*/ { id: 'resolver.INVALID_GRANT.fix', message: 'Enter the latest code from the mail.' },
  ),
  acct(
    'OTP_EXPIRED',
    /*i18n*/ { id: 'resolver.OTP_EXPIRED.cause', message: 'The one-time password expired (10 minutes) or was used.' },
    /*i18n*/ { id: 'resolver.OTP_EXPIRED.fix', message: 'Start again to get a new code.' },
  ),
  acct(
    'OTP_ATTEMPTS_EXCEEDED',
    /*i18n*/ { id: 'resolver.OTP_ATTEMPTS_EXCEEDED.cause', message: 'Five wrong one-time passwords in a row.' },
    /*i18n*/ { id: 'resolver.OTP_ATTEMPTS_EXCEEDED.fix', message: 'Start again to get a new code.' },
  ),
  acct(
    'SIGNUP_FAILED',
    /*i18n*/ { id: 'resolver.SIGNUP_FAILED.cause', message: 'Sign-up could not be completed.' },
    /*i18n*/ { id: 'resolver.SIGNUP_FAILED.fix', message: 'Try again later.' },
  ),
  acct(
    'PASSWORD_RESET_FAILED',
    /*i18n*/ { id: 'resolver.PASSWORD_RESET_FAILED.cause', message: 'The reset mail could not be sent.' },
    /*i18n*/ { id: 'resolver.PASSWORD_RESET_FAILED.fix', message: 'Try again later.' },
  ),
  acct(
    'EMAIL_INVALID',
    /*i18n*/ { id: 'resolver.EMAIL_INVALID.cause', message: 'The e-mail address is not valid.' },
    /*i18n*/ { id: 'resolver.EMAIL_INVALID.fix', message: 'Enter an address like name@example.com.' },
  ),
  acct(
    'PASSWORD_POLICY',
    /*i18n*/ { id: 'resolver.PASSWORD_POLICY.cause', message: 'The password breaks the policy.' },
    /*i18n*/ { id: 'resolver.PASSWORD_POLICY.fix', message: 'Use 6 to 32 characters with a symbol, a digit, a lowercase and an uppercase letter.' },
  ),
  acct(
    'TERMS_TICKET_INVALID',
    /*i18n*/ { id: 'resolver.TERMS_TICKET_INVALID.cause', message: 'The terms acceptance took too long (10 minutes).' },
    /*i18n*/ { id: 'resolver.TERMS_TICKET_INVALID.fix', message: 'Sign in again.' },
  ),
  acct(
    'RESET_TOKEN_INVALID',
    /*i18n*/ { id: 'resolver.RESET_TOKEN_INVALID.cause', message: 'The password-reset link expired (30 minutes) or was used.' },
    /*i18n*/ { id: 'resolver.RESET_TOKEN_INVALID.fix', message: 'Ask for a new reset mail.' },
  ),
  acct(
    'LOGO_REQUIRED',
    /*i18n*/ { id: 'resolver.LOGO_REQUIRED.cause', message: 'No logo file was sent.' },
    /*i18n*/ { id: 'resolver.LOGO_REQUIRED.fix', message: 'Choose a JPG or PNG logo, or skip the step.' },
  ),
  acct(
    'LOGO_TYPE',
    /*i18n*/ { id: 'resolver.LOGO_TYPE.cause', message: 'The file is not a JPG or PNG image.' },
    /*i18n*/ { id: 'resolver.LOGO_TYPE.fix', message: 'Upload a JPG or PNG.' },
  ),
  acct(
    'LOGO_TOO_LARGE',
    /*i18n*/ { id: 'resolver.LOGO_TOO_LARGE.cause', message: 'The logo file is larger than 256 KB.' },
    /*i18n*/ { id: 'resolver.LOGO_TOO_LARGE.fix', message: 'Compress or shrink the image.' },
  ),
  acct(
    'LOGO_DIMENSIONS',
    /*i18n*/ { id: 'resolver.LOGO_DIMENSIONS.cause', message: 'The logo is not square or larger than 222×222 px.' },
    /*i18n*/ { id: 'resolver.LOGO_DIMENSIONS.fix', message: 'Upload a square image up to 222×222 px.' },
  ),
  acct(
    'MERCHANT_ALREADY_CREATED',
    /*i18n*/ { id: 'resolver.MERCHANT_ALREADY_CREATED.cause', message: 'The account has its merchant already.' },
    /*i18n*/ { id: 'resolver.MERCHANT_ALREADY_CREATED.fix', message: 'Go to the dashboard.' },
  ),
  acct(
    'EMAIL_MISMATCH',
    /*i18n*/ { id: 'resolver.EMAIL_MISMATCH.cause', message: "The e-mail in the request is not the signed-in account's." },
    /*i18n*/ { id: 'resolver.EMAIL_MISMATCH.fix', message: "Send the signed-in account's e-mail." },
  ),
  acct(
    'API_KEY_LIMIT',
    /*i18n*/ { id: 'resolver.API_KEY_LIMIT.cause', message: 'The merchant has 20 active keys.' },
    /*i18n*/ { id: 'resolver.API_KEY_LIMIT.fix', message: 'Revoke keys you no longer use, then generate a new one.' },
  ),
  acct(
    'ASSUMED_MERCHANT_REFUSED',
    /*i18n*/ { id: 'resolver.ASSUMED_MERCHANT_REFUSED.cause', message: "X-ASSUME-MERCHANT names a merchant that is not yours or not the selected mode's." },
    /*i18n*/ { id: 'resolver.ASSUMED_MERCHANT_REFUSED.fix', message: 'Send the merchant id of the selected mode (test or live) shown on the dashboard.' },
  ),
  acct(
    'MERCHANT_REQUIRED',
    /*i18n*/ { id: 'resolver.MERCHANT_REQUIRED.cause', message: 'Sign-up stopped before the merchant was created.' },
    /*i18n*/ { id: 'resolver.MERCHANT_REQUIRED.fix', message: 'Finish sign-up (merchant and products).' },
  ),
  acct(
    'LIVE_MODE_INACTIVE',
    /*i18n*/ { id: 'resolver.LIVE_MODE_INACTIVE.cause', message: 'Live mode was asked for before the account was activated.' },
    /*i18n*/ { id: 'resolver.LIVE_MODE_INACTIVE.fix', message: 'Activate the account from the dashboard.' },
  ),
  acct(
    'API_KEY_NOT_FOUND',
    /*i18n*/ { id: 'resolver.API_KEY_NOT_FOUND.cause', message: "No active key with this id (already revoked, or another merchant's)." },
    /*i18n*/ { id: 'resolver.API_KEY_NOT_FOUND.fix', message: 'Refresh the key list.' },
  ),
  acct(
    'API_KEY_LAST',
    /*i18n*/ { id: 'resolver.API_KEY_LAST.cause', message: 'Revoking it would leave the merchant without a key.' },
    /*i18n*/ { id: 'resolver.API_KEY_LAST.fix', message: 'Generate a new key first, switch your code to it, then revoke the old one.' },
  ),
  acct(
    'CROSS_SITE_REQUEST',
    /*i18n*/ {
      id: 'resolver.CROSS_SITE_REQUEST.cause',
      message: "A browser sent a state-changing portal call from another site (its Origin or Sec-Fetch-Site header is not the portal's own).",
    },
    /*i18n*/ {
      id: 'resolver.CROSS_SITE_REQUEST.fix',
      message: "Call the portal API from the portal's own pages, or from a server (which sends no Origin header).",
    },
  ),
  acct(
    'UNKNOWN_HOST',
    /*i18n*/ {
      id: 'resolver.UNKNOWN_HOST.cause',
      message:
        "The request's Host is not one of the server's own names (loopback, PUBLIC_ORIGIN, ALLOWED_HOSTS): the server refuses it so that no web page can reach it by pointing its own name at this machine (DNS rebinding).",
    },
    /*i18n*/ {
      id: 'resolver.UNKNOWN_HOST.fix',
      message:
        'Open the server at localhost or an address it listens on; the operator adds other names to ALLOWED_HOSTS (or sets PUBLIC_ORIGIN) and restarts it.',
    },
  ),
  acct(
    'MERCHANT_TOP_UP_LIMIT',
    /*i18n*/ { id: 'resolver.MERCHANT_TOP_UP_LIMIT.cause', message: 'The sandbox balance was topped up this month already (once a month).' },
    /*i18n*/ { id: 'resolver.MERCHANT_TOP_UP_LIMIT.fix', message: 'Wait for next month, or top up a single test user.' },
  ),
]

const byCode = new Map(resolverEntries.map((e) => [e.code, e]))

/** Normalises what a developer pastes: `"UNAUTHORIZED"`, `unauthorized`, ` code: UNAUTHORIZED `. */
const normalise = (code: string) =>
  code
    .trim()
    .replace(/^["'`]+|["'`,]+$/g, '')
    .replace(/^code\s*[:=]\s*/i, '')
    .trim()
    .toUpperCase()

function distance(a: string, b: string) {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const temp = row[j]!
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1))
      prev = temp
    }
  }
  return row[b.length]!
}

/** Lab page link of a target (the portal's route, product tab by search param). */
export const labPathOf = (t: LabTarget) => `/develop/paylab-lab?product=${t.product}&scenario=${t.scenario}`

export interface ResolvedEntry {
  code: string
  status: number
  codeIds: string[]
  meaning: string
  cause: string
  fix: string
  lab: (LabTarget & { path: string }) | null
}

/** An entry's texts in the language of `i18n` (on the server, the instance of the request's language). */
const view = (e: ResolverEntry, i18n: I18n): ResolvedEntry => {
  return {
    code: e.code,
    status: e.status,
    codeIds: [...e.codeIds],
    meaning: (e.meaning ? i18n._(e.meaning) : isErrorCode(e.code) ? errorMessage(i18n, e.code) : '') || i18n._(e.cause),
    cause: i18n._(e.cause),
    fix: i18n._(e.fix),
    lab: e.lab ? { ...e.lab, path: labPathOf(e.lab) } : null,
  }
}

/**
 * Looks a pasted code up: exactly by code, else by codeId (a code that is really a codeId, or `codeId`), else
 * not found with up to five near matches (edit distance, or one code containing the other). Texts are in the language
 * of `i18n`.
 */
export function resolveCode(query: { code: string; codeId?: string; apiName?: string }, i18n: I18n) {
  const code = normalise(query.code)
  const codeId = query.codeId?.trim() || (/^\d{6,10}$/.test(code) ? code : undefined)
  let found = byCode.get(code)
  if (!found && codeId) {
    const matches = resolverEntries.filter((e) => e.codeIds.includes(codeId))
    found = matches.length === 1 ? matches[0] : undefined
  }
  const near =
    found || code === ''
      ? []
      : resolverEntries
          .map((e) => ({ e, d: e.code.includes(code) || code.includes(e.code) ? 0 : distance(code, e.code) }))
          .filter(({ e, d }) => d <= Math.max(2, Math.floor(e.code.length / 3)) || (codeId !== undefined && e.codeIds.includes(codeId)))
          .sort((x, y) => x.d - y.d || x.e.code.localeCompare(y.e.code))
          .slice(0, 5)
          .map(({ e }) => ({ code: e.code, meaning: view(e, i18n).meaning }))
  return {
    query: { code: query.code, code_id: query.codeId ?? null, api_name: query.apiName ?? null },
    found: found !== undefined,
    entry: found ? view(found, i18n) : null,
    near,
  }
}
