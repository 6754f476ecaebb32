import { Trans } from '@lingui/react/macro'
import '../catalog.ts'

/** The labelled e-mail input every account form starts with (sign-up, sign-in, forgot password). */
export function EmailField({
  id,
  value,
  invalid,
  describedBy,
  onValueChange,
  onBlur,
}: {
  id: string
  value: string
  invalid: boolean
  describedBy: string
  onValueChange: (value: string) => void
  onBlur: () => void
}) {
  return (
    <>
      <label className="account-label" htmlFor={id}>
        <Trans>E-mail</Trans>
      </label>
      <input
        id={id}
        className="account-input"
        type="email"
        autoComplete="email"
        value={value}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(e) => onValueChange(e.target.value)}
        onBlur={onBlur}
      />
    </>
  )
}
