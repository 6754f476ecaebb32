import { errorOf, type ErrorEntry } from './error-entry.ts'

/**
 * Error codes of the OPA sandbox, with the provider's published HTTP status and codeId where one is published
 * (reference tables of the Dynamic QR API description and the official SDKs). Where the provider publishes a
 * code but no codeId, PayLab invents one starting with `99`; docs/sandbox.md lists them as invented.
 * Codes that differ in codeId by endpoint (INVALID_PARAMS, RESOURCE_NOT_FOUND, UNACCEPTABLE_OP …) are thrown
 * with an override from `opaCodeIds` below.
 */
const e = errorOf

export const sandboxErrors = {
  USER_CONFIRMATION_REQUIRED: e(
    202,
    '08300103',
    /*i18n*/ { id: 'error.USER_CONFIRMATION_REQUIRED', message: 'User confirmation required as requested amount is above allowed limit.' },
  ),
  DUPLICATE_DYNAMIC_QR_REQUEST: e(400, '01652073', /*i18n*/ { id: 'error.DUPLICATE_DYNAMIC_QR_REQUEST', message: 'Duplicate Dynamic QR request.' }),
  PRE_AUTH_CAPTURE_UNSUPPORTED_MERCHANT: e(
    400,
    '00400060',
    /*i18n*/ { id: 'error.PRE_AUTH_CAPTURE_UNSUPPORTED_MERCHANT', message: 'Merchant is not enabled for pre-authorisation and capture.' },
  ),
  PRE_AUTH_CAPTURE_INVALID_EXPIRY_DATE: e(
    400,
    '00400061',
    /*i18n*/ { id: 'error.PRE_AUTH_CAPTURE_INVALID_EXPIRY_DATE', message: 'The expiry is beyond the maximum allowed for the merchant.' },
  ),
  DYNAMIC_QR_BAD_REQUEST: e(400, '01650000', /*i18n*/ { id: 'error.DYNAMIC_QR_BAD_REQUEST', message: 'Dynamic QR bad request error.' }),
  DYNAMIC_QR_ALREADY_PAID: e(400, '01652074', /*i18n*/ { id: 'error.DYNAMIC_QR_ALREADY_PAID', message: 'Dynamic QR already paid.' }),
  DYNAMIC_QR_NOT_FOUND: e(404, '01652072', /*i18n*/ { id: 'error.DYNAMIC_QR_NOT_FOUND', message: 'Dynamic QR code not found.' }),
  DYNAMIC_QR_PAYMENT_NOT_FOUND: e(400, '01652075', /*i18n*/ { id: 'error.DYNAMIC_QR_PAYMENT_NOT_FOUND', message: 'Dynamic QR payment not found.' }),
  ORDER_NOT_REVERSIBLE: e(400, '00200044', /*i18n*/ { id: 'error.ORDER_NOT_REVERSIBLE', message: 'The order cannot be reversed.' }),
  REAUTHORIZE_REJECTED: e(400, '99200101', /*i18n*/ { id: 'error.REAUTHORIZE_REJECTED', message: 'The reauthorization was rejected.' }),
  REAUTH_AMOUNT_UNCHANGED: e(400, '99200102', /*i18n*/ { id: 'error.REAUTH_AMOUNT_UNCHANGED', message: 'The amount is the same as the authorised amount.' }),
  REAUTH_MAX_LIMIT_EXCEEDED: e(
    400,
    '99200103',
    /*i18n*/ { id: 'error.REAUTH_MAX_LIMIT_EXCEEDED', message: 'The maximum number of reauthorizations was exceeded.' },
  ),
  UNACCEPTABLE_OP: e(400, '00200013', /*i18n*/ { id: 'error.UNACCEPTABLE_OP', message: 'The order cannot be refunded.' }),
  /** Published without a codeId; the invented one is the forced-error table's (sandbox-force.ts `inventedCodeIds`). */
  LIMIT_EXCEEDED: e(
    400,
    '99300002',
    /*i18n*/ {
      id: 'error.LIMIT_EXCEEDED',
      message: 'The amount exceeds the upper limit: a capture may be above the authorised amount only within the allowed range.',
    },
  ),
  ALREADY_CAPTURED: e(400, '00200039', /*i18n*/ { id: 'error.ALREADY_CAPTURED', message: 'The order is already captured.' }),
  ORDER_EXPIRED: e(400, '00200043', /*i18n*/ { id: 'error.ORDER_EXPIRED', message: 'The order has already expired.' }),
  ORDER_NOT_CAPTURABLE: e(400, '00200035', /*i18n*/ { id: 'error.ORDER_NOT_CAPTURABLE', message: 'The order is not capturable.' }),
  ORDER_NOT_CANCELABLE: e(400, '00200042', /*i18n*/ { id: 'error.ORDER_NOT_CANCELABLE', message: 'The order cannot be canceled.' }),
  NO_SUFFICIENT_FUND: e(400, '99200104', /*i18n*/ { id: 'error.NO_SUFFICIENT_FUND', message: 'Insufficient balance.' }),
  REFUND_WINDOW_EXCEED: e(400, '99200105', /*i18n*/ { id: 'error.REFUND_WINDOW_EXCEED', message: 'The refund window has passed.' }),
  MERCHANT_MULTIPLE_REFUND_REJECTED: e(
    403,
    '99200106',
    /*i18n*/ { id: 'error.MERCHANT_MULTIPLE_REFUND_REJECTED', message: 'Multiple refunds are not enabled for this merchant.' },
  ),
  NO_SUCH_REFUND_ORDER: e(404, '00200018', /*i18n*/ { id: 'error.NO_SUCH_REFUND_ORDER', message: 'Refund not found.' }),
  SUSPECTED_DUPLICATE_ORDER: e(
    400,
    '99200107',
    /*i18n*/ { id: 'error.SUSPECTED_DUPLICATE_ORDER', message: 'A similar order was just made; pass agreeSimilarTransaction=true to continue.' },
  ),
  INVALID_USER_AUTHORIZATION_ID: e(401, '99100101', /*i18n*/ { id: 'error.INVALID_USER_AUTHORIZATION_ID', message: 'The user authorization id is invalid.' }),
  EXPIRED_USER_AUTHORIZATION_ID: e(401, '99100102', /*i18n*/ { id: 'error.EXPIRED_USER_AUTHORIZATION_ID', message: 'The user authorization id has expired.' }),
  DUPLICATE_REQUEST_ORDER: e(
    400,
    '99200108',
    /*i18n*/ { id: 'error.DUPLICATE_REQUEST_ORDER', message: 'A request order with the same merchantPaymentId exists.' },
  ),
  REQUEST_ORDER_NOT_FOUND: e(404, '99200109', /*i18n*/ { id: 'error.REQUEST_ORDER_NOT_FOUND', message: 'Request order not found.' }),
  INVALID_REQUEST_ORDER_STATE: e(
    409,
    '99200110',
    /*i18n*/ { id: 'error.INVALID_REQUEST_ORDER_STATE', message: 'The request order is not in a cancelable state.' },
  ),
  EXPECTATION_FAILED: e(
    400,
    '08100017',
    /*i18n*/ { id: 'error.EXPECTATION_FAILED', message: 'The scope is not contracted or the redirect URL is not allowed.' },
  ),
  VALIDATION_FAILED_EXCEPTION: e(
    400,
    '99200111',
    /*i18n*/ { id: 'error.VALIDATION_FAILED_EXCEPTION', message: 'Validation failed (for example a reused merchantCashbackId).' },
  ),
  TRANSACTION_NOT_FOUND: e(404, '99200112', /*i18n*/ { id: 'error.TRANSACTION_NOT_FOUND', message: 'Transaction not found.' }),
  SANDBOX_TEST_USER_NOT_FOUND: e(404, '99900001', /*i18n*/ { id: 'error.SANDBOX_TEST_USER_NOT_FOUND', message: 'Test user not found.' }),
  SANDBOX_TOP_UP_LIMIT: e(400, '99900002', /*i18n*/ { id: 'error.SANDBOX_TOP_UP_LIMIT', message: 'This test user was already topped up this month.' }),
  SANDBOX_SESSION_NOT_FOUND: e(
    404,
    '99900003',
    /*i18n*/ { id: 'error.SANDBOX_SESSION_NOT_FOUND', message: 'The authorization session was not found or has expired.' },
  ),
  SANDBOX_DIRECTIVE_INVALID: e(
    400,
    '99900004',
    /*i18n*/ {
      id: 'error.SANDBOX_DIRECTIVE_INVALID',
      message: 'The X-Sandbox-Force code does not apply to this endpoint, or X-Sandbox-Delay-Ms is out of range.',
    },
  ),
  SANDBOX_LOG_ENTRY_NOT_FOUND: e(
    404,
    '99900005',
    /*i18n*/ { id: 'error.SANDBOX_LOG_ENTRY_NOT_FOUND', message: 'No request log entry with this id for this merchant.' },
  ),
  SANDBOX_LOG_ENTRY_NOT_REPLAYABLE: e(
    409,
    '99900006',
    /*i18n*/ {
      id: 'error.SANDBOX_LOG_ENTRY_NOT_REPLAYABLE',
      message: 'This request cannot be sent again: its body was masked or cut in the log, or the merchant has no active key.',
    },
  ),
  SANDBOX_LOG_ENTRY_NOT_VERIFIED: e(
    403,
    '99900007',
    /*i18n*/ {
      id: 'error.SANDBOX_LOG_ENTRY_NOT_VERIFIED',
      message:
        'This request cannot be signed again or replayed: its signature did not verify when it arrived (it may not come from your server). Inspect it in the signature debugger.',
    },
  ),
  SANDBOX_WEBHOOK_NOT_FOUND: e(
    404,
    '99900012',
    /*i18n*/ { id: 'error.SANDBOX_WEBHOOK_NOT_FOUND', message: 'No webhook delivery with this id for this merchant.' },
  ),
} as const satisfies Record<string, ErrorEntry>

/** Endpoint-specific codeIds of codes whose codeId differs by endpoint (published tables). */
export const opaCodeIds = {
  refundInvalidAmount: '00200015',
  refundInvalidParams: '00200004',
  refundResourceNotFound: '00200001',
  multipleRefundNotAllowed: '00200014',
  reauthorizeConfirmation: '08300104',
  /** RESOURCE_NOT_FOUND on capture / revert / reauthorize: no codeId published. */
  orderNotFound: '99200100',
} as const
