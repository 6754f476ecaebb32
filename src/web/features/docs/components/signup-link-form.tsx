import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { emailSchema } from '@/domain/account-validation.ts'
import { signupLinkPath } from '@/domain/signup-link.ts'
import { call } from '@/web/lib/api-call.ts'
import { Button } from '@/web/ui/button.tsx'
import { AccountFlowError } from '@machines/account-flow.ts'

type Sent = { state: 'idle' | 'sending' | 'sent' | 'invalid' | 'failed' } | { state: 'limited'; minutes: number }

/**
 * Issue 20: on a phone, where sign-up is refused (spec §2), the sign-up link can be mailed to open on a computer or a
 * tablet (POST /dev/v1/signupLink, JSON; rate-limited per address and per client, src/domain/signup-link.ts).
 */
export function SignupLinkForm() {
  const { t } = useLingui()
  const ids = { email: useId(), message: useId() }
  const [email, setEmail] = useState('')
  const [sent, setSent] = useState<Sent>({ state: 'idle' })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (sent.state === 'sending') return
    if (!v.is(emailSchema, email.trim())) return setSent({ state: 'invalid' })
    setSent({ state: 'sending' })
    try {
      await call(signupLinkPath, v.object({ sent: v.boolean() }), { method: 'POST', body: { email: email.trim() } })
      setSent({ state: 'sent' })
    } catch (error: unknown) {
      const code = error instanceof AccountFlowError ? error.code : null
      if (code === 'RATE_LIMIT') {
        const seconds = ((error as AccountFlowError).data as { retry_after_seconds?: number } | null)?.retry_after_seconds ?? 3600
        setSent({ state: 'limited', minutes: Math.max(1, Math.ceil(seconds / 60)) })
      } else if (code === 'INVALID_PARAMS') setSent({ state: 'invalid' })
      else setSent({ state: 'failed' })
    }
  }

  return (
    <form className="doc-home__mail-link" onSubmit={submit} noValidate>
      <label htmlFor={ids.email}>
        <Trans>E-mail yourself the sign-up link</Trans>
      </label>
      <div className="doc-home__mail-link-row">
        <input
          id={ids.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          placeholder={t`you@example.com`}
          aria-invalid={sent.state === 'invalid'}
          aria-describedby={ids.message}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" size="small" disabled={sent.state === 'sending'} aria-busy={sent.state === 'sending'}>
          <Trans>Send the link</Trans>
        </Button>
      </div>
      {sent.state === 'sent' ? (
        <p id={ids.message} className="doc-home__mail-link-message" role="status">
          <Trans>Sent. Open the mail on a computer or a tablet to sign up there.</Trans>
        </p>
      ) : sent.state === 'invalid' || sent.state === 'limited' || sent.state === 'failed' ? (
        <p id={ids.message} className="doc-home__mail-link-message doc-home__mail-link-message--error" role="alert">
          {sent.state === 'invalid' && <Trans>Enter a valid e-mail address.</Trans>}
          {sent.state === 'limited' && <Trans>Several links were already sent to this address. Try again in {sent.minutes} minutes.</Trans>}
          {sent.state === 'failed' && <Trans>The mail could not be sent. Please try again later.</Trans>}
        </p>
      ) : null}
    </form>
  )
}
