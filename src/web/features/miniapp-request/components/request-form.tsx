import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useId, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import {
  miniappFeatures,
  miniappRequestLimits,
  miniappRequestProblems,
  miniappRequestsPath,
  type MiniappFeature,
  type MiniappRequestField,
} from '@/domain/miniapp-request.ts'
import { call } from '@/web/lib/api-call.ts'
import { Button } from '@/web/ui/button.tsx'
import { InternalLink } from '@/web/ui/internal-link.tsx'
import { AccountFlowError } from '@machines/account-flow.ts'
import './request-form.css'

const featureNames: Record<MiniappFeature, MessageDescriptor> = {
  payment: msg`Payment`,
  topup: msg`Top-up`,
  direct_debit: msg`Direct debit`,
  preauth: msg`Pre-authorisation`,
  notifications: msg`Notifications`,
}

type Outcome = { state: 'editing' | 'sending' | 'failed' } | { state: 'sent'; id: string } | { state: 'limited'; minutes: number }

/**
 * The mini-app request form (issue 20): the fields the Request form page asks to prepare, checked by the server's
 * schema before sending, stored and confirmed by mail (docs/decisions/miniapp-requests.md).
 */
export function MiniappRequestForm() {
  const { t, i18n } = useLingui()
  const base = useId()
  const [draft, setDraft] = useState({ company: '', contactName: '', email: '', service: '', features: [] as MiniappFeature[], agreed: false })
  const [problems, setProblems] = useState<MiniappRequestField[]>([])
  const [outcome, setOutcome] = useState<Outcome>({ state: 'editing' })
  const edit = (change: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...change }))
  const fieldError: Record<MiniappRequestField, string> = {
    company: t`Enter your company's legal name.`,
    contactName: t`Enter the name of the contact person.`,
    email: t`Enter a valid e-mail address.`,
    service: t`Describe your service in ${miniappRequestLimits.serviceMin} to ${miniappRequestLimits.serviceMax} characters.`,
    features: t`Choose at least one feature.`,
    agreed: t`Confirm that you have read the policy and the guidelines.`,
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (outcome.state === 'sending') return
    const body = { ...draft, agreed: draft.agreed || undefined, lang: i18n.locale === 'en' ? 'en' : 'ja' }
    const found = miniappRequestProblems(body)
    setProblems(found)
    if (found.length > 0) {
      document.getElementById(`${base}-${found[0]}`)?.focus()
      return
    }
    setOutcome({ state: 'sending' })
    try {
      const answer = await call(miniappRequestsPath, v.object({ id: v.string(), created_at: v.string() }), { method: 'POST', body })
      setOutcome({ state: 'sent', id: answer.id })
    } catch (error: unknown) {
      const failure = error instanceof AccountFlowError ? error : null
      if (failure?.code === 'RATE_LIMIT') {
        const seconds = (failure.data as { retry_after_seconds?: number } | null)?.retry_after_seconds ?? 3600
        setOutcome({ state: 'limited', minutes: Math.max(1, Math.ceil(seconds / 60)) })
      } else setOutcome({ state: 'failed' })
    }
  }

  if (outcome.state === 'sent') {
    return (
      <div className="miniapp-request__sent" role="status">
        <p>
          <Trans>
            Thank you. Your request was received with the reference {outcome.id}; a confirmation is on its way to {draft.email}.
          </Trans>
        </p>
        <p>
          <InternalLink href="/miniapp/docs/requestform">
            <Trans>How the review works</Trans>
          </InternalLink>
        </p>
      </div>
    )
  }

  const invalid = (field: MiniappRequestField) => problems.includes(field)
  const describedBy = (field: MiniappRequestField) => (invalid(field) ? `${base}-${field}-error` : undefined)
  const errorLine = (field: MiniappRequestField) =>
    invalid(field) && (
      <p id={`${base}-${field}-error`} className="miniapp-request__error">
        {fieldError[field]}
      </p>
    )
  const textField = (field: 'company' | 'contactName' | 'email', label: string, max: number, type = 'text', autoComplete?: string) => (
    <div className="miniapp-request__field">
      <label htmlFor={`${base}-${field}`}>{label}</label>
      <input
        id={`${base}-${field}`}
        type={type}
        autoComplete={autoComplete}
        maxLength={max}
        value={draft[field]}
        aria-invalid={invalid(field)}
        aria-describedby={describedBy(field)}
        onChange={(event) => edit({ [field]: event.target.value })}
      />
      {errorLine(field)}
    </div>
  )

  return (
    <form className="miniapp-request" onSubmit={submit} noValidate>
      {textField('company', t`Company (legal name)`, miniappRequestLimits.company, 'text', 'organization')}
      {textField('contactName', t`Contact person`, miniappRequestLimits.contactName, 'text', 'name')}
      {textField('email', t`Contact e-mail`, 254, 'email', 'email')}
      <div className="miniapp-request__field">
        <label htmlFor={`${base}-service`}>
          <Trans>Service description</Trans>
        </label>
        <textarea
          id={`${base}-service`}
          rows={5}
          maxLength={miniappRequestLimits.serviceMax}
          value={draft.service}
          aria-invalid={invalid('service')}
          aria-describedby={`${base}-service-hint${invalid('service') ? ` ${base}-service-error` : ''}`}
          onChange={(event) => edit({ service: event.target.value })}
        />
        <p id={`${base}-service-hint`} className="miniapp-request__hint">
          <Trans>What users can do, who they are, and where the service is available.</Trans>
        </p>
        {errorLine('service')}
      </div>
      <fieldset className="miniapp-request__field" aria-describedby={describedBy('features')}>
        <legend id={`${base}-features`} tabIndex={-1}>
          <Trans>Features you want to use</Trans>
        </legend>
        {miniappFeatures.map((feature) => (
          <label key={feature} className="miniapp-request__check">
            <input
              type="checkbox"
              checked={draft.features.includes(feature)}
              onChange={(event) => edit({ features: event.target.checked ? [...draft.features, feature] : draft.features.filter((f) => f !== feature) })}
            />
            {i18n._(featureNames[feature])}
          </label>
        ))}
        {errorLine('features')}
      </fieldset>
      <div className="miniapp-request__field">
        <label className="miniapp-request__check">
          <input
            id={`${base}-agreed`}
            type="checkbox"
            checked={draft.agreed}
            aria-invalid={invalid('agreed')}
            aria-describedby={describedBy('agreed')}
            onChange={(event) => edit({ agreed: event.target.checked })}
          />
          <Trans>I have read the mini-app policy and the design and technical guidelines.</Trans>
        </label>
        {errorLine('agreed')}
      </div>
      <div className="miniapp-request__actions">
        <Button type="submit" disabled={outcome.state === 'sending'} aria-busy={outcome.state === 'sending'}>
          {outcome.state === 'sending' ? <Trans>Sending…</Trans> : <Trans>Send the request</Trans>}
        </Button>
        {outcome.state === 'limited' && (
          <p className="miniapp-request__error" role="alert">
            <Trans>Several requests were already sent from this address. Try again in {outcome.minutes} minutes.</Trans>
          </p>
        )}
        {outcome.state === 'failed' && (
          <p className="miniapp-request__error" role="alert">
            <Trans>The request could not be sent. Please try again later.</Trans>
          </p>
        )}
      </div>
    </form>
  )
}
