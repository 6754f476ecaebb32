import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { isValidEmail } from '@/domain/account-validation.ts'
import { limits } from '@/domain/limits.ts'
import { validationText } from '../messages.ts'
import { useForgotPassword } from '../use-password-flows.ts'
import { AuthCard, FieldMessage } from './auth-card.tsx'
import { EmailField } from './email-field.tsx'

/** Forgot password (spec §2): 1 e-mail entry, 2 success (done returns to sign-in), 3 failure. */
export function ForgotPasswordPage() {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const [state, send] = useForgotPassword()
  const ids = { email: useId(), message: useId() }
  const [email, setEmail] = useState('')
  const [message, setMessage] = useState('')

  const minutes = Math.round(limits.accounts.passwordResetTtlMs / 60_000)
  const done = state.matches('done')
  useEffect(() => {
    if (done) void navigate({ to: '/{-$webview}/account/signin' })
  }, [done, navigate])
  // spec §4: an e-mail the server rejects shows 'The entered email is not valid' on the form
  const rejected = state.matches('editing') && state.context.errorCode !== null

  if (state.matches('sent') || done)
    return (
      <AuthCard title={t`Check your e-mail`} screen="forgotSent">
        <p className="account-lead" role="status">
          <Trans>If an account uses this address, we have sent it a link to set a new password. The link is valid for {minutes} minutes.</Trans>
        </p>
        <button type="button" className="ui-button ui-button--primary ui-button--medium account-submit" onClick={() => send({ type: 'forgot.done' })}>
          <Trans>Done</Trans>
        </button>
      </AuthCard>
    )
  if (state.matches('failed'))
    return (
      <AuthCard title={t`Forgot password`} screen="forgotFailed">
        <p className="account-form-error" role="alert">
          <Trans>Oops! Something went wrong. Please try again later.</Trans>
        </p>
        <button type="button" className="ui-button ui-button--secondary ui-button--medium account-submit" onClick={() => send({ type: 'forgot.retry' })}>
          <Trans>Try again</Trans>
        </button>
      </AuthCard>
    )

  // spec §5: 'The entered email is not valid' while typing a non-empty wrong value, 'Please Enter a valid Email' on submit
  const check = (value: string) => setMessage(value !== '' && !isValidEmail(value) ? i18n._(validationText.forgotEmailTyping) : '')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!isValidEmail(email)) return setMessage(i18n._(validationText.forgotEmailSubmit))
    if (!state.matches('submitting')) send({ type: 'forgot.submit', email: email.trim() })
  }
  const shown = message || (rejected ? i18n._(validationText.forgotEmailTyping) : '')

  return (
    <AuthCard title={t`Forgot password`} screen="forgotForm">
      <form className="account-form" onSubmit={submit} noValidate>
        <p className="account-lead">
          <Trans>Enter the e-mail address of your account and we will send you a link to set a new password.</Trans>
        </p>
        <EmailField
          id={ids.email}
          value={email}
          invalid={shown !== ''}
          describedBy={ids.message}
          onValueChange={(value) => {
            setEmail(value)
            check(value)
          }}
          onBlur={() => check(email)}
        />
        <FieldMessage id={ids.message} message={shown} />
        <button type="submit" className="ui-button ui-button--primary ui-button--medium account-submit" disabled={state.matches('submitting')}>
          {state.matches('submitting') ? <Trans>Sending…</Trans> : <Trans>Send reset link</Trans>}
        </button>
        <p className="account-alt">
          <Link to="/{-$webview}/account/signin">
            <Trans>Back to sign in</Trans>
          </Link>
        </p>
      </form>
    </AuthCard>
  )
}
