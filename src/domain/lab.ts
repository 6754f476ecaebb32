import type { MessageDescriptor } from '@lingui/core'
import type { ErrorCode } from './errors.ts'
import type { ProductModel } from './products.ts'

/**
 * The payment lab and its test panel (spec §4 test panel scenarios, §7 demo API and /dev/{product}lab): which
 * endpoints each product model tries, through which demo path, with which scenarios and answers. One source for
 * the server (`/dev/paylablab/*`, the demo API's forwarding table) and the portal's panel. Decisions in
 * docs/dashboard.md. What `/dev/paylablab/{group}` answers is built by lab-content.ts.
 */

/** The four lab groups of `/dev/paylablab/{group}` (spec §7). */
export const labGroups = ['webPayment', 'payment', 'continuousPayment', 'preauthCapture'] as const
export type LabGroup = (typeof labGroups)[number]

/** Which group a product model's tab belongs to (spec §4: appinvoke/webcashier/qrcode → web payment, …). */
export const labGroupOf: Record<ProductModel, LabGroup> = {
  webcashier: 'webPayment',
  qrcode: 'webPayment',
  appinvoke: 'webPayment',
  autodebit: 'payment',
  request_money: 'payment',
  continuous_payments: 'continuousPayment',
  preauth_capture: 'preauthCapture',
}

/**
 * Spec §4 product scopes of the panel: appinvoke, webcashier or qrcode give web-payment (once); autodebit gives
 * payment; continuous_payments and preauth_capture give their own (request_money rides with payment).
 */
export function labScopesOf(models: readonly ProductModel[]): LabGroup[] {
  return labGroups.filter((g) => models.some((m) => labGroupOf[m] === g))
}

// ── scenarios and the WIT / WOT demo key ───────────────────────────────────────────────────────────────────

import type { LabEndpointId, ScenarioId } from './lab-ids.ts'
export { labEndpointIds, scenarioIds, type LabEndpointId, type ScenarioId } from './lab-ids.ts'
export const defaultScenario: ScenarioId = 'model1'

/** The scenario id that is each group's own "unauthorised" scenario (spec §4: the product's specific model). */
export const specificModelOf: Record<LabGroup, ScenarioId> = {
  webPayment: 'model2',
  payment: 'model3',
  continuousPayment: 'model4',
  preauthCapture: 'model4',
}

export type DemoKeyKind = 'WIT' | 'WOT'

/**
 * Spec §4: calls use the authorised key (WIT: the developer's own sandbox key) unless the scenario is the group's
 * specific model and the authorization flag is false; then the unauthorised key (WOT) is used.
 */
export function demoKeyFor(group: LabGroup, scenario: ScenarioId, isAuthorized: boolean): DemoKeyKind {
  return scenario === specificModelOf[group] && !isAuthorized ? 'WOT' : 'WIT'
}

/**
 * The unauthorised demo key (WOT). It is published on purpose and never issued: the sandbox knows no such key,
 * so a request signed with it is answered exactly as any unknown key is, 401 UNAUTHORIZED.
 */
export const wotDemoKey = {
  apiKey: 'a_PayLabWOT_0000',
  /** base64 of `paylab-unauthorised-demo-key`. */
  apiSecret: 'cGF5bGFiLXVuYXV0aG9yaXNlZC1kZW1vLWtleQ==',
} as const

// ── endpoints ─────────────────────────────────────────────────────────────────────────────────────────────

/** What a path id of an endpoint is, and which endpoint creates one when the panel has none yet (spec §4). */
export type IdKind = 'merchantPaymentId' | 'codeId' | 'merchantRefundId'

export interface LabEndpoint {
  id: LabEndpointId
  method: 'GET' | 'POST' | 'DELETE'
  /** The demo API path the panel calls (spec §7); `{id}` is the path id. */
  demoPath: string
  /** The OPA path the demo API forwards to. */
  sandboxPath: string
  /** Query parameters passed through to the sandbox. */
  query?: readonly string[]
  /** Lingui descriptor (main catalog), rendered in the asked language by `labContent`. */
  name: MessageDescriptor
  idKind?: IdKind
  /** Codes this endpoint may answer (besides the common 401s), success first; statuses come from the catalogue. */
  codes: readonly ErrorCode[]
  /** HTTP status of the success answer when it is not 200. */
  successStatus?: 201 | 202
}

