import { Hono, type Context, type MiddlewareHandler } from 'hono'
import * as v from 'valibot'
import { ApiError, successInfo } from '@/domain/errors.ts'
import { opaCodeIds } from '@/domain/errors-sandbox.ts'
import {
  DemoAgreeQuerySchema,
  DemoCashbackRequestSchema,
  DemoClientInfoDataSchema,
  DemoLinkDataSchema,
  DemoLoginDataSchema,
  DemoCodeIdParamsSchema,
  DemoCreateQrRequestSchema,
  DemoLoginRequestSchema,
  DemoParseJwtRequestSchema,
  DemoPaymentIdParamsSchema,
  DemoPaymentRequestSchema,
  DemoRefundRequestSchema,
  demoApiPaths as P,
  demoLoadingPath,
} from '@/domain/demo-api.ts'
import { limits } from '@/domain/limits.ts'
import { linkOrigin } from '../../config.ts'
import type { AppDeps } from '../../deps.ts'
import type { Statement, Store } from '../../store/db.ts'
import { t } from '../../i18n.ts'
import { demoMerchant } from '../sandbox/engine/seed.ts'
import * as opaResponses from '@/domain/opa-response-schemas.ts'
import { describe, page, type OperationDoc } from '../../http/openapi.ts'
import { newReference } from '../../store/sandbox-ids.ts'
import { jsonIn, paramsIn, queryIn } from '../../http/validator.ts'
import { signedSandboxCall } from './lab-api.ts'
import { sandboxCommands as run } from '../sandbox/engine/index.ts'

/** A call of the payment demos in `/openapi.json`. */
const demo = (op: Omit<OperationDoc, 'tag'>) => describe({ tag: 'Demo API (payment demos)', ...op })
const note = 'No account needed: runs on the PayLab demo merchant, demo ids only, rate-limited per client.'

/**
 * The payment demos' API (spec §7: `/v1/webApp/login`, `/v1/opa/getClientInfo`, `/v1/demos/*`), used by the
 * cake-shop checkout and the phone-mock panel. Signed-out visitors must be able to finish the shop, so these
 * calls need no developer account: every one runs on the PayLab demo merchant (docs/sandbox.md), the server
 * signs it with that merchant's key, and it only reaches demo orders (`DEVELOPER-PANEL-…` ids). Orders go into the
 * real sandbox through the sandbox app, in-process (`signedSandboxCall`), so the sandbox's validation, payment machine and
 * answers are the answers; the consent flow uses the sandbox engine. Each client is held to
 * `limits.demo.requestsPerMinute`. docs/demo-api.md, docs/decisions/checkout-demo.md.
 */
