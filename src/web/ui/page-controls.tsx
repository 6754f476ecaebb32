import './kit.css'

/** Page dots with previous/next buttons (carousels, onboarding). */
export function PageControls({
  count,
  index,
  onChange,
  label,
  previousLabel,
  nextLabel,
  pageLabel,
}: {
  count: number
  index: number
  onChange: (index: number) => void
  label: string
  previousLabel: string
  nextLabel: string
  pageLabel: (n: number) => string
}) {
  return (
    <nav className="ui-pages" aria-label={label}>
      <button type="button" className="ui-pages__step" onClick={() => onChange(Math.max(0, index - 1))} disabled={index === 0} aria-label={previousLabel}>
        ‹
      </button>
      {Array.from({ length: count }, (_, i) => (
        <button
          key={i}
          type="button"
          className="ui-pages__dot"
          aria-label={pageLabel(i + 1)}
          aria-current={i === index ? 'true' : undefined}
          onClick={() => onChange(i)}
        />
      ))}
      <button
        type="button"
        className="ui-pages__step"
        onClick={() => onChange(Math.min(count - 1, index + 1))}
        disabled={index === count - 1}
        aria-label={nextLabel}
      >
        ›
      </button>
    </nav>
  )
}