const ep = (e: LabEndpoint) => e

/** Every endpoint the demo API forwards (spec §7 demo API list). */
export const labEndpoints = [
  ep({
    id: 'postCodes',
    method: 'POST',
    demoPath: '/v2/postCodes',
    sandboxPath: '/v2/codes',
    name: /*i18n*/ { id: 'lab.endpoint.postCodes', message: 'Create a QR code' },
    codes: ['SUCCESS', 'DYNAMIC_QR_BAD_REQUEST', 'DUPLICATE_DYNAMIC_QR_REQUEST', 'EXPECTATION_FAILED'],
    successStatus: 201,
  }),
  ep({
    id: 'getCodesPayment',
    method: 'GET',
    demoPath: '/v2/getCodesPayment/{id}',
    sandboxPath: '/v2/codes/payments/{id}',
    idKind: 'merchantPaymentId',
    name: /*i18n*/ { id: 'lab.endpoint.getCodesPayment', message: 'Get payment details' },
    codes: ['SUCCESS', 'DYNAMIC_QR_PAYMENT_NOT_FOUND', 'DYNAMIC_QR_BAD_REQUEST'],
  }),
  ep({
    id: 'deleteCodes',
    method: 'DELETE',
    demoPath: '/v2/deleteCodes/{id}',
    sandboxPath: '/v2/codes/{id}',
    idKind: 'codeId',
    name: /*i18n*/ { id: 'lab.endpoint.deleteCodes', message: 'Delete a QR code' },
    codes: ['SUCCESS', 'DYNAMIC_QR_NOT_FOUND', 'DYNAMIC_QR_ALREADY_PAID'],
  }),
  ep({
    id: 'deletePayments',
    method: 'DELETE',
    demoPath: '/v2/deletePayments/{id}',
    sandboxPath: '/v2/payments/{id}',
    idKind: 'merchantPaymentId',
    name: /*i18n*/ { id: 'lab.endpoint.deletePayments', message: 'Cancel a payment' },
    codes: ['REQUEST_ACCEPTED', 'ORDER_NOT_REVERSIBLE'],
    successStatus: 202,
  }),
  ep({
    id: 'postRefunds',
    method: 'POST',
    demoPath: '/v2/postRefunds',
    sandboxPath: '/v2/refunds',
    name: /*i18n*/ { id: 'lab.endpoint.postRefunds', message: 'Refund a payment' },
    codes: ['SUCCESS', 'INVALID_PARAMS', 'UNACCEPTABLE_OP', 'REFUND_WINDOW_EXCEED'],
  }),
  ep({
    id: 'getRefunds',
    method: 'GET',
    demoPath: '/v2/getRefunds/{id}',
    sandboxPath: '/v2/refunds/{id}',
    query: ['paymentId'],
    idKind: 'merchantRefundId',
    name: /*i18n*/ { id: 'lab.endpoint.getRefunds', message: 'Get refund details' },
    codes: ['SUCCESS', 'NO_SUCH_REFUND_ORDER'],
  }),
  ep({
    id: 'postPayments',
    method: 'POST',
    demoPath: '/v2/postPayments',
    sandboxPath: '/v2/payments',
    query: ['agreeSimilarTransaction'],
    name: /*i18n*/ { id: 'lab.endpoint.postPayments', message: 'Create a payment' },
    codes: ['SUCCESS', 'INVALID_PARAMS', 'NO_SUFFICIENT_FUND', 'SUSPECTED_DUPLICATE_ORDER', 'INVALID_USER_AUTHORIZATION_ID'],
    successStatus: 201,
  }),
  ep({
    id: 'postPreauthorizePayments',
    method: 'POST',
    demoPath: '/v2/postPreauthorizePayments',
    sandboxPath: '/v2/payments/preauthorize',
    query: ['agreeSimilarTransaction'],
    name: /*i18n*/ { id: 'lab.endpoint.postPreauthorizePayments', message: 'Pre-authorize a payment' },
    codes: ['SUCCESS', 'INVALID_PARAMS', 'NO_SUFFICIENT_FUND', 'INVALID_USER_AUTHORIZATION_ID'],
    successStatus: 201,
  }),
  ep({
    id: 'postCapturePayments',
    method: 'POST',
    demoPath: '/v2/postCapturePayments',
    sandboxPath: '/v2/payments/capture',
    name: /*i18n*/ { id: 'lab.endpoint.postCapturePayments', message: 'Capture a pre-authorized payment' },
    codes: ['SUCCESS', 'USER_CONFIRMATION_REQUIRED', 'ALREADY_CAPTURED', 'ORDER_NOT_CAPTURABLE', 'RESOURCE_NOT_FOUND'],
  }),
  ep({
    id: 'postRevertPreauthorizePayments',
    method: 'POST',
    demoPath: '/v2/postRevertPreauthorizePayments',
    sandboxPath: '/v2/payments/preauthorize/revert',
    name: /*i18n*/ { id: 'lab.endpoint.postRevertPreauthorizePayments', message: 'Revert a pre-authorization' },
    codes: ['SUCCESS', 'ORDER_NOT_CANCELABLE', 'RESOURCE_NOT_FOUND'],
  }),
  ep({
    id: 'getPayments',
    method: 'GET',
    demoPath: '/v2/getPayments/{id}',
    sandboxPath: '/v2/payments/{id}',
    idKind: 'merchantPaymentId',
    name: /*i18n*/ { id: 'lab.endpoint.getPayments', message: 'Get payment details' },
    codes: ['SUCCESS', 'RESOURCE_NOT_FOUND'],
  }),
  ep({
    id: 'getCheckBalanceWallet',
    method: 'GET',
    demoPath: '/v2/getCheckBalanceWallet',
    sandboxPath: '/v2/wallet/check_balance',
    query: ['userAuthorizationId', 'amount', 'currency', 'productType'],
    name: /*i18n*/ { id: 'lab.endpoint.getCheckBalanceWallet', message: 'Check the wallet balance' },
    codes: ['SUCCESS', 'INVALID_USER_AUTHORIZATION_ID', 'MISSING_REQUEST_PARAMS'],
  }),
  ep({
    id: 'getAuthorizationsUser',
    method: 'GET',
    demoPath: '/v2/getAuthorizationsUser',
    sandboxPath: '/v2/user/authorizations',
    query: ['userAuthorizationId'],
    name: /*i18n*/ { id: 'lab.endpoint.getAuthorizationsUser', message: 'User authorization status' },
    codes: ['SUCCESS', 'INVALID_USER_AUTHORIZATION_ID'],
  }),
  ep({
    id: 'getSecureProfileUser',
    method: 'GET',
    demoPath: '/v2/getSecureProfileUser',
    sandboxPath: '/v2/user/profile/secure',
    query: ['userAuthorizationId'],
    name: /*i18n*/ { id: 'lab.endpoint.getSecureProfileUser', message: 'Masked phone number of the user' },
    codes: ['SUCCESS', 'INVALID_USER_AUTHORIZATION_ID'],
  }),
  ep({
    id: 'postRequestOrder',
    method: 'POST',
    demoPath: '/v1/tFrame/postRequestOrder',
    sandboxPath: '/v1/requestOrder',
    name: /*i18n*/ { id: 'lab.endpoint.postRequestOrder', message: 'Request money' },
    codes: ['SUCCESS', 'DUPLICATE_REQUEST_ORDER', 'INVALID_USER_AUTHORIZATION_ID'],
    successStatus: 201,
  }),
  ep({
    id: 'getRequestOrder',
    method: 'GET',
    demoPath: '/v1/tFrame/getRequestOrder/{id}',
    sandboxPath: '/v1/requestOrder/{id}',
    idKind: 'merchantPaymentId',
    name: /*i18n*/ { id: 'lab.endpoint.getRequestOrder', message: 'Get a request order' },
    codes: ['SUCCESS', 'REQUEST_ORDER_NOT_FOUND'],
  }),
  ep({
    id: 'deleteRequestOrder',
    method: 'DELETE',
    demoPath: '/v1/tFrame/deleteRequestOrder/{id}',
    sandboxPath: '/v1/requestOrder/{id}',
    idKind: 'merchantPaymentId',
    name: /*i18n*/ { id: 'lab.endpoint.deleteRequestOrder', message: 'Cancel a request order' },
    codes: ['SUCCESS', 'REQUEST_ORDER_NOT_FOUND', 'INVALID_REQUEST_ORDER_STATE'],
  }),
  ep({
    id: 'postSubscriptionPayments',
    method: 'POST',
    demoPath: '/v1/tFrame/postSubscriptionPayments',
    sandboxPath: '/v1/subscription/payments',
    name: /*i18n*/ { id: 'lab.endpoint.postSubscriptionPayments', message: 'Charge a continuous payment' },
    codes: ['SUCCESS', 'INVALID_PARAMS', 'NO_SUFFICIENT_FUND', 'INVALID_USER_AUTHORIZATION_ID'],
    successStatus: 201,
  }),
] as const satisfies readonly LabEndpoint[]
/** Compiles only when every name of `labEndpointIds` (lab-ids.ts, the one list of them) has its endpoint above. */
type _EveryIdHasItsEndpoint = Complete<Exclude<LabEndpointId, (typeof labEndpoints)[number]['id']>>
type Complete<Missing extends never> = Missing

