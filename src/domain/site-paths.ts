/**
 * The portal's path rules shared by the browser's route guard (src/web/lib/guard.ts) and the server that renders the
 * pages (src/server/web.ts): the optional `/webview` first segment and the login-access routes of spec §2.
 */

/** spec §2 routes with `loginAccess: true`. */
export const loginAccessPrefixes = ['/dashboard', '/develop', '/settings'] as const

/** Splits `/webview/...` into the prefix and the route path (`/` for the home page). */
export function splitWebview(pathname: string): { prefix: '' | '/webview'; path: string } {
  if (pathname === '/webview' || pathname.startsWith('/webview/')) {
    return { prefix: '/webview', path: pathname.slice('/webview'.length) || '/' }
  }
  return { prefix: '', path: pathname || '/' }
}

export const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`)
export const isMaintenancePath = (path: string) => under(path, '/maintenance')

/** Tools under a login-access prefix that are public: the resolver, which the SDKs link every error to (docs/dashboard.md). */
export const publicToolPaths = ['/develop/resolve'] as const

export function needsLogin(path: string): boolean {
  if (publicToolPaths.some((p) => under(path, p))) return false
  return loginAccessPrefixes.some((p) => under(path, p))
}

