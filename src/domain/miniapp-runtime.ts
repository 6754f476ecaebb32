/**
 * The mini-app studio's wire (issue 21, runtime part; docs/miniapp-studio.md): the bodies the portal sends
 * to `/dev/v1/miniapp/*` and what it answers, shared by the server's edge validation and the bridge host in the
 * browser. The manifest and bridge types themselves are the validator's (`./miniapp/types.ts`).
 */
import * as v from 'valibot'
import { bridgeErrorCodes } from './miniapp/types.ts'

/** Bounds of an uploaded app and of the studio's calls (PayLab choices). */
export const miniAppLimits = {
  maxFiles: 200,
  maxTotalBytes: 5 * 1024 * 1024,
  maxPathLength: 200,
  /** Apps one address (client) may create per window; replacing an app's files does not count. */
  uploadsPerClient: 30,
  uploadWindowMs: 60 * 60_000,
  /** The request proxy: answer within, read at most, and the slow network's extra delay. */
  requestTimeoutMs: 15_000,
  maxResponseBytes: 256 * 1024,
  maxRequestBodyBytes: 64 * 1024,
  slowNetworkDelayMs: 2_000,
  /** One payment at most (yen). */
  maxPaymentAmount: 1_000_000,
  /** An SSE stream ends after this long (the studio's EventSource reconnects). */
  eventStreamMs: 10 * 60_000,
  /** Change streams one client (address) may hold open at once per process (a studio tab holds one). */
  eventStreamsPerClient: 4,
  /** What a client refused a further stream is told to wait (a closed tab frees its place at once). */
  eventStreamRetrySeconds: 10,
} as const

/** The example app's fixed id (read from src/content/miniapps/cake-shop/, read-only). */
export const exampleAppId = 'example'

/** App ids: `example` or the random ids the server gives (`ma_…`). */
export const appIdSchema = v.pipe(v.string(), v.regex(/^(example|ma_[A-Za-z0-9_-]{16,40})$/, 'Unknown app id'))

/** `{ files: { [path]: base64 } }`: the server checks paths and sizes (src/server/modules/miniapp/files.ts). */
export const uploadSchema = v.object({
  files: v.pipe(
    v.record(v.pipe(v.string(), v.maxLength(miniAppLimits.maxPathLength)), v.pipe(v.string(), v.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Not base64'))),
    v.check((files) => Object.keys(files).length > 0, 'No files'),
    v.check((files) => Object.keys(files).length <= miniAppLimits.maxFiles, `At most ${miniAppLimits.maxFiles} files`),
  ),
})
export type UploadBody = v.InferOutput<typeof uploadSchema>

export const appParamsSchema = v.object({ appId: appIdSchema })

/** The change stream's query: the app's edit token (an EventSource cannot send it as a header). */
export const eventsQuerySchema = v.object({ token: v.optional(v.pipe(v.string(), v.maxLength(128))) })

/** The validator's finding and report as they travel (`validateMiniApp`, src/domain/miniapp/validate.ts). */
export const miniAppFindingSchema = v.object({
  severity: v.picklist(['error', 'warning']),
  rule: v.string(),
  path: v.string(),
  message: v.string(),
  fix: v.string(),
})
export const miniAppReportSchema = v.object({ ok: v.boolean(), findings: v.array(miniAppFindingSchema) })

export const paymentOutcomes = ['success', 'cancel', 'insufficient', 'timeout', 'server_error'] as const
export type PaymentOutcome = (typeof paymentOutcomes)[number]

const testUserIdSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(64), v.regex(/^[A-Za-z0-9_-]+$/))
const yen = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(miniAppLimits.maxPaymentAmount))
const shortText = (max: number) => v.pipe(v.string(), v.maxLength(max))

