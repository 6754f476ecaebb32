/** Covers the page while a step runs that must not be interrupted (spec §2: the logo upload). */
export function FullScreenLoader({ label }: { label: string }) {
  return (
    <div className="account-loader" role="status" aria-live="polite">
      <span className="account-loader__spinner" aria-hidden="true" />
      <span className="account-loader__label">{label}</span>
    </div>
  )
}
