import { ApiError, errorEntry, errorSourceMessage, isErrorCode } from './errors.ts'
import { opaCodeIds } from './errors-sandbox.ts'
import { resolverEntries } from './resolver.ts'

/**
 * Forced errors (issue 14; docs/sandbox-powers.md): every published error of every sandbox endpoint, answered
 * on demand by `X-Sandbox-Force: <code>` or a magic amount. The lists are the published per-endpoint error
 * tables (../shared/reference §4.10, §5); status, codeId and meaning come from the resolver's knowledge base
 * (one source), with the endpoint's own codeId or status where the published table gives a different one.
 * Codes the provider publishes without a codeId answer an invented `993…` codeId (listed in `inventedCodeIds`).
 */

/** `code`, or `[code, codeId]`, or `[code, codeId, status]` when the endpoint's table differs from the common one. */
type Published = string | readonly [code: string, codeId: string | null, status?: number]

/** Every sandbox endpoint may answer these (common table; S3 generic guidance adds TRANSACTION_FAILED). */
const common: Published[] = [
  'UNAUTHORIZED',
  'OP_OUT_OF_SCOPE',
  'INVALID_REQUEST_PARAMS',
  'MISSING_REQUEST_PARAMS',
  'RATE_LIMIT',
  'SERVICE_ERROR',
  'INTERNAL_SERVER_ERROR',
  'MAINTENANCE_MODE',
  'TRANSACTION_FAILED',
]
/** The codes every sandbox endpoint may answer (the API reference lists them compactly under each operation). */
export const commonErrorCodes: readonly string[] = common.map((c) => (typeof c === 'string' ? c : c[0]))
/** Endpoints acting on a linked user add the user-authorisation codes (native / pending payment docs). */
const linkedUser: Published[] = ['INVALID_USER_AUTHORIZATION_ID', 'EXPIRED_USER_AUTHORIZATION_ID', 'USER_STATE_IS_NOT_ACTIVE']
const timeout: Published = ['INTERNAL_SERVER_ERROR', '00200034']
const purged = 'ORDER_NO_LONGER_AVAILABLE'

const createCode: Published[] = [
  'DUPLICATE_DYNAMIC_QR_REQUEST',
  'PRE_AUTH_CAPTURE_UNSUPPORTED_MERCHANT',
  'PRE_AUTH_CAPTURE_INVALID_EXPIRY_DATE',
  'DYNAMIC_QR_BAD_REQUEST',
  'EXPECTATION_FAILED',
]
const createPayment: Published[] = [
  'INVALID_PARAMS',
  'UNACCEPTABLE_OP',
  'NO_SUFFICIENT_FUND',
  'CANCELED_USER',
  'USER_DEFINED_DAILY_LIMIT_EXCEEDED',
  'USER_DEFINED_MONTHLY_LIMIT_EXCEEDED',
  'SUSPECTED_DUPLICATE_ORDER',
  ...linkedUser,
]

