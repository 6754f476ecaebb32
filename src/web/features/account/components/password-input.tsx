import { useLingui } from '@lingui/react/macro'
import { useState, type InputHTMLAttributes } from 'react'

/** A password field with the show/hide toggle of spec §2. */
export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const { t } = useLingui()
  const [visible, setVisible] = useState(false)
  return (
    <span className="account-password">
      <input {...props} type={visible ? 'text' : 'password'} className="account-input" />
      <button
        type="button"
        className="account-password__toggle"
        aria-pressed={visible}
        aria-label={visible ? t`Hide password` : t`Show password`}
        onClick={() => setVisible(!visible)}
      >
        {visible ? t`Hide` : t`Show`}
      </button>
    </span>
  )
}
