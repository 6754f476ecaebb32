import './credentials.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { buttonClass } from './button.tsx'

/**
 * A small button that copies `value` and reads "Copied" for `feedbackMs` (2 s unless told), announced politely.
 * `label` names what is copied for screen readers ("Copy --color-brand"); `className` replaces the small secondary
 * pill look.
 */
export function CopyValueButton({ value, label, feedbackMs = 2000, className }: { value: string; label: string; feedbackMs?: number; className?: string }) {
  const { t } = useLingui()
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), feedbackMs)
    return () => clearTimeout(timer)
  }, [copied, feedbackMs])
  return (
    <button
      type="button"
      className={className ?? buttonClass('secondary', 'small', 'ui-copy')}
      aria-label={copied ? t`Copied` : label}
      data-copied={copied || undefined}
      onClick={() => {
        void navigator.clipboard?.writeText(value).catch(() => undefined)
        setCopied(true)
      }}
    >
      <span aria-live="polite">{copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}</span>
    </button>
  )
}

/** The credential pill of the account and dashboard screens (spec §9: 1 second in the profile menu). */
export function CopyButton({ value, label, feedbackMs }: { value: string; label: string; feedbackMs: number }) {
  return <CopyValueButton value={value} label={label} feedbackMs={feedbackMs} className="account-copy" />
}
