import type { Context } from 'hono'
import { Hono } from 'hono'
import { html } from 'hono/html'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import * as v from 'valibot'
import { ApiError, errorMessage } from '@/domain/errors.ts'
import type { Lang } from '@/domain/i18n.ts'
import { limits } from '@/domain/limits.ts'
import { safeRedirectUrl } from '@/domain/merchant-urls.ts'
import { forbiddenControl } from '@/domain/input-bounds.ts'
import type { AppDeps } from '../../deps.ts'
import { page } from '../../http/openapi.ts'
import { i18nFor } from '../../i18n.ts'
import type { WalletBackend, WalletCode, WalletReauthorization, WalletTestUser } from '../../sandbox/wallet-backend.ts'
import { engineWalletBackend } from '../../sandbox/wallet-engine.ts'
import { formatYen, wt, type WalletTextKey } from '../../sandbox/wallet-text.ts'
import {
  cashierPage,
  completionPage,
  consentPage,
  errorPage,
  reauthorizePage,
  statePage,
  testUsersPage,
  type Html,
  type PageFrame,
  type WalletUserView,
} from '../../sandbox/wallet-views.ts'

/**
 * The simulated wallet (issue 4): server-rendered, phone-sized pages that work without JavaScript.
 *   /sandbox/cashier/{codeId}                 the page a code's `url` opens: sign in as a test user, pay or cancel
 *   /sandbox/authorize/{sessionId}            the user-authorization consent page
 *   /sandbox/reauthorize/{paymentId}/{requestId} the payer approves a higher pre-authorised amount
 *   /sandbox/merchants/{merchantId}/test-users test users with balances; top-up once a month (spec §6, §9)
 * Forms are same-origin only (Origin / Sec-Fetch-Site), inputs are parsed with valibot, and failures are
 * bilingual pages, never the JSON error shape.
 */

const langCookie = 'paylab_wallet_lang'
/**
 * The signed-in test user. Sandbox test users have no credentials (anyone who can open a merchant's page may
 * pick any of its test users), so the cookie only remembers the choice; it is checked against the page's
 * merchant on every request.
 */
const userCookie = 'paylab_wallet_user'

const idSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(128), v.regex(/^[A-Za-z0-9_-]+$/))
const codeParams = v.object({ codeId: idSchema })
const sessionParams = v.object({ sessionId: idSchema })
const merchantParams = v.object({ merchantId: idSchema })
const topUpParams = v.object({ merchantId: idSchema, userId: idSchema })
const reauthParams = v.object({ paymentId: idSchema, requestId: v.pipe(v.string(), v.minLength(1), v.maxLength(255), v.regex(/^[A-Za-z0-9_-]+$/)) })
const signInForm = v.object({ testUserId: idSchema })
const topUpForm = v.object({
  amount: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(limits.sandbox.maxTopUpAmount)),
})
const topUpNotice = v.object({
  topped: idSchema,
  amount: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)),
})
const langQuery = v.picklist(['ja', 'en', 'jp'])

export const topUpPresets = [10_000, 50_000, limits.sandbox.topUpAmount]

