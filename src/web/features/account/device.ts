import { limits } from '@/domain/limits.ts'

const phoneUserAgent = /Android.+Mobile|iPhone|iPod|Windows Phone|BlackBerry|BB10|Opera Mini|IEMobile|webOS/i

/** spec §2/§4: a phone user agent or a viewport 991 px wide or less counts as mobile (sign-up and sign-in go home). */
export function isMobileDevice(userAgent = globalThis.navigator?.userAgent ?? '', width = globalThis.innerWidth ?? Infinity): boolean {
  return phoneUserAgent.test(userAgent) || width <= limits.breakpoints.mobileRedirectMaxPx
}

/** Where a sign-in may send the user back to: only a path on this site (no `//host`, no scheme). */
export function safeRedirect(target: string | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null
  return target
}

/**
 * Where a finished sign-in goes (spec §2, §4): `?redirect=` when it is a path of this site, else myhome — with the
 * query string the guard saved (`redirectQueryParams`, spec §2 "saved for a later redirect") when that target has no
 * query of its own. Null: no redirect and nothing saved, the default navigation to myhome.
 */
export function afterSignInHref(redirect: string | undefined, savedQuery: string | null | undefined): string | null {
  const target = safeRedirect(redirect)
  const saved = savedQuery?.replace(/^\?/, '')
  if (!saved) return target
  const base = target ?? '/dashboard/home'
  return base.includes('?') ? base : `${base}?${saved}`
}
