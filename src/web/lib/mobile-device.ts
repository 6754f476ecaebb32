import { limits } from '@/domain/limits.ts'

const phoneUserAgent = /Android.+Mobile|iPhone|iPod|Windows Phone|BlackBerry|BB10|Opera Mini|IEMobile|webOS/i

/** spec §2/§4: a phone user agent or a viewport 991 px wide or less counts as mobile (sign-up and sign-in go home). */
export function isMobileDevice(userAgent = globalThis.navigator?.userAgent ?? '', width = globalThis.innerWidth ?? Infinity): boolean {
  return phoneUserAgent.test(userAgent) || width <= limits.breakpoints.mobileRedirectMaxPx
}