export function walletRoutes(deps: AppDeps, backend: WalletBackend = engineWalletBackend(deps)) {
  /** One router per URL prefix under /sandbox, paths relative to it (mounted by sandbox/index.ts). */
  const cashier = new Hono()
  const authorize = new Hono()
  const reauthorize = new Hono()
  const merchants = new Hono()

  // Wallet pages are never cached and may only be framed by our own portal (its demos show consent in a frame).
  for (const pages of [cashier, authorize, reauthorize, merchants]) {
    pages.use('*', async (c, next) => {
      await next()
      c.header('Cache-Control', 'no-store')
      c.header('X-Frame-Options', 'SAMEORIGIN')
      c.header('Referrer-Policy', 'same-origin')
    })
  }

  /** Every route here answers an HTML page or a form post of one: described, not in the API document. */
  const walletPage = page('The simulated wallet: an HTML page or a form post of one')

  // ---- cashier -------------------------------------------------------------------------------------------
  cashier.get('/:codeId', walletPage, async (c) => {
    const frame = frameOf(c)
    const params = v.safeParse(codeParams, c.req.param())
    const code = params.success ? await backend.findCode(params.output.codeId) : undefined
    if (!code) return notFound(c, frame)
    return renderCode(c, frame, code, null)
  })

  cashier.post('/:codeId/sign-in', walletPage, async (c) => {
    const frame = frameOf(c)
    const refused = refuseCrossSite(c, frame)
    if (refused) return refused
    const code = await codeOf(c)
    if (!code) return notFound(c, frame)
    const form = v.safeParse(signInForm, await formOf(c))
    const user = form.success ? await backend.findTestUser(form.output.testUserId) : undefined
    if (!user || user.merchantId !== code.merchantId) return invalid(c, frame, cashierPath(code.codeId))
    rememberUser(c, user.id)
    return c.redirect(cashierPath(code.codeId), 303)
  })

  cashier.post('/:codeId/sign-out', walletPage, async (c) => {
    const frame = frameOf(c)
    const refused = refuseCrossSite(c, frame)
    if (refused) return refused
    const code = await codeOf(c)
    if (!code) return notFound(c, frame)
    deleteCookie(c, userCookie, { path: '/sandbox' })
    return c.redirect(cashierPath(code.codeId), 303)
  })

  cashier.post('/:codeId/pay', walletPage, async (c) => {
    const frame = frameOf(c)
    const refused = refuseCrossSite(c, frame)
    if (refused) return refused
    const code = await codeOf(c)
    if (!code) return notFound(c, frame)
    const user = await signedInUser(c, code.merchantId)
    if (!user || code.state !== 'OPEN') return c.redirect(cashierPath(code.codeId), 303)
    try {
      await backend.payCode(code.codeId, user.id)
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error
      const latest = (await backend.findCode(code.codeId)) ?? code
      if (latest.state !== 'OPEN') return c.redirect(cashierPath(code.codeId), 303)
      return renderCode(c, frame, latest, error, error.status)
    }
    const paid = (await backend.findCode(code.codeId)) ?? code
    const next = webRedirect(paid)
    return c.redirect(next ?? cashierPath(code.codeId), 303)
  })

  cashier.post('/:codeId/cancel', walletPage, async (c) => {
    const frame = frameOf(c)
    const refused = refuseCrossSite(c, frame)
    if (refused) return refused
    const code = await codeOf(c)
    if (!code) return notFound(c, frame)
    if (code.state === 'OPEN') await backend.cancelCode(code.codeId)
    const next = webRedirect(code)
    return c.redirect(next ?? cashierPath(code.codeId), 303)
  })

  // ---- user authorization consent ------------------------------------------------------------------------
  authorize.get('/:sessionId', walletPage, async (c) => {
    const frame = frameOf(c)
    const session = await sessionOf(c)
    if (!session) return notFound(c, frame)
    if (session.state === 'EXPIRED') return c.html(statePage(frame, 'expired', 'consentExpiredTitle', wt(frame.lang, 'consentExpiredBody')), 410)
    if (session.state !== 'PENDING') return c.html(statePage(frame, 'canceled', 'consentUsedTitle', null), 409)
    const base = authorizePath(session.sessionId)
    const user = await signedInUser(c, session.merchantId)
    const users = user ? [] : await backend.testUsers(session.merchantId)
    return c.html(
      consentPage(frame, {
        merchantName: session.merchantName,
        scopes: session.scopes,
        user: user ? userView(user) : null,
        users: users.map(userView),
        actions: { signIn: `${base}/sign-in`, signOut: `${base}/sign-out`, approve: `${base}/approve`, deny: `${base}/deny` },
      }),
    )
  })

  authorize.post('/:sessionId/sign-in', walletPage, async (c) => {
    const frame = frameOf(c)
    const refused = refuseCrossSite(c, frame)
    if (refused) return refused
    const session = await sessionOf(c)
    if (!session) return notFound(c, frame)
    const form = v.safeParse(signInForm, await formOf(c))
    const user = form.success ? await backend.findTestUser(form.output.testUserId) : undefined
    if (!user || user.merchantId !== session.merchantId) return invalid(c, frame, authorizePath(session.sessionId))
    rememberUser(c, user.id)
    return c.redirect(authorizePath(session.sessionId), 303)
  })

  authorize.post('/:sessionId/sign-out', walletPage, async (c) => {
    const frame = frameOf(c)
    const refused = refuseCrossSite(c, frame)
    if (refused) return refused
    const session = await sessionOf(c)
    if (!session) return notFound(c, frame)
    deleteCookie(c, userCookie, { path: '/sandbox' })
    return c.redirect(authorizePath(session.sessionId), 303)
  })

  authorize.post('/:sessionId/approve', walletPage, async (c) => {
    const frame = frameOf(c)
    const refused = refuseCrossSite(c, frame)
    if (refused) return refused
    const session = await sessionOf(c)
    if (!session) return notFound(c, frame)
    const user = await signedInUser(c, session.merchantId)
    if (!user || session.state !== 'PENDING') return c.redirect(authorizePath(session.sessionId), 303)
    return c.redirect(await backend.approveAuthSession(session.sessionId, user.id), 303)
  })

  authorize.post('/:sessionId/deny', walletPage, async (c) => {
    const frame = frameOf(c)
    const refused = refuseCrossSite(c, frame)
    if (refused) return refused
    const session = await sessionOf(c)
    if (!session) return notFound(c, frame)
    if (session.state !== 'PENDING') return c.redirect(authorizePath(session.sessionId), 303)
    return c.redirect(await backend.denyAuthSession(session.sessionId), 303)
  })

  // ---- higher-amount reauthorization (the `url` of a 201 USER_CONFIRMATION_REQUIRED) -----------------------
  reauthorize.get('/:paymentId/:requestId', walletPage, async (c) => {
    const frame = frameOf(c)
    const found = await reauthorizationOf(c)
    if (!found) return notFound(c, frame)
    return renderReauthorization(c, frame, found, null)
  })

  // Only the payer may approve: the page asks them to sign in as the test user who paid (issue 9 — the URL
  // alone is not enough, it travels through the merchant's systems).
  reauthorize.post('/:paymentId/:requestId/sign-in', walletPage, async (c) => {
    const frame = frameOf(c)
    const refused = refuseCrossSite(c, frame)
    if (refused) return refused
    const found = await reauthorizationOf(c)
    if (!found) return notFound(c, frame)
    const back = reauthorizePath(found.paymentId, found.requestId)
    const form = v.safeParse(signInForm, await formOf(c))
    if (!form.success || form.output.testUserId !== found.payerTestUserId) return invalid(c, frame, back)
    rememberUser(c, form.output.testUserId)
    return c.redirect(back, 303)
  })

  reauthorize.post('/:paymentId/:requestId/approve', walletPage, async (c) => {
    const frame = frameOf(c)
    const refused = refuseCrossSite(c, frame)
    if (refused) return refused
    const found = await reauthorizationOf(c)
    if (!found) return notFound(c, frame)
    if (found.state !== 'PENDING') return c.redirect(reauthorizePath(found.paymentId, found.requestId), 303)
    if (!(await isPayerSignedIn(c, found))) return c.html(statePage(frame, 'alert', 'forbiddenTitle', wt(frame.lang, 'forbiddenBody')), 403)
    try {
      await backend.approveReauthorization(found.paymentId, found.requestId)
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error
      return renderReauthorization(c, frame, found, error, error.status)
    }
    return c.redirect(reauthorizePath(found.paymentId, found.requestId), 303)
  })

  reauthorize.post('/:paymentId/:requestId/decline', walletPage, async (c) => {
    const frame = frameOf(c)
    const refused = refuseCrossSite(c, frame)
    if (refused) return refused
    const found = await reauthorizationOf(c)
    if (!found) return notFound(c, frame)
    // Declining changes nothing: the authorization keeps its amount until the request lapses (published).
    return c.html(statePage(frame, 'canceled', 'reauthDeclined', wt(frame.lang, 'reauthDeclinedBody')))
  })

  // ---- test users and top-up -----------------------------------------------------------------------------
  merchants.get('/:merchantId/test-users', walletPage, async (c) => {
    const frame = frameOf(c)
    const params = v.safeParse(merchantParams, c.req.param())
    const merchantName = params.success ? await backend.merchantName(params.output.merchantId) : undefined
    if (!params.success || merchantName === undefined) return notFound(c, frame)
    const merchantId = params.output.merchantId
    const users = await backend.testUsers(merchantId)
    const notice = v.safeParse(topUpNotice, c.req.query())
    const toppedUser = notice.success ? users.find((u) => u.id === notice.output.topped) : undefined
    return c.html(
      renderTestUsers(
        frame,
        merchantId,
        merchantName,
        users,
        toppedUser && notice.success
          ? {
              kind: 'success',
              title: wt(frame.lang, 'topUpDone', { user: toppedUser.username, amount: formatYen(frame.lang, notice.output.amount) }),
              body: '',
            }
          : null,
      ),
    )
  })

  merchants.post('/:merchantId/test-users/:userId/top-up', walletPage, async (c) => {
    const frame = frameOf(c)
    const refused = refuseCrossSite(c, frame)
    if (refused) return refused
    const params = v.safeParse(topUpParams, c.req.param())
    if (!params.success) return notFound(c, frame)
    const { merchantId, userId } = params.output
    const [merchantName, user] = await Promise.all([backend.merchantName(merchantId), backend.findTestUser(userId)])
    if (merchantName === undefined || !user || user.merchantId !== merchantId) return notFound(c, frame)
    const form = v.safeParse(topUpForm, await formOf(c))
    const back = testUsersPath(merchantId)
    if (!form.success) return invalid(c, frame, back)
    try {
      await backend.topUp(user.id, form.output.amount)
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error
      const users = await backend.testUsers(merchantId)
      const limited = error.code === 'SANDBOX_TOP_UP_LIMIT'
      const notice = {
        kind: 'error' as const,
        title: limited ? wt(frame.lang, 'topUpLimitTitle', { user: user.username }) : wt(frame.lang, 'errorTitle'),
        body: limited ? wt(frame.lang, 'topUpLimitBody') : error.resultInfo(i18nFor(frame.lang)).message,
      }
      return c.html(renderTestUsers(frame, merchantId, merchantName, users, notice), error.status as 400)
    }
    return c.redirect(`${back}?topped=${encodeURIComponent(user.id)}&amount=${form.output.amount}`, 303)
  })

  // failures are bilingual pages, never the JSON error shape
  for (const pages of [cashier, authorize, reauthorize, merchants]) {
    pages.onError((error, c) => {
      if (error instanceof ApiError && error.status < 500) {
        const frame = frameOf(c)
        return c.html(errorPage(frame, error.code, error.resultInfo(i18nFor(frame.lang)).message), error.status as 400)
      }
      deps.log.error('wallet error', { path: c.req.path, error: String(error), stack: (error as Error).stack })
      const frame = frameOf(c)
      return c.html(errorPage(frame, 'INTERNAL_SERVER_ERROR', errorMessage(i18nFor(frame.lang), 'INTERNAL_SERVER_ERROR')), 500)
    })
  }

  return { '/cashier': cashier, '/authorize': authorize, '/reauthorize': reauthorize, '/merchants': merchants }

  // ---- helpers (closures over deps/backend) ---------------------------------------------------------------

  function renderTestUsers(
    frame: PageFrame,
    merchantId: string,
    merchantName: string,
    users: WalletTestUser[],
    notice: { kind: 'success' | 'error'; title: string; body: string } | null,
  ): Html {
    const month = backend.currentMonth(merchantId)
    return testUsersPage(frame, {
      merchantName,
      users: users.map((u) => ({ ...userView(u), toppedUpThisMonth: u.lastTopUpMonth === month })),
      topUpAction: (userId) => `${testUsersPath(merchantId)}/${encodeURIComponent(userId)}/top-up`,
      notice,
      presetAmounts: topUpPresets,
    })
  }

  async function renderCode(c: Context, frame: PageFrame, code: WalletCode, failure: ApiError | null, status = 200) {
    const { lang } = frame
    if (code.state === 'PAID') {
      const payer = code.paidByTestUserId ? await backend.findTestUser(code.paidByTestUserId) : undefined
      const viewer = await signedInUser(c, code.merchantId)
      const s = code.paymentStatus
      const shown = s === 'AUTHORIZED' || s === 'REFUNDED' || s === 'FAILED' || s === 'CANCELED' ? s : 'COMPLETED'
      return c.html(
        completionPage(
          frame,
          {
            merchantName: code.merchantName,
            amount: code.amount,
            status: shown,
            merchantPaymentId: code.merchantPaymentId,
            paymentId: code.paymentId,
            payer: payer?.username ?? null,
            payerBalance: payer && viewer?.id === payer.id ? payer.balance : null,
            returnUrl: returnLink(code),
          },
          shown === 'AUTHORIZED' ? 'authorizedTitle' : shown === 'COMPLETED' ? 'completedTitle' : 'paidElsewhereTitle',
        ),
      )
    }
    if (code.state === 'EXPIRED') return c.html(statePage(frame, 'expired', 'expiredTitle', wt(lang, 'expiredBody')), 410)
    if (code.state === 'DELETED') return c.html(statePage(frame, 'canceled', 'deletedTitle', wt(lang, 'deletedBody')), 410)
    if (code.state === 'CANCELED') {
      const back = returnLink(code)
      return c.html(statePage(frame, 'canceled', 'canceledTitle', wt(lang, 'canceledBody'), back ? returnButton(lang, back) : ''), 410)
    }
    const user = await signedInUser(c, code.merchantId)
    const users = user ? [] : await backend.testUsers(code.merchantId)
    const base = cashierPath(code.codeId)
    return c.html(
      cashierPage(frame, {
        order: {
          codeId: code.codeId,
          merchantName: code.merchantName,
          merchantPaymentId: code.merchantPaymentId,
          orderDescription: code.orderDescription,
          orderItems: code.orderItems,
          amount: code.amount,
          expiresAt: code.expiresAt,
          isAuthorization: code.isAuthorization,
        },
        user: user ? userView(user) : null,
        users: users.map(userView),
        actions: { signIn: `${base}/sign-in`, signOut: `${base}/sign-out`, pay: `${base}/pay`, cancel: `${base}/cancel` },
        topUpHref: testUsersPath(code.merchantId),
        failure: failure ? describeFailure(lang, failure, code, user) : null,
      }),
      status as 200,
    )
  }

  async function reauthorizationOf(c: Context) {
    const params = v.safeParse(reauthParams, c.req.param())
    return params.success ? backend.findReauthorization(params.output.paymentId, params.output.requestId) : undefined
  }

  async function renderReauthorization(c: Context, frame: PageFrame, found: WalletReauthorization, failure: ApiError | null, status = 200) {
    const { lang } = frame
    if (found.state === 'EXPIRED') return c.html(statePage(frame, 'expired', 'reauthExpiredTitle', wt(lang, 'reauthExpiredBody')), 410)
    const payer = found.payerTestUserId ? await backend.findTestUser(found.payerTestUserId) : undefined
    if (found.state === 'APPROVED') {
      return c.html(
        statePage(frame, 'success', 'reauthApproved', null, html`<p class="big-amount" data-testid="amount">${formatYen(lang, found.newAmount)}</p>`),
      )
    }
    const base = reauthorizePath(found.paymentId, found.requestId)
    const signedIn = await isPayerSignedIn(c, found)
    return c.html(
      reauthorizePage(frame, {
        signIn: signedIn ? null : { action: `${base}/sign-in`, users: payer ? [userView(payer)] : [] },
        merchantName: found.merchantName,
        merchantPaymentId: found.merchantPaymentId,
        currentAmount: found.currentAmount,
        newAmount: found.newAmount,
        payer: payer ? userView(payer) : null,
        actions: { approve: `${base}/approve`, decline: `${base}/decline` },
        failure: failure
          ? failure.code === 'NO_SUFFICIENT_FUND'
            ? {
                code: failure.code,
                title: wt(lang, 'noSufficientFundTitle'),
                body: wt(lang, 'noSufficientFundBody', {
                  balance: formatYen(lang, payer?.balance ?? 0),
                  amount: formatYen(lang, found.newAmount - found.currentAmount),
                }),
              }
            : { code: failure.code, title: wt(lang, 'errorTitle'), body: failure.resultInfo(i18nFor(lang)).message }
          : null,
      }),
      status as 200,
    )
  }

  async function isPayerSignedIn(c: Context, found: WalletReauthorization) {
    const user = await signedInUser(c, found.merchantId)
    return user !== undefined && user.id === found.payerTestUserId
  }

  async function codeOf(c: Context) {
    const params = v.safeParse(codeParams, c.req.param())
    return params.success ? backend.findCode(params.output.codeId) : undefined
  }

  async function sessionOf(c: Context) {
    const params = v.safeParse(sessionParams, c.req.param())
    return params.success ? backend.findAuthSession(params.output.sessionId) : undefined
  }

  async function signedInUser(c: Context, merchantId: string) {
    const id = getCookie(c, userCookie)
    if (!id || !v.is(idSchema, id)) return undefined
    const user = await backend.findTestUser(id)
    return user && user.merchantId === merchantId ? user : undefined
  }

  function rememberUser(c: Context, id: string) {
    setCookie(c, userCookie, id, {
      path: '/sandbox',
      httpOnly: true,
      sameSite: 'Lax',
      secure: new URL(c.req.url).protocol === 'https:',
      maxAge: 60 * 60 * 24 * 30,
    })
  }

  /** Same-origin forms only: the browser's Sec-Fetch-Site, or else its Origin (or Referer) must be ours. */
  function refuseCrossSite(c: Context, frame: PageFrame) {
    if (isSameOrigin(c, deps.config.publicOrigin)) return undefined
    return c.html(statePage(frame, 'alert', 'forbiddenTitle', wt(frame.lang, 'forbiddenBody')), 403)
  }

  function frameOf(c: Context): PageFrame {
    const asked = v.safeParse(langQuery, c.req.query('lang'))
    let lang: Lang
    if (asked.success) {
      lang = asked.output === 'en' ? 'en' : 'ja'
      setCookie(c, langCookie, lang, { path: '/sandbox', sameSite: 'Lax', maxAge: 60 * 60 * 24 * 365 })
    } else {
      lang = getCookie(c, langCookie) === 'en' ? 'en' : 'ja'
    }
    return {
      lang,
      path:
        c.req.method === 'GET' ? c.req.path : c.req.path.replace(/\/[^/]+\/top-up$/, '').replace(/\/(sign-in|sign-out|pay|cancel|approve|deny|decline)$/, ''),
    }
  }
}

