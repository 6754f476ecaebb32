import { toJsonSchema } from '@valibot/to-json-schema'
import { errorEntry, errorSourceMessage } from '@/domain/errors.ts'
import { cancelDirectiveHeader, cancelDirectives, commonErrorCodes, forcedErrorsOf, maxSandboxDelayMs } from '@/domain/sandbox-force.ts'
import * as v from 'valibot'
import * as account from '@/domain/account-api.ts'
import * as dashboard from '@/domain/dashboard-api.ts'
import * as opa from '@/domain/opa-schemas.ts'
import { pageSchema, pageSummarySchema, pageTypes, searchResultSchema } from '@/domain/content.ts'

/**
 * The server's own OpenAPI 3.1 description (`/openapi.json`), generated from the valibot schemas the handlers
 * validate with, so the API reference page can never drift from what the server accepts.
 * Areas describe their operations as `ApiOperation`s; `registerOperations` adds them (the sandbox does so from
 * its own module), and the account and content operations are listed below.
 */

export interface ApiOperation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete'
  path: string
  tag: string
  summary: string
  security?: 'bearer' | 'opaAuth'
  params?: v.GenericSchema
  query?: v.GenericSchema
  body?: v.GenericSchema
  /** schema of `data` in the `{resultInfo, data}` answer */
  data?: v.GenericSchema
  /** set when the answer is not the `{resultInfo, data}` envelope */
  rawResponse?: v.GenericSchema
  /** success status when it is not 200 (202 answers `REQUEST_ACCEPTED` with `data` null) */
  status?: 201 | 202
  /** the provider's published API name (the SDKs' `API_NAME`), the resolver's `api_name` */
  apiName?: string
}

const operations: ApiOperation[] = []

export function registerOperations(list: ApiOperation[]) {
  for (const op of list) {
    if (!operations.some((o) => o.method === op.method && o.path === op.path)) operations.push(op)
  }
}

const opaAuth = 'opaAuth' as const
const pathParam = (name: string) => v.object({ [name]: v.string() })

