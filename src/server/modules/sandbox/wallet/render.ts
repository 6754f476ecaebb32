import type { Context } from 'hono'
import { html } from 'hono/html'
import { getCookie } from 'hono/cookie'
import * as v from 'valibot'
import type { ApiError } from '@/domain/errors.ts'
import type { AppDeps } from '../../../deps.ts'
import { hostPolicyOf } from '../../../http/known-hosts.ts'
import { i18nFor } from '../../../i18n.ts'
import type { WalletBackend, WalletCode, WalletReauthorization, WalletTestUser } from './backend.ts'
import { formatYen, wt } from './text.ts'
import { statePage, type Html, type PageFrame } from './layout.ts'
import { cashierPage, completionPage, reauthorizePage, testUsersPage } from './views.ts'
import {
  cashierPath,
  codeParams,
  describeFailure,
  idSchema,
  isSameOrigin,
  reauthParams,
  reauthorizePath,
  returnButton,
  returnLink,
  sessionParams,
  testUsersPath,
  topUpPresets,
  userCookie,
  userView,
} from './request.ts'

/**
 * The wallet pages' lookups and renders over the wallet backend (wallet.ts routes call them): the code, session
 * or reauthorization a URL names, the signed-in test user of a page's merchant, and the cashier, completion,
 * reauthorization and test-user pages filled from them.
 */
export function walletRender(deps: AppDeps, backend: WalletBackend) {
  return { renderTestUsers, renderCode, reauthorizationOf, renderReauthorization, isPayerSignedIn, codeOf, sessionOf, signedInUser, refuseCrossSite }

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

  /** Same-origin forms only: the browser's Sec-Fetch-Site, or else its Origin (or Referer) must be ours. */
  function refuseCrossSite(c: Context, frame: PageFrame) {
    if (isSameOrigin(c, hostPolicyOf(deps.config))) return undefined
    return c.html(statePage(frame, 'alert', 'forbiddenTitle', wt(frame.lang, 'forbiddenBody')), 403)
  }
}
