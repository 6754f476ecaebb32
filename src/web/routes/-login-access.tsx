import { redirect, type ParsedLocation } from '@tanstack/react-router'
import { DocSkeleton } from '@/web/features/docs/components/skeleton.tsx'
import { signInRedirect } from '@/web/lib/guard.ts'
import { sessionAccessToken } from '@/web/lib/session.tsx'

/**
 * Route options of the login-access pages (spec §2: dashboard, develop, settings). Their tokens live in local storage
 * (spec §3), which the server cannot see: the server answers the page's frame with a skeleton (`ssr: false` renders
 * the pending component there) and the browser, once the session machine has restored the session, either fills the
 * page in or sends a visitor to sign-in. No signed-in marker cookie: docs/decisions/0004-react-19-server-rendering.md.
 */
export const loginAccess = {
  ssr: false,
  pendingComponent: () => <DocSkeleton />,
  beforeLoad: async ({ location }: { location: ParsedLocation }) => {
    if (await sessionAccessToken()) return
    const decision = signInRedirect(location.pathname, location.search as Record<string, unknown>)
    if (decision.kind === 'redirect') throw redirect({ href: decision.href, replace: true })
  },
} as const
