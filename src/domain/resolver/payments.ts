import { type ResolverEntry, opa, native, preauth, requestMoney, retryLater } from './entry.ts'

/** Resolver entries of payments, cancel, pre-auth, refunds, request money and cashback (assembled by src/domain/resolver.ts). */
export const paymentEntries: readonly ResolverEntry[] = [
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
]
