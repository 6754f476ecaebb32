import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useId, useState, type FormEvent } from 'react'
import type { ActorRefFrom } from 'xstate'
import { isValidOtp, maskEmail } from '@/domain/account-validation.ts'
import { limits } from '@/domain/limits.ts'
import { typedInput } from '@/web/ui/typed-input.ts'
import { errorText, validationText } from '../messages.ts'
import type { otpMachine } from '@machines/otp.machine.ts'
import { FieldMessage, FormError } from './auth-card.tsx'

export interface OtpStepProps {
  email: string
  secondsLeft: number
  canResend: boolean
  resending: boolean
  verifying: boolean
  error: string
  onSubmit: (otp: string) => void
  onResend: () => void
  onCancel?: () => void
}

/** OTP entry (spec §2 sign-up screen 2, sign-in OTP panel): masked e-mail, 4 digits, resend after the countdown. */
export function OtpStep({ email, secondsLeft, canResend, resending, verifying, error, onSubmit, onResend, onCancel }: OtpStepProps) {
  const { i18n } = useLingui()
  const ids = { otp: useId(), message: useId() }
  const [otp, setOtp] = useState('')
  const [message, setMessage] = useState('')

  // spec §5: 'OTP is not valid' while typing a wrong value, 'Please Enter a valid OTP' on submit (also when empty)
  const check = (value: string) => setMessage(value !== '' && !isValidOtp(value) ? i18n._(validationText.otpTyping) : '')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!isValidOtp(otp)) return setMessage(i18n._(validationText.otpSubmit))
    if (!verifying) onSubmit(otp)
  }
  const timer = secondsLeft

  return (
    <form className="account-form" data-screen="otp" onSubmit={submit} noValidate>
      {/* also the sign-up's verification-e-mail notice (spec §2): announced when the screen opens */}
      <p className="account-lead" role="status">
        <Trans>
          We sent a one-time password to <strong>{maskEmail(email)}</strong>. Enter it below.
        </Trans>
      </p>
      <FormError message={error} />
      <label className="account-label" htmlFor={ids.otp}>
        <Trans>One-time password</Trans>
      </label>
      <input
        id={ids.otp}
        className="account-input account-input--otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={limits.otpLength}
        value={otp}
        aria-invalid={message !== ''}
        aria-describedby={ids.message}
        {...typedInput(
          (value) => {
            // １２３４ typed in full-width is the code 1234 (issue 20)
            setOtp(value)
            check(value)
          },
          { trim: true },
        )}
        onBlur={() => check(otp)}
      />
      <FieldMessage id={ids.message} message={message} />
      <button type="submit" className="ui-button ui-button--primary ui-button--medium account-submit" disabled={verifying}>
        {verifying ? <Trans>Checking…</Trans> : <Trans>Verify</Trans>}
      </button>
      <div className="account-resend">
        <button type="button" className="ui-button ui-button--ghost ui-button--small" disabled={!canResend || resending} onClick={onResend}>
          {resending ? <Trans>Sending…</Trans> : <Trans>Resend OTP</Trans>}
        </button>
        {!canResend && !resending && (
          <p className="account-countdown">
            <Trans>Please wait {timer} seconds before requesting a new OTP</Trans>
          </p>
        )}
      </div>
      {onCancel && (
        <button type="button" className="account-link-button" onClick={onCancel}>
          <Trans>Use another account</Trans>
        </button>
      )}
    </form>
  )
}

/** The OTP panel bound to the OTP machine that sign-in and sign-up invoke (machines/otp.machine.ts). */
export function OtpPanel({ actor, email, onCancel }: { actor: ActorRefFrom<typeof otpMachine> | undefined; email: string; onCancel?: () => void }) {
  const { i18n } = useLingui()
  const snapshot = useSelector(actor, (s) => s)
  if (!actor || !snapshot) return null
  return (
    <OtpStep
      email={email}
      secondsLeft={snapshot.context.resendSecondsLeft}
      canResend={snapshot.hasTag('resend.ready')}
      resending={snapshot.hasTag('busy.resending')}
      verifying={snapshot.hasTag('busy.verifying')}
      error={errorText(i18n, snapshot.context.errorCode)}
      onSubmit={(otp) => actor.send({ type: 'otp.submit', otp })}
      onResend={() => actor.send({ type: 'otp.resend' })}
      onCancel={onCancel}
    />
  )
}
