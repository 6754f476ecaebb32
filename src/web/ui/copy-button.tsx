import './credentials.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'

/** Copies a value; its label reads 'Copied' for `feedbackMs` (spec §9: 1 second in the profile menu). */
export function CopyButton({ value, label, feedbackMs }: { value: string; label: string; feedbackMs: number }) {
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
      className="account-copy"
      aria-label={copied ? t`Copied` : label}
      onClick={() => {
        void navigator.clipboard?.writeText(value).catch(() => undefined)
        setCopied(true)
      }}
    >
      {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
    </button>
  )
}