// The sandbox of the Open Payment API: same paths and payloads as the published API (src/server/modules/sandbox/opa.ts).
registerOperations([
  {
    method: 'post',
    path: '/v2/codes',
    tag: 'Open Payment API',
    summary: 'Create a QR code (dynamic QR, web payment, app invoke)',
    security: opaAuth,
    body: opa.CreateQrCodeRequestSchema,
    rawResponse: opa.QrCodeResponseSchema,
    apiName: 'v2_createDynamicQRCode',
    status: 201,
  },
  {
    method: 'delete',
    path: '/v2/codes/{codeId}',
    tag: 'Open Payment API',
    summary: 'Delete a QR code',
    security: opaAuth,
    params: pathParam('codeId'),
    rawResponse: opa.QrDeleteResponseSchema,
    apiName: 'v2_deleteDynamicQRCode',
  },
  {
    method: 'get',
    path: '/v2/codes/payments/{merchantPaymentId}',
    tag: 'Open Payment API',
    summary: 'Payment details of a QR code payment',
    security: opaAuth,
    params: pathParam('merchantPaymentId'),
    rawResponse: opa.PaymentDetailsResponseSchema,
    apiName: 'v2_getQRPaymentDetails',
  },
  {
    method: 'post',
    path: '/v2/payments',
    tag: 'Open Payment API',
    summary: 'Create a payment (native payment)',
    security: opaAuth,
    body: opa.CreatePaymentRequestSchema,
    rawResponse: opa.PaymentDetailsResponseSchema,
    apiName: 'v2_createPayment',
    status: 201,
  },
  {
    method: 'get',
    path: '/v2/payments/{merchantPaymentId}',
    tag: 'Open Payment API',
    summary: 'Payment details',
    security: opaAuth,
    params: pathParam('merchantPaymentId'),
    rawResponse: opa.PaymentDetailsResponseSchema,
    apiName: 'v2_getPaymentDetail',
  },
  {
    method: 'delete',
    path: '/v2/payments/{merchantPaymentId}',
    tag: 'Open Payment API',
    summary: 'Cancel a payment',
    security: opaAuth,
    params: pathParam('merchantPaymentId'),
    rawResponse: opa.NotDataResponseSchema,
    apiName: 'v2_cancelPayment',
    status: 202,
  },
  {
    method: 'post',
    path: '/v2/payments/preauthorize',
    tag: 'Open Payment API',
    summary: 'Pre-authorize a payment',
    security: opaAuth,
    body: opa.PreauthorizeRequestSchema,
    rawResponse: opa.PaymentDetailsResponseSchema,
    apiName: 'v2_createOrderAndAuthorize',
    status: 201,
  },
  {
    method: 'post',
    path: '/v2/payments/capture',
    tag: 'Open Payment API',
    summary: 'Capture a pre-authorized payment',
    security: opaAuth,
    body: opa.CaptureRequestSchema,
    rawResponse: opa.CaptureResponseSchema,
    apiName: 'v2_captureAuthorizedOrder',
  },
  {
    method: 'post',
    path: '/v2/payments/preauthorize/revert',
    tag: 'Open Payment API',
    summary: 'Revert a pre-authorization',
    security: opaAuth,
    body: opa.RevertRequestSchema,
    rawResponse: opa.RevertResponseSchema,
    apiName: 'v2_revertAuthorizedOrder',
  },
  {
    method: 'post',
    path: '/v2/payments/reauthorize',
    tag: 'Open Payment API',
    summary: 'Reauthorize a pre-authorized payment',
    security: opaAuth,
    body: opa.ReauthorizeRequestSchema,
    rawResponse: opa.ReauthorizeResponseSchema,
  },
  {
    method: 'post',
    path: '/v2/refunds',
    tag: 'Open Payment API',
    summary: 'Refund a payment',
    security: opaAuth,
    body: opa.RefundRequestSchema,
    rawResponse: opa.RefundResponseSchema,
    apiName: 'v2_createRefundPayment',
  },
  {
    method: 'get',
    path: '/v2/refunds/{merchantRefundId}',
    tag: 'Open Payment API',
    summary: 'Refund details',
    security: opaAuth,
    params: pathParam('merchantRefundId'),
    query: opa.RefundDetailsQuerySchema,
    rawResponse: opa.RefundResponseSchema,
    apiName: 'v2_getRefundDetails',
  },
  {
    method: 'post',
    path: '/v1/requestOrder',
    tag: 'Open Payment API',
    summary: 'Request money (pending payment)',
    security: opaAuth,
    body: opa.CreateRequestOrderRequestSchema,
    rawResponse: opa.PaymentDetailsResponseSchema,
    apiName: 'v1_createRequestOrder',
    status: 201,
  },
  {
    method: 'get',
    path: '/v2/wallet/check_balance',
    tag: 'Open Payment API',
    summary: 'Check whether the user has enough balance',
    security: opaAuth,
    query: opa.CheckBalanceQuerySchema,
    rawResponse: opa.CheckBalanceResponseSchema,
  },
  {
    method: 'get',
    path: '/v2/user/authorizations',
    tag: 'Open Payment API',
    summary: 'User authorization status',
    security: opaAuth,
    query: opa.UserAuthorizationStatusQuerySchema,
    rawResponse: opa.UserAuthorizationStatusResponseSchema,
    apiName: 'v2_userAuthStatus',
  },
  {
    method: 'post',
    path: '/v1/qr/sessions',
    tag: 'Open Payment API',
    summary: 'Account-link QR code',
    security: opaAuth,
    body: opa.AccountLinkQrRequestSchema,
    rawResponse: opa.AccountLinkQrResponseSchema,
    apiName: 'v1_qrSession',
    status: 201,
  },
  {
    method: 'post',
    path: '/v2/cashback',
    tag: 'Open Payment API',
    summary: 'Give cashback',
    security: opaAuth,
    body: opa.CashbackRequestSchema,
    rawResponse: opa.NotDataResponseSchema,
    apiName: 'v2_createCashBackRequest',
    status: 202,
  },
  {
    method: 'get',
    path: '/v2/cashback/{merchantCashbackId}',
    tag: 'Open Payment API',
    summary: 'Cashback details',
    security: opaAuth,
    params: pathParam('merchantCashbackId'),
    rawResponse: opa.CashbackResponseSchema,
    apiName: 'v2_getCashbackDetails',
  },
  {
    method: 'post',
    path: '/v2/cashback_reversal',
    tag: 'Open Payment API',
    summary: 'Reverse a cashback',
    security: opaAuth,
    body: opa.CashbackReversalRequestSchema,
    rawResponse: opa.NotDataResponseSchema,
    apiName: 'v2_createReverseCashBackRequest',
    status: 202,
  },
  {
    method: 'post',
    path: '/sandbox/api/clock',
    tag: 'Sandbox',
    summary: "Move the calling merchant's sandbox clock",
    security: opaAuth,
    body: opa.SandboxClockRequestSchema,
    rawResponse: opa.SandboxClockResponseSchema,
  },
])

