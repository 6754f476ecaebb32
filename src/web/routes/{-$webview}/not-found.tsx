import { createFileRoute, Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'

export const Route = createFileRoute('/{-$webview}/not-found')({
  component: NotFound,
})

function NotFound() {
  return (
    <main>
      <p>404</p>
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Trans>The page with the specified URL does not exist.</Trans>
      </p>
      <Link to="/{-$webview}" replace>
        <Trans>Go to Home Page</Trans>
      </Link>
    </main>
  )
}