/** Published errors by route (`METHOD path` as the sandbox routes it, `:name` for path parameters). */
export const forcedErrorTable: Readonly<Record<string, readonly Published[]>> = {
  'POST /v2/codes': createCode,
  'POST /v1/codes': createCode,
  'DELETE /v2/codes/:codeId': ['DYNAMIC_QR_ALREADY_PAID', 'DYNAMIC_QR_BAD_REQUEST', 'DYNAMIC_QR_NOT_FOUND'],
  'GET /v2/codes/payments/:merchantPaymentId': ['DYNAMIC_QR_PAYMENT_NOT_FOUND', 'DYNAMIC_QR_BAD_REQUEST'],
  'DELETE /v2/payments/:merchantPaymentId': ['ORDER_NOT_REVERSIBLE', purged, timeout],
  'POST /v2/payments/reauthorize': [
    'REAUTHORIZE_REJECTED',
    'PAY_METHOD_INVALIDATED',
    'REAUTH_AMOUNT_UNCHANGED',
    'REAUTH_MAX_LIMIT_EXCEEDED',
    'REAUTHORIZE_FAILED',
    purged,
    ['RESOURCE_NOT_FOUND', opaCodeIds.orderNotFound],
  ],
  'POST /v2/payments/capture': [
    ['UNACCEPTABLE_OP', '00400035'],
    'LIMIT_EXCEEDED',
    'USER_DEFINED_DAILY_LIMIT_EXCEEDED',
    'USER_DEFINED_MONTHLY_LIMIT_EXCEEDED',
    'ALREADY_CAPTURED',
    'CANCELED_USER',
    'HIGHER_CAPTURE_NOT_PERMITTED',
    'ORDER_EXPIRED',
    'ORDER_NOT_CAPTURABLE',
    'REAUTHORIZATION_IN_PROGRESS',
    'TOO_CLOSE_TO_EXPIRY',
    'NO_SUFFICIENT_FUND',
    purged,
    ['RESOURCE_NOT_FOUND', opaCodeIds.orderNotFound],
  ],
  'POST /v2/payments/preauthorize/revert': ['ORDER_NOT_CANCELABLE', purged, ['RESOURCE_NOT_FOUND', opaCodeIds.orderNotFound]],
  'POST /v2/refunds': [
    ['INVALID_PARAMS', opaCodeIds.refundInvalidParams],
    'UNACCEPTABLE_OP',
    'CANCELED_USER',
    'THROTTLED_MULTIPLE_REFUND_REJECTED',
    'REFUND_LIMIT_EXCEEDED',
    'REFUND_WINDOW_EXCEED',
    purged,
    'USER_STATE_IS_NOT_ACTIVE',
    'MERCHANT_MULTIPLE_REFUND_REJECTED',
    'NO_SUCH_REFUND_ORDER',
    ['RESOURCE_NOT_FOUND', opaCodeIds.refundResourceNotFound],
    timeout,
  ],
  'GET /v2/refunds/:merchantRefundId': [purged, 'NO_SUCH_REFUND_ORDER', timeout],
  'POST /v2/payments': createPayment,
  'POST /v1/payments': createPayment,
  'GET /v2/payments/:merchantPaymentId': [['RESOURCE_NOT_FOUND', '08100007']],
  'GET /v2/wallet/check_balance': ['INVALID_PARAMS', ...linkedUser],
  'POST /v2/payments/preauthorize': [...createPayment, 'PRE_AUTH_CAPTURE_INVALID_EXPIRY_DATE'],
  'POST /v1/subscription/payments': createPayment.filter((c) => c !== 'SUSPECTED_DUPLICATE_ORDER'),
  'POST /v1/requestOrder': ['DUPLICATE_REQUEST_ORDER', 'SUSPECTED_DUPLICATE_ORDER', ...linkedUser],
  'GET /v1/requestOrder/:merchantPaymentId': ['INVALID_PARAMS', ['REQUEST_ORDER_NOT_FOUND', null, 400]],
  'DELETE /v1/requestOrder/:merchantPaymentId': ['REQUEST_ORDER_NOT_FOUND', 'INVALID_REQUEST_ORDER_STATE'],
  'POST /v2/cashback': ['VALIDATION_FAILED_EXCEPTION', 'FAILURE', 'INVALID_USER_AUTHORIZATION_ID', 'EXPIRED_USER_AUTHORIZATION_ID'],
  'POST /v1/cashback': ['VALIDATION_FAILED_EXCEPTION', 'FAILURE', 'INVALID_USER_AUTHORIZATION_ID', 'EXPIRED_USER_AUTHORIZATION_ID'],
  'GET /v2/cashback/:merchantCashbackId': ['TRANSACTION_NOT_FOUND'],
  'POST /v2/cashback_reversal': ['VALIDATION_FAILED_EXCEPTION', 'FAILURE'],
  'GET /v2/cashback_reversal/:merchantCashbackReversalId/:merchantCashbackId': ['TRANSACTION_NOT_FOUND'],
  'POST /v1/qr/sessions': ['EXPECTATION_FAILED', 'INVALID_PARAMS'],
  'GET /v2/user/authorizations': ['CANCELED_USER', 'INVALID_USER_AUTHORIZATION_ID'],
  'GET /v2/user/profile/secure': ['CANCELED_USER', 'INVALID_USER_AUTHORIZATION_ID'],
  'DELETE /v2/user/authorizations/:userAuthorizationId': ['INVALID_USER_AUTHORIZATION_ID'],
}

/** codeIds PayLab invents for codes the provider publishes without one (documented as invented). */
export const inventedCodeIds: Readonly<Record<string, string>> = {
  USER_STATE_IS_NOT_ACTIVE: '99300001',
  LIMIT_EXCEEDED: '99300002',
  USER_DEFINED_DAILY_LIMIT_EXCEEDED: '99300003',
  USER_DEFINED_MONTHLY_LIMIT_EXCEEDED: '99300004',
  ORDER_NO_LONGER_AVAILABLE: '99300005',
  PAY_METHOD_INVALIDATED: '99300006',
  REAUTHORIZE_FAILED: '99300007',
  THROTTLED_MULTIPLE_REFUND_REJECTED: '99300008',
  REFUND_LIMIT_EXCEEDED: '99300009',
  FAILURE: '99300010',
}

