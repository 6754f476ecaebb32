/**
 * The portal's path rules shared by the browser's route guard (src/web/lib/guard.ts) and the server that renders the
 * pages (src/server/web.ts): the optional `/webview` first segment. Which pages need a signed-in user is not a path
 * rule: the routes say it (the `_authed` layout route, src/web/routes/{-$webview}/_authed.tsx).
 */

/** Splits `/webview/...` into the prefix and the route path (`/` for the home page). */
export function splitWebview(pathname: string): { prefix: '' | '/webview'; path: string } {
  if (pathname === '/webview' || pathname.startsWith('/webview/')) {
    return { prefix: '/webview', path: pathname.slice('/webview'.length) || '/' }
  }
  return { prefix: '', path: pathname || '/' }
}

export const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`)
export const isMaintenancePath = (path: string) => under(path, '/maintenance')