export function demosRoutes(deps: AppDeps, dispatch: (request: Request) => Response | Promise<Response>) {
  /** One router per URL prefix (`/v1/webApp`, `/v1/opa`, `/v1/demos`, the consent's return page), paths relative to it. */
  const webApp = new Hono()
  const opaInfo = new Hono()
  const demos = new Hono()
  const loading = new Hono()
  const under = (prefix: string, path: string) => path.slice(prefix.length) || '/'
  const inDemos = (path: string) => under('/v1/demos', path)
  const engine = deps.sandbox
  const demoCtx = engine.forMerchant(demoMerchant.id)
  const secret = new Uint8Array(Buffer.from(demoMerchant.apiSecret, 'base64'))
  const credential = { apiKey: demoMerchant.apiKey, apiSecret: demoMerchant.apiSecret, merchantId: demoMerchant.id }
  const ready = engine.seedDemo

  const limited = rateLimit(deps)
  webApp.use(under('/v1/webApp', P.login), limited)
  opaInfo.use(under('/v1/opa', P.clientInfo), limited)
  demos.use(limited)

  const origin = (c: Context) => linkOrigin(deps.config, c.req.url)

  /** Forwards into the sandbox with the demo merchant's key; the sandbox's answer is the answer. */
  const call = async (c: Context, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, query?: URLSearchParams) => {
    const answer = await signedSandboxCall(deps, dispatch, c, {
      credential,
      method,
      path,
      query,
      body: body === undefined ? undefined : JSON.stringify(body),
      contentType: 'application/json;charset=UTF-8',
    })
    const headers = new Headers(answer.headers)
    headers.set('X-PAYLAB-FORWARDED-TO', `${method} ${path}`)
    return new Response(answer.body, { status: answer.status, headers })
  }
  const paymentId = paramsIn(DemoPaymentIdParamsSchema)

  const login = demo({
    summary: `Consent page url for linking a test user (redirects back to ${demoLoadingPath}). ${note}`,
    body: DemoLoginRequestSchema,
    data: DemoLoginDataSchema,
  })
  webApp.post(under('/v1/webApp', P.login), login, jsonIn(v.nullish(DemoLoginRequestSchema, {})), async (c) => {
    const input = c.req.valid('json')
    const nowS = Math.floor(deps.clock.nowMs() / 1000)
    const { SignJWT } = await import('jose') // jose loads with the first token, not at every start (docs/restart.md)
    const requestToken = await new SignJWT({
      scope: (input.scopes ?? ['direct_debit']).join(' '),
      nonce: input.nonce ?? newReference('', 8),
      redirectUrl: `${origin(c)}${demoLoadingPath}`,
      referenceId: input.referenceId ?? newReference(limits.demo.merchantPaymentIdPrefix, 8),
      ...(input.deviceId ? { deviceId: input.deviceId } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setAudience('paylab-sandbox')
      .setIssuer(demoMerchant.name)
      .setExpirationTime(nowS + limits.demo.authorizationExpiryMs / 1000)
      .sign(secret)
    const query = new URLSearchParams({ apiKey: demoMerchant.apiKey, requestToken })
    return c.json({ resultInfo: successInfo(), data: { url: `${origin(c)}/v2/user_authorization?${query}` } })
  })

  const clientInfo = demo({ summary: 'The demo merchant the demos run on (public sandbox credentials, no secret)', data: DemoClientInfoDataSchema })
  opaInfo.get(under('/v1/opa', P.clientInfo), clientInfo, (c) =>
    c.json({
      resultInfo: successInfo(),
      data: {
        data: {
          merchantId: demoMerchant.id,
          merchantName: demoMerchant.name,
          apiKey: demoMerchant.apiKey,
          testUsersPage: `/sandbox/merchants/${demoMerchant.id}/test-users`,
        },
      },
    }),
  )

  const createQr = demo({ summary: `Create a dynamic QR code (forwarded to POST /v2/codes). ${note}`, rawResponse: opaResponses.QrCodeResponseSchema })
  demos.post(inDemos(P.createQr), createQr, jsonIn(DemoCreateQrRequestSchema), async (c) => call(c, 'POST', '/v2/codes', c.req.valid('json')))

  const qrDetail = demo({
    summary: 'Payment details of a demo order by merchant payment id (forwarded to GET /v2/codes/payments/{id})',
    rawResponse: opaResponses.PaymentDetailsResponseSchema,
  })
  demos.get(`${inDemos(P.qrDetail)}/:id`, qrDetail, paymentId, (c) => call(c, 'GET', `/v2/codes/payments/${c.req.valid('param').id}`))

  const deleteQr = demo({ summary: 'Delete a demo QR code by code id (forwarded to DELETE /v2/codes/{id})', rawResponse: opaResponses.QrDeleteResponseSchema })
  demos.delete(`${inDemos(P.deleteQr)}/:id`, deleteQr, paramsIn(DemoCodeIdParamsSchema), async (c) => {
    const { id } = c.req.valid('param')
    // Another merchant's code, or a code of the demo merchant that no demo made: as if it did not exist (the sandbox
    // answers the first itself: the demo merchant's key finds no other merchant's code).
    const row = await run.codes.findCodeOrder(demoCtx, { codeId: id })
    if (row && !row.merchantPaymentId.startsWith(limits.demo.merchantPaymentIdPrefix)) throw new ApiError('DYNAMIC_QR_NOT_FOUND')
    return call(c, 'DELETE', `/v2/codes/${id}`)
  })

  const cancel = demo({
    summary: 'Cancel a demo payment by merchant payment id (forwarded to DELETE /v2/payments/{id})',
    rawResponse: opaResponses.NotDataResponseSchema,
  })
  demos.delete(`${inDemos(P.cancel)}/:id`, cancel, paymentId, (c) => call(c, 'DELETE', `/v2/payments/${c.req.valid('param').id}`))

  const pay = demo({
    summary: `Direct-debit payment from a linked test user (forwarded to POST /v2/payments). ${note}`,
    rawResponse: opaResponses.PaymentDetailsResponseSchema,
  })
  demos.post(inDemos(P.pay), pay, queryIn(DemoAgreeQuerySchema), jsonIn(DemoPaymentRequestSchema), async (c) => {
    const { agreeSimilarTransaction } = c.req.valid('query')
    const input = c.req.valid('json')
    return call(c, 'POST', '/v2/payments', input, new URLSearchParams({ agreeSimilarTransaction: agreeSimilarTransaction ?? 'true' }))
  })

  const refund = demo({ summary: 'Refund a demo payment (forwarded to POST /v2/refunds)', rawResponse: opaResponses.RefundResponseSchema })
  demos.post(inDemos(P.refunds), refund, jsonIn(DemoRefundRequestSchema), async (c) => {
    const input = c.req.valid('json')
    const row = await run.payments.findPaymentById(demoCtx, { paymentId: input.paymentId })
    if (row && !row.merchantPaymentId.startsWith(limits.demo.merchantPaymentIdPrefix)) {
      throw new ApiError('RESOURCE_NOT_FOUND', { codeId: opaCodeIds.refundResourceNotFound })
    }
    return call(c, 'POST', '/v2/refunds', input)
  })

  const cashback = demo({
    summary: `Cashback to a linked test user, for the phone-mock panel (forwarded to POST /v2/cashback). ${note}`,
    rawResponse: opaResponses.CashbackResponseSchema,
  })
  demos.post(inDemos(P.cashback), cashback, jsonIn(DemoCashbackRequestSchema), async (c) => call(c, 'POST', '/v2/cashback', c.req.valid('json')))

  /** The demo's pre-linked payer (test user taro, direct_debit and cashback), for the panel's auto debit. */
  const autoDebit = demo({ summary: "The demo's pre-linked payer (test user taro): user authorization id and masked phone number", data: DemoLinkDataSchema })
  demos.get(inDemos(P.autoDebitId), autoDebit, async (c) => {
    await ready()
    const taro = (await run.testUsers.listTestUsers(engine.forMerchant(demoMerchant.id))).find((u) => u.username === limits.demo.autoDebitTestUser)
    if (!taro) throw new ApiError('SANDBOX_TEST_USER_NOT_FOUND')
    const session = await run.authorizations.startAuthorizationSession(engine.forMerchant(demoMerchant.id), {
      apiKey: demoMerchant.apiKey,
      kind: 'WEB',
      request: {
        scopes: ['direct_debit', 'cashback', 'get_balance'],
        nonce: newReference('', 8),
        redirectUrl: `${origin(c)}${demoLoadingPath}`,
        referenceId: `${limits.demo.merchantPaymentIdPrefix}AUTODEBIT`,
      },
    })
    const approved = await run.authorizations.approveAuthorization(engine.ctx, { sessionId: session.sessionId, testUserId: taro.id })
    const profile = await run.authorizations.getSecureProfile(engine.forMerchant(demoMerchant.id), { userAuthorizationId: approved.userAuthorizationId! })
    return c.json({ resultInfo: successInfo(), data: { userAuthorizationId: approved.userAuthorizationId!, phoneNumber: profile.phoneNumber } })
  })

  const parseJwt = demo({
    summary: "Verify the consent page's responseToken; answers the user authorization id and masked phone number",
    data: DemoLinkDataSchema,
  })
  demos.post(inDemos(P.parseJwt), parseJwt, jsonIn(DemoParseJwtRequestSchema), async (c) => {
    const { responseToken } = c.req.valid('json')
    const bad = (message: string) => new ApiError('INVALID_PARAMS', { data: { issues: [{ path: 'responseToken', message }] } })
    let payload: Record<string, unknown>
    const { jwtVerify } = await import('jose')
    try {
      payload = (await jwtVerify(responseToken, secret, { algorithms: ['HS256'], audience: demoMerchant.apiKey, currentDate: new Date(deps.clock.nowMs()) }))
        .payload
    } catch {
      throw bad('Not a response token of the demo merchant, or expired')
    }
    const claims = v.safeParse(v.object({ result: v.literal('succeeded'), userAuthorizationId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) }), payload)
    if (!claims.success) throw bad('The payer did not agree')
    const { userAuthorizationId } = claims.output
    const profile = await run.authorizations.getSecureProfile(engine.forMerchant(demoMerchant.id), { userAuthorizationId })
    return c.json({ resultInfo: successInfo(), data: { userAuthorizationId, phoneNumber: profile.phoneNumber } })
  })

  /**
   * Where the consent page returns the payer (spec §4: a location containing 'loading'). The shop — or the payment
   * lab's "Link a test user" — its parent page on this origin, reads the responseToken from this frame's query; the
   * page itself only says so.
   */
  const returning = /*i18n*/ { id: 'demo.returningToShop', message: 'Returning to the shop…' }
  loading.get('/', page("The consent page's return page for the demos"), (c) => {
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
    return c.html(
      '<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>PayLab</title></head>' +
        '<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0;color:#2b2b2b">' +
        `<p lang="ja">${t('ja', returning)}<br><span lang="en">${t('en', returning)}</span></p></body></html>`,
    )
  })

  return { v1: { '/webApp': webApp, '/opa': opaInfo, '/demos': demos }, page: { [demoLoadingPath]: loading } }
}

/**
 * At most `limits.demo.requestsPerMinute` demo calls per client and minute (fixed window on the server clock),
 * then 429 RATE_LIMIT. The client is the connection's address (a proxy in front should pass one per visitor).
 * Counted in the store, in one atomic statement (issue 22): every server process on one database holds a client
 * to the same limit.
 */
function rateLimit(deps: AppDeps): MiddlewareHandler {
  let prunedAtMs = 0
  return async (c, next) => {
    const now = deps.clock.nowMs()
    if (now - prunedAtMs > 60_000) {
      // closed windows go in the background, at most once a minute per process
      prunedAtMs = now
      deps.store.query(pruneDemoWindows, [now - 60_000]).catch((error: unknown) => deps.log.warn('demo rate windows prune failed', { error: String(error) }))
    }
    const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
    const client = env?.incoming?.socket?.remoteAddress ?? 'local'
    const w = await countDemoCall(deps.store, client, now)
    if (w.count > limits.demo.requestsPerMinute) {
      c.header('Retry-After', String(Math.ceil((w.windowStartMs + 60_000 - now) / 1000)))
      throw new ApiError('RATE_LIMIT')
    }
    await next()
  }
}

/** Counts a client's call in its window (a new window when the last one is a minute old); answers the window. */
const countDemoCallStatement: Statement = {
  name: 'paylab_demo_rate',
  text: `insert into demo_rate_windows as w (client, window_start_ms, count) values ($1, $2, 1)
    on conflict (client) do update set
      window_start_ms = case when w.window_start_ms <= $2 - 60000 then excluded.window_start_ms else w.window_start_ms end,
      count = case when w.window_start_ms <= $2 - 60000 then 1 else w.count + 1 end
    returning window_start_ms::float8 as "windowStartMs", count`,
}
const pruneDemoWindows: Statement = { name: 'paylab_demo_rate_prune', text: 'delete from demo_rate_windows where window_start_ms <= $1' }
async function countDemoCall(store: Pick<Store, 'query'>, client: string, nowMs: number) {
  const [row] = await store.query<{ windowStartMs: number; count: number }>(countDemoCallStatement, [client.slice(0, 200), nowMs])
  return row!
}
