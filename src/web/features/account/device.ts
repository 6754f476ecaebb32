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