const langQuery = v.optional(v.picklist(['jp', 'ja', 'en']))
const bearer = 'bearer' as const

registerOperations([
  {
    method: 'post',
    path: '/v1/dpSignup/createAccount',
    tag: 'Account',
    summary: 'Create a developer account (sends an OTP)',
    body: account.createAccountRequest,
    data: account.createAccountData,
  },
  {
    method: 'post',
    path: '/v1/dpSignup/validateOtp',
    tag: 'Account',
    summary: 'Validate the sign-up OTP',
    body: account.validateOtpRequest,
    data: account.validateOtpData,
  },
  {
    method: 'get',
    path: '/v1/dpSignup/resendOtp/{otpReferenceId}',
    tag: 'Account',
    summary: 'Send the OTP again',
    params: account.otpReferenceParams,
    data: account.resendOtpData,
  },
  {
    method: 'get',
    path: '/v1/dpSignup/products',
    tag: 'Account',
    summary: 'Payment products to choose from',
    security: bearer,
    query: account.productsQuery,
    data: account.productsPageData,
  },
  {
    method: 'post',
    path: '/v1/dpSignup/signupProduct',
    tag: 'Account',
    summary: 'Create the merchant with its products',
    security: bearer,
    body: account.signupProductRequest,
    data: account.signupProductData,
  },
  {
    method: 'post',
    path: '/v1/dpSignup/salesforceActivate',
    tag: 'Account',
    summary: 'Activate live mode: creates the live merchant and its first key (idempotent)',
    security: bearer,
    data: dashboard.activationData,
  },
  {
    method: 'post',
    path: '/v1/dpSignIn/authenticate',
    tag: 'Account',
    summary: 'Sign in (password, terms acceptance or OTP step)',
    body: account.authenticateRequest,
    data: account.authenticateData,
  },
  { method: 'post', path: '/v1/dpSignout/logout', tag: 'Account', summary: 'Sign out', security: bearer, body: account.logoutRequest },
  { method: 'post', path: '/v1/dpSignIn/passwordReset', tag: 'Account', summary: 'Send a password-reset mail', body: account.passwordResetRequest },
  {
    method: 'get',
    path: '/v1/homeDboard/getUserProfile',
    tag: 'Account',
    summary: 'Profile of the signed-in user',
    security: bearer,
    data: account.userProfileSchema,
  },
  {
    method: 'get',
    path: '/v1/homeDboard/getMerchantUsers',
    tag: 'Account',
    summary: 'Users of the merchant',
    security: bearer,
    data: account.merchantUsersData,
  },
  {
    method: 'get',
    path: '/v1/d-panel/user/register',
    tag: 'Account',
    summary: 'Register the user in the developer panel',
    security: bearer,
    data: account.dPanelRegisterData,
  },
  {
    method: 'get',
    path: '/dev/config/pages',
    tag: 'Content',
    summary: 'One documentation page as a block tree (without slug: the list of pages of that type)',
    query: v.object({ type: v.picklist(pageTypes), slug: v.optional(v.string()), lang: langQuery }),
    data: v.union([pageSchema, v.array(pageSummarySchema)]),
  },
  {
    method: 'get',
    path: '/dev/config/search',
    tag: 'Content',
    summary: 'Search every page of one language',
    query: v.object({ searchText: v.string(), lang: langQuery }),
    data: v.array(searchResultSchema),
  },
  {
    method: 'get',
    path: '/dev/designSystem/content',
    tag: 'Content',
    summary: 'Style-guide pages',
    query: v.object({ lang: langQuery }),
    data: v.array(pageSummarySchema),
  },
])

function jsonSchema(schema: v.GenericSchema): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = toJsonSchema(schema, { errorMode: 'ignore', typeMode: 'input' }) as Record<string, unknown>
  return rest
}

function parameters(schema: v.GenericSchema | undefined, where: 'query' | 'path') {
  if (!schema) return []
  const js = jsonSchema(schema)
  const properties = (js.properties ?? {}) as Record<string, Record<string, unknown>>
  const required = new Set((js.required as string[] | undefined) ?? [])
  return Object.entries(properties).map(([name, s]) => ({ name, in: where, required: where === 'path' || required.has(name), schema: s }))
}

