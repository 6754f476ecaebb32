import { Trans } from '@lingui/react/macro'
import { typedInput } from '@/web/ui/typed-input.ts'

/** The labelled e-mail input every account form starts with (sign-up, sign-in, forgot password); a full-width address
 * (`ｔａｒｏ＠ｅｘａｍｐｌｅ．ｃｏｍ`) is read as the ASCII one (issue 20). */
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
        {...typedInput(onValueChange, { trim: true })}
        onBlur={onBlur}
      />
    </>
  )
}
