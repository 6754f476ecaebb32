import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { errorText } from '@/web/lib/error-text.ts'
import { errorCodeOf } from '@machines/account-flow.ts'
import '../catalog.ts'

/** A failed call's message in the UI language (the server's catalogue text for its code, spec §8). */
export function ErrorLine({ error }: { error: unknown }) {
  const { i18n } = useLingui()
  return (
    <p className="dash-error" role="alert">
      {errorText(i18n, errorCodeOf(error))}
    </p>
  )
}

export function Loading() {
  return (
    <p role="status">
      <Trans>Loading…</Trans>
    </p>
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