/** pp.makePayment's params (spec §3 "pp.makePayment request"), as the mini app passed them. */
export const makePaymentParamsSchema = v.object({
  merchantAlias: v.optional(shortText(64)),
  merchantPaymentId: v.pipe(v.string(), v.minLength(1), v.maxLength(64), v.regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, - and _ only')),
  amount: v.object({ amount: yen, currency: v.literal('JPY') }),
  orderDescription: v.optional(shortText(255)),
  orderItems: v.optional(
    v.pipe(
      v.array(
        v.object({
          name: shortText(150),
          category: v.optional(shortText(64)),
          quantity: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000))),
          productId: v.optional(shortText(64)),
          unitPrice: v.optional(v.object({ amount: yen, currency: v.literal('JPY') })),
        }),
      ),
      v.maxLength(50),
    ),
  ),
  metadata: v.optional(v.record(shortText(64), v.unknown())),
  storeInfo: v.optional(shortText(255)),
  storeId: v.optional(shortText(255)),
  prepaidOnly: v.optional(v.boolean()),
  requestedAt: v.optional(v.pipe(v.number(), v.integer())),
  isAuthorization: v.optional(v.boolean(), false),
})
export type MakePaymentParams = v.InferOutput<typeof makePaymentParamsSchema>

export const payBodySchema = v.object({
  appId: appIdSchema,
  userId: testUserIdSchema,
  request: makePaymentParamsSchema,
  outcome: v.picklist(paymentOutcomes),
})

export const topupBodySchema = v.object({
  appId: appIdSchema,
  userId: testUserIdSchema,
  amount: yen,
  merchantTopupId: v.pipe(v.string(), v.minLength(1), v.maxLength(64), v.regex(/^[A-Za-z0-9_.:-]+$/)),
})

export const uaidBodySchema = v.object({ appId: appIdSchema, userId: testUserIdSchema })

export const requestMethods = ['GET', 'POST', 'PUT', 'DELETE'] as const

/** pp.request as the bridge forwards it; url, method and header are checked by the proxy (§8 codes), not here. */
export const proxyBodySchema = v.object({
  appId: appIdSchema,
  url: v.pipe(v.string(), v.maxLength(2048)),
  method: v.optional(v.pipe(v.string(), v.maxLength(16))),
  header: v.optional(v.unknown()),
  data: v.optional(v.unknown()),
  /** The tester's network control: `slow` delays the answer. */
  network: v.optional(v.picklist(['online', 'slow'])),
})

export const bridgeErrorSchema = v.object({ errorCode: v.picklist(bridgeErrorCodes), errorMessage: v.string() })

/** What `POST /dev/v1/miniapp/pay` answers in `data`. `error`: the bridge failure the mini app receives. */
export const payAnswerSchema = v.object({
  status: v.picklist(['COMPLETED', 'AUTHORIZED', 'FAILED']),
  paymentId: v.string(),
  merchantPaymentId: v.string(),
  amount: v.number(),
  balance: v.number(),
  jws: v.nullable(v.string()),
  error: v.optional(bridgeErrorSchema),
})
export type PayAnswer = v.InferOutput<typeof payAnswerSchema>

export const topupAnswerSchema = v.object({ balance: v.number(), jws: v.string() })
export const uaidAnswerSchema = v.object({ jws: v.string() })

/** A test user as the studio shows it: balance, the profile the bridge answers, the KYC state. */
export const miniAppUserSchema = v.object({
  id: v.string(),
  username: v.string(),
  balance: v.number(),
  profile: v.object({ fullName: v.string(), nickName: v.string(), avatarUrl: v.string(), email: v.string(), phoneNumber: v.string() }),
  kyc: v.object({
    status: v.picklist(['COMPLETED', 'NOT_COMPLETED']),
    kycAt: v.nullable(v.string()),
    kycInfo: v.nullable(
      v.object({
        lastName: v.string(),
        firstName: v.string(),
        lastNameKana: v.string(),
        firstNameKana: v.string(),
        dateOfBirth: v.string(),
        job: v.string(),
        address: v.object({ zipCode: v.string(), countryCode: v.literal('JP'), state: v.string(), city: v.string(), street1: v.string(), street2: v.string() }),
      }),
    ),
  }),
})
export type MiniAppUser = v.InferOutput<typeof miniAppUserSchema>
export const usersAnswerSchema = v.object({ users: v.array(miniAppUserSchema) })

