import { createFileRoute, redirect } from '@tanstack/react-router'
import { DocSkeleton } from '@/web/features/docs/components/skeleton.tsx'
import { signInRedirect, webviewParams } from '@/web/lib/guard.ts'
import { sessionAccessToken } from '@/web/lib/session.tsx'

/**
 * The login-access pages of spec §2 (dashboard, the lab, settings): every route under this pathless layout, and only
 * those, needs a signed-in user — the one place that says so (the public resolver, `/develop/resolve`, stays outside).
 * Their tokens live in local storage (spec §3), which the server cannot see: the server answers the page's frame with
 * a skeleton (`ssr: false`, inherited by every child, renders this pending component there) and the browser, once the
 * session machine has restored the session, either fills the page in or sends a visitor to sign-in with a redirect
 * back. `staticData.loginAccess` is what the server renderer reads to keep such pages out of its page cache
 * (src/web/entry-server.tsx). No signed-in marker cookie: docs/decisions/0004-react-19-server-rendering.md.
 */
export const Route = createFileRoute('/{-$webview}/_authed')({
  // the `{-$webview}` layout's check again, or the route tree would lose it (lib/guard.ts `webviewParams`)
  params: webviewParams,
  ssr: false,
  staticData: { loginAccess: true },
  pendingComponent: () => <DocSkeleton />,
  beforeLoad: async ({ location }) => {
    if (await sessionAccessToken()) return
    const decision = signInRedirect(location.pathname, location.search as Record<string, unknown>)
    if (decision.kind === 'redirect') throw redirect({ href: decision.href, replace: true })
  },
})
