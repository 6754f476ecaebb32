import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSession } from '@/web/lib/session.tsx'
import { errorCodeOf, sessionTimedOutCode } from '@machines/account-flow.ts'
import { dashboardFailureText } from '../failure-text.ts'

/**
 * A signed-in page whose session ended, or whose first call failed: the message (a 401 reads 'Timed out, please
 * sign in again to continue', spec §8) and a sign-in link back to this page.
 */
export function SessionFailure({ error, redirect }: { error: unknown; redirect: string }) {
  const { i18n } = useLingui()
  const { accessToken, errorCode } = useSession()
  const code = accessToken === null ? (errorCode ?? sessionTimedOutCode) : errorCodeOf(error)
  return (
    <div className="dash-page dash-failure">
      <p className="dash-error" role="alert">
        {dashboardFailureText(i18n, code)}
      </p>
      <Link className="ui-button ui-button--primary ui-button--medium" to="/{-$webview}/account/signin" search={{ redirect }}>
        <Trans>Sign in</Trans>
      </Link>
    </div>
  )
}
