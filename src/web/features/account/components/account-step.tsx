import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId, type FormEvent } from 'react'
import { isValidPassword, passwordFailures, passwordRules, passwordStrength } from '@/domain/account-validation.ts'
import { passwordRuleText, passwordStrengthText, validationText } from '../messages.ts'
import { FieldMessage, FormError, LegalLinks } from './auth-card.tsx'
import { CredentialFields, useCredentials } from './credential-fields.tsx'

/** Sign-up screen 1 (spec §2): e-mail, password with its rules and strength, legal links, link to sign in. */
export function AccountStep({ busy, error, onSubmit }: { busy: boolean; error: string; onSubmit: (email: string, password: string) => void }) {
  const { t, i18n } = useLingui()
  const ids = { email: useId(), password: useId(), message: useId(), rules: useId() }
  // spec §5: validation runs on input and on blur
  const { email, password, touched, emailBad, passwordBad, valid, fields } = useCredentials(isValidPassword)
  const message =
    emailBad && passwordBad
      ? i18n._(validationText.signUpFormInvalid)
      : emailBad
        ? i18n._(validationText.emailInvalid)
        : touched.password && password === ''
          ? i18n._(validationText.passwordInvalid)
          : ''
  const failures = passwordFailures(password)
  const strength = passwordStrength(password)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (valid && !busy) onSubmit(email.trim(), password)
  }

  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <FormError message={error} />
      <CredentialFields ids={ids} {...fields} passwordAutoComplete="new-password" passwordDescribedBy={`${ids.message} ${ids.rules}`} />
      <ul id={ids.rules} className="account-rules" aria-label={t`Password rules`}>
        {passwordRules.map((rule) => {
          const failed = failures.includes(rule)
          return (
            <li key={rule} className={touched.password ? (failed ? 'is-failed' : 'is-met') : ''}>
              <span aria-hidden="true">{touched.password ? (failed ? '✕' : '✓') : '・'}</span> {i18n._(passwordRuleText[rule])}
              {touched.password && failed && <span className="visually-hidden">{t`(not met)`}</span>}
            </li>
          )
        })}
      </ul>
      {strength !== 'none' && (
        <p className={`account-strength account-strength--${strength}`}>
          <Trans>Strength:</Trans> {i18n._(passwordStrengthText[strength])}
        </p>
      )}
      <FieldMessage id={ids.message} message={message} />
      <LegalLinks />
      <button type="submit" className="ui-button ui-button--primary ui-button--medium account-submit" disabled={!valid || busy}>
        {busy ? <Trans>Creating your account…</Trans> : <Trans>Sign up</Trans>}
      </button>
      <p className="account-alt">
        <Trans>
          Already have an account? <Link to="/{-$webview}/account/signin">Sign in</Link>
        </Trans>
      </p>
    </form>
  )
}
