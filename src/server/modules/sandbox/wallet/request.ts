import type { Context } from 'hono'
import { html } from 'hono/html'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import * as v from 'valibot'
import { ApiError } from '@/domain/errors.ts'
import type { Lang } from '@/domain/i18n.ts'
import { limits } from '@/domain/limits.ts'
import { safeRedirectUrl } from '@/domain/merchant-urls.ts'
import { forbiddenControl } from '@/domain/input-bounds.ts'
import type { HostPolicy } from '../../../http/known-hosts.ts'
import { i18nFor } from '../../../i18n.ts'
import type { WalletCode, WalletTestUser } from './backend.ts'
import { formatYen, wt, type WalletTextKey } from './text.ts'
import { statePage, type Html, type PageFrame } from './layout.ts'
import type { WalletUserView } from './views.ts'

/**
 * What every wallet page reads from its request and answers alike (wallet.ts): the language and signed-in test
 * user cookies, the page frame, same-origin forms, form bodies, the pages' paths, and the shared small answers
 * (not found, invalid input, the return button). Nothing here reads the store.
 */

const langCookie = 'paylab_wallet_lang'
/**
 * The signed-in test user. Sandbox test users have no credentials (anyone who can open a merchant's page may
 * pick any of its test users), so the cookie only remembers the choice; it is checked against the page's
 * merchant on every request.
 */
export const userCookie = 'paylab_wallet_user'

export const idSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(128), v.regex(/^[A-Za-z0-9_-]+$/))
export const codeParams = v.object({ codeId: idSchema })
export const sessionParams = v.object({ sessionId: idSchema })
export const merchantParams = v.object({ merchantId: idSchema })
export const topUpParams = v.object({ merchantId: idSchema, userId: idSchema })
export const reauthParams = v.object({ paymentId: idSchema, requestId: v.pipe(v.string(), v.minLength(1), v.maxLength(255), v.regex(/^[A-Za-z0-9_-]+$/)) })
export const signInForm = v.object({ testUserId: idSchema })
export const topUpForm = v.object({
  amount: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(limits.sandbox.maxTopUpAmount)),
})
export const topUpNotice = v.object({
  topped: idSchema,
  amount: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)),
})
export const langQuery = v.picklist(['ja', 'en', 'jp'])

export const topUpPresets = [10_000, 50_000, limits.sandbox.topUpAmount]

export function frameOf(c: Context): PageFrame {
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
    path: c.req.method === 'GET' ? c.req.path : c.req.path.replace(/\/[^/]+\/top-up$/, '').replace(/\/(sign-in|sign-out|pay|cancel|approve|deny|decline)$/, ''),
  }
}

export function rememberUser(c: Context, id: string) {
  setCookie(c, userCookie, id, {
    path: '/sandbox',
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(c.req.url).protocol === 'https:',
    maxAge: 60 * 60 * 24 * 30,
  })
}

/** Forgets the signed-in test user. */
export const forgetUser = (c: Context) => deleteCookie(c, userCookie, { path: '/sandbox' })

/** A form post from the wallet's own pages: Sec-Fetch-Site, else Origin, else Referer, judged by the configuration (never by `Host`). */
export function isSameOrigin(c: Context, policy: Pick<HostPolicy, 'isOwnOrigin'>): boolean {
  const site = c.req.header('sec-fetch-site')
  if (site) return site === 'same-origin'
  const origin = c.req.header('origin')
  if (origin) return policy.isOwnOrigin(origin)
  const referer = c.req.header('referer')
  if (!referer || !URL.canParse(referer)) return false
  return policy.isOwnOrigin(new URL(referer).origin)
}

export async function formOf(c: Context): Promise<Record<string, unknown>> {
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

export const cashierPath = (codeId: string) => `/sandbox/cashier/${encodeURIComponent(codeId)}`
export const reauthorizePath = (paymentId: string, requestId: string) =>
  `/sandbox/reauthorize/${encodeURIComponent(paymentId)}/${encodeURIComponent(requestId)}`
export const authorizePath = (sessionId: string) => `/sandbox/authorize/${encodeURIComponent(sessionId)}`
export const testUsersPath = (merchantId: string) => `/sandbox/merchants/${encodeURIComponent(merchantId)}/test-users`

export const userView = (user: WalletTestUser): WalletUserView => ({ id: user.id, username: user.username, balance: user.balance })

/** WEB_LINK codes send the browser back to the shop right after paying (or canceling). */
export function webRedirect(code: WalletCode): string | undefined {
  return code.redirectType === 'WEB_LINK' ? safeRedirectUrl(code.redirectUrl) : undefined
}

/**
 * The "return" button of a paid or canceled code. The URL is checked again here, not only by the API: a value
 * stored before the API refused hostile URLs must stay inert (no button rather than a script link).
 */
export function returnLink(code: WalletCode): { href: string; kind: 'web' | 'app' } | null {
  const kind = code.redirectType === 'APP_DEEP_LINK' ? 'APP_DEEP_LINK' : 'WEB_LINK'
  const href = safeRedirectUrl(code.redirectUrl, kind)
  return href ? { href, kind: kind === 'APP_DEEP_LINK' ? 'app' : 'web' } : null
}

export function linkButton(lang: Lang, href: string, label: WalletTextKey): Html {
  return html`<p><a class="button primary" href="${href}">${wt(lang, label)}</a></p>`
}

export const returnButton = (lang: Lang, link: { href: string; kind: 'web' | 'app' }) =>
  linkButton(lang, link.href, link.kind === 'app' ? 'openApp' : 'returnToShop')

export function describeFailure(lang: Lang, error: ApiError, code: WalletCode, user: WalletTestUser | undefined) {
  if (error.code === 'NO_SUFFICIENT_FUND') {
    return {
      code: error.code,
      title: wt(lang, 'noSufficientFundTitle'),
      body: wt(lang, 'noSufficientFundBody', { balance: formatYen(lang, user?.balance ?? 0), amount: formatYen(lang, code.amount) }),
    }
  }
  return { code: error.code, title: wt(lang, 'errorTitle'), body: error.resultInfo(i18nFor(lang)).message }
}

export function notFound(c: Context, frame: PageFrame) {
  return c.html(statePage(frame, 'alert', 'notFoundTitle', wt(frame.lang, 'notFoundBody')), 404)
}

export function invalid(c: Context, frame: PageFrame, back: string) {
  return c.html(statePage(frame, 'alert', 'invalidTitle', null, linkButton(frame.lang, back, 'back')), 400)
}
