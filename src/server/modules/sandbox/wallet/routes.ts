import { Hono, type Context } from 'hono'
import * as v from 'valibot'
import { ApiError, errorMessage } from '@/domain/errors.ts'
import type { AppDeps } from '../../../deps.ts'
import { page } from '../../../http/openapi.ts'
import { i18nFor } from '../../../i18n.ts'
import type { WalletBackend } from './backend.ts'
import { engineWalletBackend } from './engine.ts'
import { formatYen, wt } from './text.ts'
import { errorPage, statePage, type PageFrame } from './layout.ts'
import { consentPage } from './views.ts'
import { walletRender } from './render.ts'
import {
  authorizePath,
  cashierPath,
  codeParams,
  forgetUser,
  formOf,
  frameOf,
  invalid,
  merchantParams,
  notFound,
  reauthorizePath,
  rememberUser,
  signInForm,
  testUsersPath,
  topUpForm,
  topUpNotice,
  topUpParams,
  userView,
  webRedirect,
} from './request.ts'

/**
 * The simulated wallet (issue 4): server-rendered, phone-sized pages that work without JavaScript.
 *   /sandbox/cashier/{codeId}                 the page a code's `url` opens: sign in as a test user, pay or cancel
 *   /sandbox/authorize/{sessionId}            the user-authorization consent page
 *   /sandbox/reauthorize/{paymentId}/{requestId} the payer approves a higher pre-authorised amount
 *   /sandbox/merchants/{merchantId}/test-users test users with balances; top-up once a month (spec §6, §9)
 * Forms are same-origin only (Origin / Sec-Fetch-Site), inputs are parsed with valibot, and failures are
 * bilingual pages, never the JSON error shape.
 * The routes are here; what they read from a request is wallet-request.ts, the lookups and page renders
 * wallet-render.ts.
 */

export function walletRoutes(deps: AppDeps, backend: WalletBackend = engineWalletBackend(deps)) {
  const { renderTestUsers, renderCode, reauthorizationOf, renderReauthorization, isPayerSignedIn, codeOf, sessionOf, signedInUser, refuseCrossSite } =
    walletRender(deps, backend)
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

  /** A wallet page's form post: refused cross-site, a bilingual not-found page without its subject, else `handle`. */
  function formPost<T>(
    router: Hono,
    path: string,
    subjectOf: (c: Context) => Promise<T | undefined>,
    handle: (c: Context, frame: PageFrame, subject: T) => Promise<Response> | Response,
  ) {
    router.post(path, walletPage, async (c) => {
      const frame = frameOf(c)
      const refused = refuseCrossSite(c, frame)
      if (refused) return refused
      const subject = await subjectOf(c)
      if (!subject) return notFound(c, frame)
      return handle(c, frame, subject)
    })
  }

  /** Signing a test user of the subject's merchant in and out, on the page at `pathOf(subject)` (cashier, consent). */
  function signInAndOut<T extends { merchantId: string }>(
    router: Hono,
    param: string,
    subjectOf: (c: Context) => Promise<T | undefined>,
    pathOf: (subject: T) => string,
  ) {
    formPost(router, `/:${param}/sign-in`, subjectOf, async (c, frame, subject) => {
      const form = v.safeParse(signInForm, await formOf(c))
      const user = form.success ? await backend.findTestUser(form.output.testUserId) : undefined
      if (!user || user.merchantId !== subject.merchantId) return invalid(c, frame, pathOf(subject))
      rememberUser(c, user.id)
      return c.redirect(pathOf(subject), 303)
    })
    formPost(router, `/:${param}/sign-out`, subjectOf, (c, _frame, subject) => {
      forgetUser(c)
      return c.redirect(pathOf(subject), 303)
    })
  }

  // ---- cashier -------------------------------------------------------------------------------------------
  cashier.get('/:codeId', walletPage, async (c) => {
    const frame = frameOf(c)
    const params = v.safeParse(codeParams, c.req.param())
    const code = params.success ? await backend.findCode(params.output.codeId) : undefined
    if (!code) return notFound(c, frame)
    return renderCode(c, frame, code, null)
  })

  signInAndOut(cashier, 'codeId', codeOf, (code) => cashierPath(code.codeId))

  formPost(cashier, '/:codeId/pay', codeOf, async (c, frame, code) => {
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

  formPost(cashier, '/:codeId/cancel', codeOf, async (c, frame, code) => {
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

  signInAndOut(authorize, 'sessionId', sessionOf, (session) => authorizePath(session.sessionId))

  formPost(authorize, '/:sessionId/approve', sessionOf, async (c, frame, session) => {
    const user = await signedInUser(c, session.merchantId)
    if (!user || session.state !== 'PENDING') return c.redirect(authorizePath(session.sessionId), 303)
    return c.redirect(await backend.approveAuthSession(session.sessionId, user.id), 303)
  })

  formPost(authorize, '/:sessionId/deny', sessionOf, async (c, frame, session) => {
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
  formPost(reauthorize, '/:paymentId/:requestId/sign-in', reauthorizationOf, async (c, frame, found) => {
    const back = reauthorizePath(found.paymentId, found.requestId)
    const form = v.safeParse(signInForm, await formOf(c))
    if (!form.success || form.output.testUserId !== found.payerTestUserId) return invalid(c, frame, back)
    rememberUser(c, form.output.testUserId)
    return c.redirect(back, 303)
  })

  formPost(reauthorize, '/:paymentId/:requestId/approve', reauthorizationOf, async (c, frame, found) => {
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

  formPost(reauthorize, '/:paymentId/:requestId/decline', reauthorizationOf, (c, frame) => {
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
}
