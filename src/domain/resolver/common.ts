import { type ResolverEntry, opa, qr, native, retryLater } from './entry.ts'

/** Resolver entries of the codes every API may answer (assembled by src/domain/resolver.ts). */
export const commonEntries: readonly ResolverEntry[] = [
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
]
