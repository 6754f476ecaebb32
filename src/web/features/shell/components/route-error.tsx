import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { isChunkLoadError, noteChunkFailure, planChunkRetry } from '@/web/lib/chunk-errors.ts'
import { reportError } from '@/web/lib/error-reporter.ts'
import { ServerErrorPage } from './server-error-page.tsx'
import { StatusPage } from './status-page.tsx'

/**
 * The router's error boundary. A failed route chunk (a deploy replaced it, the network dropped) is retried by
 * reloading until 120 s have passed since the first failure (spec §2), then it becomes the 500 page; any other
 * error is reported (redacted, sampled) and shows the 500 page.
 */
export function RouteError({ error }: { error: unknown }) {
  const chunk = isChunkLoadError(error)
  const [plan] = useState(() => (chunk ? planChunkRetry(noteChunkFailure(Date.now()), Date.now()) : { action: 'fail' as const }))

  useEffect(() => {
    if (plan.action === 'retry') {
      const timer = setTimeout(() => window.location.reload(), plan.inMs)
      return () => clearTimeout(timer)
    }
    reportError(error, { chunk })
    return undefined
  }, [plan, error, chunk])

  if (plan.action === 'retry') {
    return (
      <StatusPage
        title={<Trans>Loading the page…</Trans>}
        description={
          <p role="status">
            <Trans>The connection was interrupted. We will try again in a few seconds.</Trans>
          </p>
        }
      />
    )
  }
  return <ServerErrorPage />
}
