import { msg } from '@lingui/core/macro'
import { uiHead } from '@/web/lib/head.ts'
import { catalogLoader } from '@/web/lib/i18n.ts'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { useEffect } from 'react'
import { SignUpFlow } from '@/web/features/account/components/sign-up-flow.tsx'
import { isMobileDevice } from '@/web/features/account/device.ts'
import { signUpNeedsLargerScreen } from '@/web/features/docs/home-notice.ts'

/**
 * spec §2 SignupIndex (loginAccess false). On mobile (phone user agent or width ≤ 991 px) sign-up goes home, which
 * says why (issue 11). Opened signed in, the flow first asks who: finished → myhome, unfinished → step 3.
 */
export const Route = createFileRoute('/{-$webview}/account/signup')({
  head: uiHead(msg`Create your developer account`),
  beforeLoad: ({ params }) => {
    if (isMobileDevice()) throw redirect({ to: '/{-$webview}', params, search: { notice: signUpNeedsLargerScreen }, replace: true })
  },
  loader: catalogLoader(['account', 'tools', 'errors']),
  component: SignUpRoute,
})

/** The server cannot see the screen: a page it rendered applies the same rule once hydrated. */
function SignUpRoute() {
  const params = Route.useParams()
  const navigate = Route.useNavigate()
  useEffect(() => {
    if (isMobileDevice()) void navigate({ to: '/{-$webview}', params, search: { notice: signUpNeedsLargerScreen }, replace: true })
  }, [navigate, params])
  return <SignUpFlow checkSession />
}
