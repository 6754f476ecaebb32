import { type ResolverEntry, opa, qr, native, preauth, linkAgain } from './entry.ts'

/** Resolver entries of the user-authorization and dynamic QR / web payment APIs (assembled by src/domain/resolver.ts). */
export const userAndQrEntries: readonly ResolverEntry[] = [
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
]
