import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { isValidPassword, passwordFailures, passwordRules } from '@/domain/account-validation.ts'
import { errorText, passwordRuleText, validationText } from '../messages.ts'
import { useResetPassword } from '../use-password-flows.ts'
import { AuthCard, FieldMessage, FormError } from './auth-card.tsx'
import { PasswordInput } from './password-input.tsx'

/** The page the password-reset e-mail links to (not in the spec; same look as forgot password). */
export function ResetPasswordPage({ token }: { token: string }) {
  const { t, i18n } = useLingui()
  const [state, send] = useResetPassword(token)
  const ids = { password: useId(), confirm: useId(), message: useId(), rules: useId() }
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [touched, setTouched] = useState(false)

  if (state.matches('saved'))
    return (
      <AuthCard title={t`Password changed`} screen="resetSaved">
        <p className="account-lead" role="status">
          <Trans>Your new password is set. Sign in with it.</Trans>
        </p>
        <Link className="ui-button ui-button--primary ui-button--medium account-submit" to="/{-$webview}/account/signin">
          <Trans>Sign in</Trans>
        </Link>
      </AuthCard>
    )
  if (state.matches('linkInvalid'))
    return (
      <AuthCard title={t`Set a new password`} screen="resetLinkInvalid">
        <p className="account-form-error" role="alert">
          {state.context.errorCode
            ? errorText(i18n, state.context.errorCode)
            : t`This password reset link is invalid or has expired. Please request a new one.`}
        </p>
        <Link className="ui-button ui-button--secondary ui-button--medium account-submit" to="/{-$webview}/account/forgotPassword">
          <Trans>Request a new link</Trans>
        </Link>
      </AuthCard>
    )

  const failures = passwordFailures(password)
  const mismatch = confirm !== '' && confirm !== password
  const valid = isValidPassword(password) && confirm === password
  const message = touched && password === '' ? i18n._(validationText.passwordInvalid) : mismatch ? t`The passwords do not match` : ''
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (valid && !state.matches('saving')) send({ type: 'reset.submit', password })
  }
  return (
    <AuthCard title={t`Set a new password`} screen="resetForm">
      <form className="account-form" onSubmit={submit} noValidate>
        <FormError message={errorText(i18n, state.context.errorCode)} />
        <label className="account-label" htmlFor={ids.password}>
          <Trans>New password</Trans>
        </label>
        <PasswordInput
          id={ids.password}
          autoComplete="new-password"
          value={password}
          aria-describedby={`${ids.rules} ${ids.message}`}
          onChange={(e) => {
            setPassword(e.target.value)
            setTouched(true)
          }}
          onBlur={() => setTouched(true)}
        />
        <ul id={ids.rules} className="account-rules" aria-label={t`Password rules`}>
          {passwordRules.map((rule) => (
            <li key={rule} className={touched ? (failures.includes(rule) ? 'is-failed' : 'is-met') : ''}>
              <span aria-hidden="true">{touched ? (failures.includes(rule) ? '✕' : '✓') : '・'}</span> {i18n._(passwordRuleText[rule])}
            </li>
          ))}
        </ul>
        <label className="account-label" htmlFor={ids.confirm}>
          <Trans>Confirm new password</Trans>
        </label>
        <PasswordInput
          id={ids.confirm}
          autoComplete="new-password"
          value={confirm}
          aria-describedby={ids.message}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <FieldMessage id={ids.message} message={message} />
        <button type="submit" className="ui-button ui-button--primary ui-button--medium account-submit" disabled={!valid || state.matches('saving')}>
          {state.matches('saving') ? <Trans>Saving…</Trans> : <Trans>Save new password</Trans>}
        </button>
      </form>
    </AuthCard>
  )
}
