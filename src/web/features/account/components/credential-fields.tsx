import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { isValidEmail } from '@/domain/account-validation.ts'
import { EmailField } from './email-field.tsx'
import { PasswordInput } from './password-input.tsx'

export type CredentialField = 'email' | 'password'

/** What the two fields show and do: their values, whether each is shown as wrong, and how they change. */
export interface CredentialFieldState {
  email: string
  password: string
  emailBad: boolean
  passwordBad: boolean
  onEmail: (value: string) => void
  onPassword: (value: string) => void
  touch: (field: CredentialField) => void
}

/**
 * The e-mail and password a form is typing (sign-up's first screen, sign-in), checked as spec §5 says: a field shows
 * as wrong once it was typed in or left; `valid` is whether both pass, touched or not. `fields` goes to
 * `CredentialFields` as it is.
 */
export function useCredentials(isPasswordValid: (password: string) => boolean) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [touched, setTouched] = useState({ email: false, password: false })
  const emailBad = touched.email && !isValidEmail(email)
  const passwordBad = touched.password && !isPasswordValid(password)
  const fields: CredentialFieldState = {
    email,
    password,
    emailBad,
    passwordBad,
    onEmail: setEmail,
    onPassword: setPassword,
    touch: (field) => setTouched((s) => ({ ...s, [field]: true })),
  }
  return { email, password, touched, emailBad, passwordBad, valid: isValidEmail(email) && isPasswordValid(password), fields }
}

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
}: CredentialFieldState & {
  ids: { email: string; password: string; message: string }
  passwordAutoComplete: 'new-password' | 'current-password'
  passwordDescribedBy: string
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