/** pp.request's answer through the proxy: `{ statusCode, data }` or a §8 error. */
export const proxyAnswerSchema = v.union([v.object({ statusCode: v.number(), data: v.unknown() }), bridgeErrorSchema])
export type ProxyAnswer = v.InferOutput<typeof proxyAnswerSchema>

/** The public key document of `GET /v2/miniapp/publicKey?kid=`. */
export const publicKeyAnswerSchema = v.object({
  kid: v.string(),
  alg: v.literal('ES256'),
  jwk: v.object({
    kty: v.literal('EC'),
    crv: v.literal('P-256'),
    x: v.string(),
    y: v.string(),
    kid: v.string(),
    alg: v.literal('ES256'),
    use: v.literal('sig'),
  }),
})

/**
 * The studio's URL of an app (printed by `npm run miniapp`). With the edit token, `#watch=<token>`: the studio keeps
 * it in the tab and follows the app's changes with it; a fragment never reaches the server or its logs.
 */
export const studioPath = (appId: string, editToken?: string) =>
  `/miniapp/studio?app=${encodeURIComponent(appId)}${editToken ? `#watch=${encodeURIComponent(editToken)}` : ''}`

// ── the bridge's postMessage protocol (contract: iframe ↔ portal; src/web/features/miniapp-studio/bridge) ──────

/** Every `pp` function of spec §7, as the mini app calls them (`OpenAppSettings` is spelled `openAppSettings`). */
export const ppFunctionNames = [
  'init',
  'getUAID',
  'getUserProfile',
  'getKycInformation',
  'getBalance',
  'makePayment',
  'topup',
  'request',
  'generateCodeImage',
  'setScreenBrightness',
  'setNavigationStyle',
  'loadNotificationStatus',
  'showUpdateWarning',
  'setEnablePullDownRefresh',
  'pageWillAppear',
  'pageWillDisappear',
  'requestPermission',
  'getPermissionStatus',
  'openAppSettings',
  'getUserLocation',
  'navigateTo',
  'navigateBack',
  'popAll',
  'switchTab',
  'redirectTo',
  'openWebview',
  'openMap',
  'closeApp',
  'setStorageData',
  'getStorageData',
  'removeStorageData',
  'setSessionData',
  'getSessionData',
  'getPlatformInformation',
  'checkAppInstall',
  'registerAppLaunchOptions',
  'getAppLaunchOptions',
  'showAlert',
  'setTitle',
  'showErrorSheet',
  'detectShakeMotion',
  'getTopBarHeight',
  'setNavigationBarBackgroundColor',
  'setNavigationBarTextStyle',
  'setBackgroundColor',
] as const
export type PpFunctionName = (typeof ppFunctionNames)[number]

export const ppEvents = ['pageWillAppear', 'pageWillDisappear', 'pullDownRefresh', 'shake'] as const
export type PpEvent = (typeof ppEvents)[number]

/** iframe → parent: one call (functions stripped; the callbacks stay in the iframe). */
export const ppCallMessageSchema = v.object({
  pp: v.literal(1),
  id: v.pipe(v.string(), v.maxLength(32)),
  name: v.string(),
  params: v.optional(v.unknown()),
})
export type PpCallMessage = v.InferOutput<typeof ppCallMessageSchema>

/** parent → iframe: a callback of one call, or an event. */
export type PpAnswerMessage = { pp: 1; id: string; kind: 'success' | 'fail' | 'complete'; result?: unknown }
export type PpEventMessage = { pp: 1; event: PpEvent; data?: unknown }
