/** The rule is shared with home's "Get sandbox keys" (issue 20), so it lives in web/lib. */
export { isMobileDevice } from '@/web/lib/mobile-device.ts'

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
