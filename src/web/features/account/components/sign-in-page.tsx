import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { signInPasswordSchema } from '@/domain/account-validation.ts'
import * as v from 'valibot'
import { useSession } from '@/web/lib/session.tsx'
import { storageKeys } from '@/domain/storage-keys.ts'
import { useWebviewHref } from '@/web/ui/internal-link.tsx'
import { afterSignInHref, isMobileDevice } from '../device.ts'
import { errorText, validationText } from '../messages.ts'
import { useSignIn } from '../use-sign-in.ts'
import { AuthCard, FieldMessage, FormError, LegalLinks } from './auth-card.tsx'
import { OtpPanel } from './otp-step.tsx'
import { CredentialFields, useCredentials } from './credential-fields.tsx'
import { SignUpFlow } from './sign-up-flow.tsx'

const isValidSignInPassword = (value: string) => v.is(signInPasswordSchema, value)

const readSavedQuery = () => {
  try {
    return localStorage.getItem(storageKeys.redirectQueryParams)
  } catch {
    return null
  }
}
const forgetSavedQuery = () => {
  try {
    localStorage.removeItem(storageKeys.redirectQueryParams)
  } catch {
    // storage unavailable: nothing was saved either
  }
}

/** The sign-in screen (spec §2, §4): form, terms-acceptance panel, OTP panel; unfinished sign-ups go on at step 3. */
export function SignInPage({ redirect }: { redirect?: string }) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const [state, send] = useSignIn()
  const session = useSession()
  const { context } = state
  // spec §8: a session that ended with a 401 says so until the user signs in again
  const error = errorText(i18n, context.errorCode ?? session.errorCode)

  // spec §4: after sign-in go to ?redirect= if present, else myhome; on mobile, home
  // (with the query string the guard saved when the target has none; then cleared)
  const signedIn = state.matches('signedIn')
  const webviewHref = useWebviewHref()
  const left = useRef(false)
  useEffect(() => {
    if (!signedIn || left.current) return
    left.current = true
    const target = afterSignInHref(redirect, readSavedQuery())
    forgetSavedQuery()
    if (isMobileDevice()) void navigate({ to: '/{-$webview}', replace: true })
    else if (target) void navigate({ href: webviewHref(target), replace: true })
    else void navigate({ to: '/{-$webview}/dashboard/home', replace: true })
  }, [signedIn, redirect, navigate, webviewHref])

  if (state.matches('continueSignUp')) return <SignUpFlow startAt="merchant" email={context.email} />
  if (state.matches('otp'))
    return (
      <AuthCard title={t`Confirm it's you`} screen="otpPanel">
        <OtpPanel actor={state.children.otp} email={context.email} onCancel={() => send({ type: 'otp.cancel' })} />
      </AuthCard>
    )
  // the resubmission with the accepted terms keeps the terms panel on screen while it runs
  if (state.matches('terms') || (state.hasTag('busy.signingIn') && context.acceptedTerms))
    return (
      <AuthCard title={t`Accept the developer terms`} screen="terms">
        <p className="account-lead">
          <Trans>
            This e-mail address belongs to an account that is not yet a developer account. To use it here, accept the{' '}
            <Link to="/{-$webview}/terms-of-use" target="_blank" rel="noopener">
              developer tools agreement
            </Link>
            .
          </Trans>
        </p>
        <FormError message={error} />
        <div className="account-form">
          <button
            type="button"
            className="ui-button ui-button--primary ui-button--medium account-submit"
            disabled={state.hasTag('busy.signingIn')}
            onClick={() => send({ type: 'terms.accept' })}
          >
            <Trans>Accept and sign in</Trans>
          </button>
          <button type="button" className="account-link-button" onClick={() => send({ type: 'terms.decline' })}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </AuthCard>
    )
  return (
    <AuthCard title={t`Sign in`} screen="signIn">
      <SignInForm
        busy={state.hasTag('busy.signingIn') || signedIn}
        error={signedIn ? '' : error}
        onSubmit={(email, password, keepLogin) => send({ type: 'signIn.submit', email, password, keepLogin })}
      />
    </AuthCard>
  )
}

function SignInForm({ busy, error, onSubmit }: { busy: boolean; error: string; onSubmit: (email: string, password: string, keepLogin: boolean) => void }) {
  const { i18n } = useLingui()
  const ids = { email: useId(), password: useId(), keep: useId(), message: useId() }
  const [keepLogin, setKeepLogin] = useState(true)
  const { email, password, emailBad, passwordBad, valid, fields } = useCredentials(isValidSignInPassword)
  // spec §5: one message for e-mail, password, or both
  const message =
    emailBad && passwordBad
      ? i18n._(validationText.emailAndPasswordInvalid)
      : emailBad
        ? i18n._(validationText.emailInvalid)
        : passwordBad
          ? i18n._(validationText.passwordInvalid)
          : ''
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (valid && !busy) onSubmit(email.trim(), password, keepLogin)
  }
  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <FormError message={error} />
      <CredentialFields ids={ids} {...fields} passwordAutoComplete="current-password" passwordDescribedBy={ids.message} />
      <FieldMessage id={ids.message} message={message} />
      <div className="account-row">
        <label className="account-check" htmlFor={ids.keep}>
          <input id={ids.keep} type="checkbox" checked={keepLogin} onChange={(e) => setKeepLogin(e.target.checked)} />
          <Trans>Keep me signed in</Trans>
        </label>
        <Link to="/{-$webview}/account/forgotPassword">
          <Trans>Forgot password?</Trans>
        </Link>
      </div>
      <LegalLinks />
      <button type="submit" className="ui-button ui-button--primary ui-button--medium account-submit" disabled={!valid || busy}>
        {busy ? <Trans>Signing in…</Trans> : <Trans>Sign in</Trans>}
      </button>
      <p className="account-alt">
        <Trans>
          New to PayLab? <Link to="/{-$webview}/account/signup">Create an account</Link>
        </Trans>
      </p>
    </form>
  )
}