export interface ForcedError {
  code: string
  status: number
  codeId: string
  message: string
}

const byCode = new Map(resolverEntries.map((e) => [e.code, e]))

function resolve(item: Published): ForcedError {
  const [code, codeId, status] = typeof item === 'string' ? [item, null, undefined] : item
  const known = byCode.get(code)
  if (!known) throw new Error(`forced error ${code} has no resolver entry`)
  // codes only the real provider answers are not in the server's catalogue: the resolver's meaning, or the code itself
  const catalogued = isErrorCode(code)
  const message = known.meaning?.message ?? (catalogued ? errorSourceMessage(code) : code)
  const id = codeId ?? (catalogued ? errorEntry(code).codeId : undefined) ?? known.codeIds[0] ?? inventedCodeIds[code]
  if (!id) throw new Error(`forced error ${code} has no codeId`)
  return { code, status: status ?? known.status, codeId: id, message }
}

/** The errors a route may be forced to answer, endpoint-specific first, then the common ones. */
export function forcedErrorsOf(route: string): ForcedError[] {
  const own = forcedErrorTable[route]
  if (!own) return []
  const seen = new Set<string>()
  return [...own, ...common].map(resolve).filter((e) => !seen.has(e.code) && seen.add(e.code))
}

/**
 * Magic amounts: a request whose `amount.amount` is one of these answers the code when the endpoint publishes
 * it (the same as sending `X-Sandbox-Force`). Chosen far from any realistic price.
 */
export const magicAmounts: Readonly<Record<number, string>> = {
  990400: 'INVALID_PARAMS',
  990401: 'INVALID_USER_AUTHORIZATION_ID',
  990402: 'NO_SUFFICIENT_FUND',
  990429: 'RATE_LIMIT',
  990500: 'INTERNAL_SERVER_ERROR',
  990501: 'TRANSACTION_FAILED',
  990503: 'MAINTENANCE_MODE',
}

/** `X-Sandbox-Delay-Ms` is bounded: longer than this is refused. */
export const maxSandboxDelayMs = 30_000

/**
 * Spec §4: cancel is asynchronous, so a payment made after a cancel request can still succeed. `X-Sandbox-Cancel: late`
 * on `DELETE /v2/payments/{merchantPaymentId}` reproduces it: the cancel is accepted (202) as always, but reaches
 * the order after a payment that is made next — the order is left as it is, the payment succeeds, and the merchant,
 * who must track its cancels, sees it COMPLETED and cancels again (docs/sandbox-powers.md).
 */
export const cancelDirectiveHeader = 'X-Sandbox-Cancel'
export const cancelDirectives = ['late'] as const
export type CancelDirective = (typeof cancelDirectives)[number]

/** The header's value (case-insensitive), or SANDBOX_DIRECTIVE_INVALID listing the values that apply. */
export function cancelDirectiveOf(value: string | undefined): CancelDirective | undefined {
  if (value === undefined) return undefined
  const wanted = value.trim().toLowerCase()
  const known = cancelDirectives.find((d) => d === wanted)
  if (!known) throw new ApiError('SANDBOX_DIRECTIVE_INVALID', { data: { applicable: [...cancelDirectives] } })
  return known
}

/** A route pattern of the table (`/v2/codes/:codeId`) matches a path: itself, or a concrete path of it. */
export function routePathMatches(pattern: string, path: string): boolean {
  if (pattern === path) return true
  const re = new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`)
  return re.test(path)
}

/**
 * "Force the next error" (issue 23): the codes a stored directive may name — those some endpoint publishes, or,
 * with `path`, those an endpoint on that path publishes (every method). Empty for a path no endpoint serves.
 */
export function forceableCodes(path?: string): Set<string> {
  const codes = new Set<string>()
  for (const route of Object.keys(forcedErrorTable)) {
    const pattern = route.slice(route.indexOf(' ') + 1)
    if (path !== undefined && !routePathMatches(pattern, path)) continue
    for (const e of forcedErrorsOf(route)) codes.add(e.code)
  }
  return codes
}
