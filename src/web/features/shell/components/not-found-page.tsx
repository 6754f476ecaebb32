import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { buttonClass } from '@/web/ui/button.tsx'
import { StatusPage } from './status-page.tsx'

/** spec §2 404 page: code 404, title, description, 'Go to Home Page' replacing the route with /. */
export function NotFoundPage() {
  return (
    <StatusPage
      code="404"
      title={<Trans>Page not found</Trans>}
      description={
        <p>
          <Trans>The page with the specified URL does not exist.</Trans>
        </p>
      }
      action={
        <Link to="/{-$webview}" replace className={buttonClass()}>
          <Trans>Go to Home Page</Trans>
        </Link>
      }
    />
  )
}