export function isSameOrigin(c: Context, publicOrigin: string | undefined): boolean {
  const site = c.req.header('sec-fetch-site')
  if (site) return site === 'same-origin'
  const own = [new URL(c.req.url).origin, ...(publicOrigin ? [new URL(publicOrigin).origin] : [])]
  const origin = c.req.header('origin')
  if (origin) return own.includes(origin)
  const referer = c.req.header('referer')
  if (!referer) return false
  try {
    return own.includes(new URL(referer).origin)
  } catch {
    return false
  }
}

async function formOf(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? ''
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return {}
  let body: Record<string, unknown>
  try {
    body = await c.req.parseBody()
  } catch {
    // a broken multipart body (no boundary, cut short …): the wallet's 400 page, never a 500
    throw new ApiError('INVALID_PARAMS')
  }
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string' && !forbiddenControl.test(value)) out[key] = value
  return out
}

const cashierPath = (codeId: string) => `/sandbox/cashier/${encodeURIComponent(codeId)}`
const reauthorizePath = (paymentId: string, requestId: string) => `/sandbox/reauthorize/${encodeURIComponent(paymentId)}/${encodeURIComponent(requestId)}`
const authorizePath = (sessionId: string) => `/sandbox/authorize/${encodeURIComponent(sessionId)}`
export const testUsersPath = (merchantId: string) => `/sandbox/merchants/${encodeURIComponent(merchantId)}/test-users`