export const labEndpointById = (id: string): LabEndpoint | undefined => labEndpoints.find((e) => e.id === id)

/** Each product model's tab: its endpoints in the order a developer tries them. */
export const labEndpointsOf: Record<ProductModel, readonly LabEndpointId[]> = {
  webcashier: ['postCodes', 'getCodesPayment', 'deleteCodes', 'deletePayments', 'postRefunds', 'getRefunds'],
  qrcode: ['postCodes', 'getCodesPayment', 'deleteCodes', 'deletePayments', 'postRefunds', 'getRefunds'],
  appinvoke: ['postCodes', 'getCodesPayment', 'deleteCodes', 'deletePayments'],
  autodebit: [
    'postPayments',
    'getPayments',
    'deletePayments',
    'postRefunds',
    'getRefunds',
    'getCheckBalanceWallet',
    'getAuthorizationsUser',
    'getSecureProfileUser',
  ],
  request_money: ['postRequestOrder', 'getRequestOrder', 'deleteRequestOrder'],
  continuous_payments: ['postSubscriptionPayments', 'getPayments', 'postRefunds', 'getRefunds'],
  preauth_capture: ['postPreauthorizePayments', 'postCapturePayments', 'postRevertPreauthorizePayments', 'getPayments', 'deletePayments'],
}

