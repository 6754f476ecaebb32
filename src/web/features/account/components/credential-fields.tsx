import { Trans } from '@lingui/react/macro'
import { EmailField } from './email-field.tsx'
import { PasswordInput } from './password-input.tsx'

export type CredentialField = 'email' | 'password'

/**
 * The e-mail field and the labelled password input of sign-up and sign-in (spec §5: each is checked on input and
 * on blur, so both mark themselves touched). `passwordDescribedBy` names what explains the password (the form's
 * message, and on sign-up its rules).
 */
export function CredentialFields({
  ids,
  email,
  password,
  emailBad,
  passwordBad,
  passwordAutoComplete,
  passwordDescribedBy,
  onEmail,
  onPassword,
  touch,
}: {
  ids: { email: string; password: string; message: string }
  email: string
  password: string
  emailBad: boolean
  passwordBad: boolean
  passwordAutoComplete: 'new-password' | 'current-password'
  passwordDescribedBy: string
  onEmail: (value: string) => void
  onPassword: (value: string) => void
  touch: (field: CredentialField) => void
}) {
  return (
    <>
      <EmailField
        id={ids.email}
        value={email}
        invalid={emailBad}
        describedBy={ids.message}
        onValueChange={(value) => {
          onEmail(value)
          touch('email')
        }}
        onBlur={() => touch('email')}
      />
      <label className="account-label" htmlFor={ids.password}>
        <Trans>Password</Trans>
      </label>
      <PasswordInput
        id={ids.password}
        autoComplete={passwordAutoComplete}
        value={password}
        aria-invalid={passwordBad}
        aria-describedby={passwordDescribedBy}
        onChange={(e) => {
          onPassword(e.target.value)
          touch('password')
        }}
        onBlur={() => touch('password')}
      />
    </>
  )
}
