import './credentials.css'
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { limits } from '@/domain/limits.ts'
import { CopyButton } from './copy-button.tsx'

/** A credential shown masked until revealed, with a copy button that copies the real value. */
export function SecretValue({ value, label }: { value: string; label: string }) {
  const { t } = useLingui()
  const [shown, setShown] = useState(false)
  return (
    <span className="account-secret">
      <code aria-label={shown ? undefined : t`${label} (hidden)`}>{shown ? value : '•'.repeat(Math.min(24, Math.max(8, value.length)))}</code>
      <button
        type="button"
        className="account-copy"
        aria-pressed={shown}
        aria-label={shown ? t`Hide ${label}` : t`Reveal ${label}`}
        onClick={() => setShown(!shown)}
      >
        {shown ? t`Hide` : t`Reveal`}
      </button>
      <CopyButton value={value} label={t`Copy ${label}`} feedbackMs={limits.copyFeedbackProfileMs} />
    </span>
  )
}
