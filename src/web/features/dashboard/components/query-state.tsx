import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { errorCodeOf } from '@machines/account-flow.ts'
import { dashboardFailureText } from '../failure-text.ts'

/** A failed call's message in the UI language (the server's catalogue text for its code, spec §8). */
export function ErrorLine({ error }: { error: unknown }) {
  const { i18n } = useLingui()
  return (
    <p className="dash-error" role="alert">
      {dashboardFailureText(i18n, errorCodeOf(error))}
    </p>
  )
}

/** A card's content while it loads: grey lines where the text will be (no jump when it arrives), announced once. */
export function Loading({ lines = 3 }: { lines?: number }) {
  return (
    <div className="dash-skeleton" role="status" aria-busy="true">
      <span className="visually-hidden">
        <Trans>Loading…</Trans>
      </span>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="dash-skeleton__line" aria-hidden="true" style={{ width: `${92 - (i % 3) * 18}%` }} />
      ))}
    </div>
  )
}

/** A query's answer, its failure or a loading line. */
export function QueryView<T>({ query, children }: { query: { data?: T; error: unknown; isError: boolean }; children: (data: T) => ReactNode }) {
  if (query.isError) return <ErrorLine error={query.error} />
  return query.data === undefined ? <Loading /> : children(query.data)
}

/** A table's column headings; an empty label is an actions column, named for screen readers only. */
export function TableHead({ labels }: { labels: string[] }) {
  const { t } = useLingui()
  return (
    <thead>
      <tr>
        {labels.map((label, index) => (
          <th key={index} scope="col">
            {label || <span className="visually-hidden">{t`Actions`}</span>}
          </th>
        ))}
      </tr>
    </thead>
  )
}