const userView = (user: WalletTestUser): WalletUserView => ({ id: user.id, username: user.username, balance: user.balance })

/** WEB_LINK codes send the browser back to the shop right after paying (or canceling). */
function webRedirect(code: WalletCode): string | undefined {
  return code.redirectType === 'WEB_LINK' ? safeRedirectUrl(code.redirectUrl) : undefined
}

/**
 * The "return" button of a paid or canceled code. The URL is checked again here, not only by the API: a value
 * stored before the API refused hostile URLs must stay inert (no button rather than a script link).
 */
function returnLink(code: WalletCode): { href: string; kind: 'web' | 'app' } | null {
  const kind = code.redirectType === 'APP_DEEP_LINK' ? 'APP_DEEP_LINK' : 'WEB_LINK'
  const href = safeRedirectUrl(code.redirectUrl, kind)
  return href ? { href, kind: kind === 'APP_DEEP_LINK' ? 'app' : 'web' } : null
}

function linkButton(lang: Lang, href: string, label: WalletTextKey): Html {
  return html`<p><a class="button primary" href="${href}">${wt(lang, label)}</a></p>`
}

const returnButton = (lang: Lang, link: { href: string; kind: 'web' | 'app' }) => linkButton(lang, link.href, link.kind === 'app' ? 'openApp' : 'returnToShop')

function describeFailure(lang: Lang, error: ApiError, code: WalletCode, user: WalletTestUser | undefined) {
  if (error.code === 'NO_SUFFICIENT_FUND') {
    return {
      code: error.code,
      title: wt(lang, 'noSufficientFundTitle'),
      body: wt(lang, 'noSufficientFundBody', { balance: formatYen(lang, user?.balance ?? 0), amount: formatYen(lang, code.amount) }),
    }
  }
  return { code: error.code, title: wt(lang, 'errorTitle'), body: error.resultInfo(i18nFor(lang)).message }
}

function notFound(c: Context, frame: PageFrame) {
  return c.html(statePage(frame, 'alert', 'notFoundTitle', wt(frame.lang, 'notFoundBody')), 404)
}

function invalid(c: Context, frame: PageFrame, back: string) {
  return c.html(statePage(frame, 'alert', 'invalidTitle', null, linkButton(frame.lang, back, 'back')), 400)
}
