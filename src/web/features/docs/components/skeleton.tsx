import { useLingui } from '@lingui/react/macro'

/** Placeholder while a page loads (spec §2); the card variant is used for the API reference. */
export function DocSkeleton({ variant = 'text' }: { variant?: 'text' | 'card' }) {
  const { t } = useLingui()
  return (
    <div className={`doc-skeleton doc-skeleton--${variant}`} role="status" aria-busy="true" aria-label={t`Loading`}>
      {variant === 'card' ? (
        Array.from({ length: 4 }, (_, i) => <div key={i} className="doc-skeleton__card" />)
      ) : (
        <>
          <div className="doc-skeleton__title" />
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="doc-skeleton__line" style={{ width: `${90 - (i % 3) * 15}%` }} />
          ))}
        </>
      )}
    </div>
  )
}