/** `METHOD /path/:param`, the sandbox's routing form of an operation. */
const routeOf = (op: { method: string; path: string }) => `${op.method.toUpperCase()} ${op.path.replace(/\{([^}]+)\}/g, ':$1')}`

/** Sandbox directives of every OPA-signed call (docs/sandbox-powers.md): the endpoint's forced errors and a delay. */
function sandboxHeaders(op: { method: string; path: string; security?: string }) {
  if (op.security !== opaAuth) return []
  const codes = forcedErrorsOf(routeOf(op)).map((e) => e.code)
  return [
    {
      name: 'X-Sandbox-Force',
      in: 'header',
      required: false,
      description:
        'Sandbox only: answer this published error of the endpoint (status, code, codeId) without doing the work. Other codes answer 400 SANDBOX_DIRECTIVE_INVALID.',
      schema: codes.length > 0 ? { type: 'string', enum: codes } : { type: 'string' },
    },
    {
      name: 'X-Sandbox-Delay-Ms',
      in: 'header',
      required: false,
      description: 'Sandbox only: hold the answer back this many milliseconds.',
      schema: { type: 'integer', minimum: 0, maximum: maxSandboxDelayMs },
    },
    ...(routeOf(op) === 'DELETE /v2/payments/:merchantPaymentId'
      ? [
          {
            name: cancelDirectiveHeader,
            in: 'header',
            required: false,
            description:
              'Sandbox only (spec §4, cancel is asynchronous): `late` accepts the cancel but lets a payment made next succeed, as a cancel that reaches the order after the payment.',
            schema: { type: 'string', enum: [...cancelDirectives] },
          },
        ]
      : []),
  ]
}

/** The `resultInfo` a success answers with, from the catalogue. */
const resultInfoOf = (code: 'SUCCESS' | 'REQUEST_ACCEPTED') => ({ code, codeId: errorEntry(code).codeId, message: errorSourceMessage(code) })

/**
 * The published errors of an OPA-signed operation, one response per HTTP status, each listing its codes
 * (`x-codes`: code, codeId, message; `common` when every endpoint may answer it) from the same table the sandbox answers forced errors from.
 */
function publishedErrors(op: ApiOperation): Record<string, unknown> {
  const byStatus = new Map<number, { code: string; codeId: string; message: string }[]>()
  for (const e of op.security === opaAuth ? forcedErrorsOf(routeOf(op)) : []) {
    const entry = { code: e.code, codeId: e.codeId, message: e.message, ...(commonErrorCodes.includes(e.code) ? { common: true } : {}) }
    byStatus.set(e.status, [...(byStatus.get(e.status) ?? []), entry])
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        String(status),
        { description: 'Error', 'x-codes': codes, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      ]),
  )
}

const resultInfo = {
  type: 'object',
  properties: { code: { type: 'string' }, message: { type: 'string' }, codeId: { type: 'string' } },
  required: ['code', 'message', 'codeId'],
}

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of operations) {
    const response = op.rawResponse
      ? jsonSchema(op.rawResponse)
      : { type: 'object', properties: { resultInfo, data: op.data ? jsonSchema(op.data) : {} }, required: ['resultInfo', 'data'] }
    paths[op.path] ??= {}
    paths[op.path]![op.method] = {
      tags: [op.tag],
      summary: op.summary,
      operationId: `${op.method}${op.path.replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      ...(op.security ? { security: [{ [op.security]: [] }] } : {}),
      parameters: [...parameters(op.params, 'path'), ...parameters(op.query, 'query'), ...sandboxHeaders(op)],
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body) } } } } : {}),
      ...(op.apiName ? { 'x-apiName': op.apiName } : {}),
      responses: {
        [String(op.status ?? 200)]: {
          description: op.status === 202 ? 'Accepted' : 'Success',
          'x-resultInfo': resultInfoOf(op.status === 202 ? 'REQUEST_ACCEPTED' : 'SUCCESS'),
          content: { 'application/json': { schema: response } },
        },
        ...publishedErrors(op),
        default: { description: 'Error in the same envelope', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'PayLab API',
      version: '1.0.0',
      description: 'Portal API and the offline sandbox of the Open Payment API. Every answer is {resultInfo, data}.',
    },
    tags: [...new Set(operations.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: { type: 'object', properties: { resultInfo, data: {} }, required: ['resultInfo'] } },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        opaAuth: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'hmac OPA-Auth:{apiKey}:{signature}:{nonce}:{epoch}:{bodyHash}',
        },
      },
    },
  }
}