/**
 * The endpoint the panel calls first when an endpoint of a tab needs an id it has not got yet (spec §4): a refund
 * id comes from a refund, any other id from the tab's first endpoint (the one that creates its order or code).
 */
export function creatorOf(model: ProductModel, endpoint: LabEndpoint): LabEndpointId | null {
  if (!endpoint.idKind) return null
  return endpoint.idKind === 'merchantRefundId' ? 'postRefunds' : labEndpointsOf[model][0]!
}

/** Spec §9 merchant payment id prefixes of the panel, by the endpoint that issues the id. */
export const merchantIdPrefixOf: Partial<Record<LabEndpointId, string>> = {
  postPayments: 'DEVELOPER-PANEL-PAY',
  postRequestOrder: 'DEVELOPER-PANEL-RORD',
  postSubscriptionPayments: 'DEVELOPER-PANEL-SUBPAY',
  getPayments: 'DEVELOPER-PANEL-GETPAY',
  postPreauthorizePayments: 'DEVELOPER-PANEL-PSTPAUTH',
  postCapturePayments: 'DEVELOPER-PANEL-PSTPC',
  postRevertPreauthorizePayments: 'DEVELOPER-PANEL-PSTPRVT',
  postRefunds: 'DEVELOPER-PANEL-REFUND',
  postCodes: 'DEVELOPER-PANEL-DEMO-',
}

/**
 * Spec §9 lists two more prefixes, -PSTPP and -RFUND, next to -PSTPAUTH and -REFUND. PayLab reads them (decision,
 * docs/dashboard.md) as the ids of what the panel creates *first*, because the endpoint asked for needs an id the
 * item lacks: the pre-authorised order made before reading or cancelling a payment in the pre-auth tab, and the refund
 * made before reading a refund. A developer can then tell in the transactions list what they sent from what the panel added.
 */
export const prerequisiteIdPrefixOf: Partial<Record<LabEndpointId, string>> = {
  postPreauthorizePayments: 'DEVELOPER-PANEL-PSTPP',
  postRefunds: 'DEVELOPER-PANEL-RFUND',
}
