import { Trans } from '@lingui/react/macro'
import { buttonClass } from '@/web/ui/button.tsx'
import { StatusPage } from './status-page.tsx'

/** spec §2 500 page: code 500, 'Internal server error', 'Sorry something went wrong, try again later.' */
export function ServerErrorPage() {
  return (
    <StatusPage
      code="500"
      title={<Trans>Internal server error</Trans>}
      description={
        <p>
          <Trans>Sorry something went wrong, try again later.</Trans>
        </p>
      }
      action={
        // a full page load: after a failure the app's state and chunks may be stale
        <a href="/" className={buttonClass()}>
          <Trans>Go to Home Page</Trans>
        </a>
      }
    />
  )
}
