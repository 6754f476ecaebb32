/** The rule is shared with home's "Get sandbox keys" (issue 20), so it lives in web/lib. */
export { isMobileDevice } from '@/web/lib/mobile-device.ts'

/** Where a sign-in may send the user back to: only a path on this site (no `//host`, no scheme). */
export function safeRedirect(target: string | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null
  return target
}
