import { Trans } from '@lingui/react/macro'
import { buttonClass } from '@/web/ui/button.tsx'

/**
 * What a page shows when its content could not be fetched (no answer, a gateway error, an answer it cannot read):
 * a message in the current language and a Retry that asks again (React Query `refetch`), instead of a blank page
 * (issue 11). 404 and 500 answers still go to their pages (spec §8, `useFailureRouting`).
 */
export function LoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <section className="doc-load-error" role="alert" aria-labelledby="doc-load-error-title">
      <h2 id="doc-load-error-title">
        <Trans>This page could not be loaded</Trans>
      </h2>
      <p>
        <Trans>The connection to PayLab failed or took too long. Check your connection and try again.</Trans>
      </p>
      <button type="button" className={buttonClass('primary')} onClick={onRetry} disabled={retrying} aria-busy={retrying}>
        {retrying ? <Trans>Retrying…</Trans> : <Trans>Retry</Trans>}
      </button>
    </section>
  )
}

/** True when a failed content request has no page of its own to go to (not a 404 or a 500): the page offers a retry. */
export function isRetryable(error: unknown): boolean {
  return !(error !== null && typeof error === 'object' && 'status' in error && (error.status === 404 || error.status === 500))
}
