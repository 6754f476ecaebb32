import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent } from 'react'
import { validationText } from '../messages.ts'
import { logoMaxPx, logoProblem, logoTypes, type LogoProblem } from '@/web/lib/logo-file.ts'
import { LogoProblemText } from '@/web/ui/logo-problem.tsx'
import { FieldMessage, FormError } from './auth-card.tsx'
import { FullScreenLoader } from './full-screen-loader.tsx'
import { MerchantLogo } from '@/web/ui/merchant-logo.tsx'

export interface MerchantStepProps {
  /** The name typed before (Back from step 4 shows it again, so Next registers it rather than the default). */
  initialName: string
  logoUrl: string | null
  uploading: boolean
  logoError: string
  error: string
  onLogo: (file: File) => void
  onSubmit: (merchantName: string) => void
  onSkip: () => void
}

/** Sign-up screen 3 (spec §2): optional logo (full-screen loader while it uploads), merchant name, submit, Skip. */
export function MerchantStep({ initialName, logoUrl, uploading, logoError, error, onLogo, onSubmit, onSkip }: MerchantStepProps) {
  const { t, i18n } = useLingui()
  const ids = { logo: useId(), name: useId(), logoMessage: useId(), logoProblem: useId(), hint: useId() }
  const [name, setName] = useState(initialName)
  const [logoRejected, setLogoRejected] = useState<LogoProblem | null>(null)
  const logoMessage = logoRejected || logoError ? i18n._(validationText.logoInvalid) : ''
  const size = logoMaxPx

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!uploading) onSubmit(name)
  }

  return (
    <form className="account-form" onSubmit={submit} noValidate>
      {uploading && <FullScreenLoader label={t`Uploading your logo…`} />}
      <p className="account-lead">
        <Trans>Tell us about your business. You can change this later.</Trans>
      </p>
      <FormError message={error} />
      <div className="account-logo-field">
        <MerchantLogo url={logoUrl} name={t`Merchant logo`} size={72} />
        <div>
          <input
            id={ids.logo}
            className="visually-hidden"
            type="file"
            accept={logoTypes.join(',')}
            aria-describedby={`${ids.hint} ${ids.logoMessage} ${ids.logoProblem}`}
            onChange={async (e) => {
              const file = e.target.files?.[0]
              e.target.value = ''
              if (!file) return
              const problem = await logoProblem(file)
              setLogoRejected(problem)
              if (!problem) onLogo(file)
            }}
          />
          <label className="ui-button ui-button--secondary ui-button--small account-file" htmlFor={ids.logo}>
            <Trans>Upload logo</Trans>
          </label>
          <p id={ids.hint} className="account-hint">
            <Trans>
              Optional. JPG or PNG, square, up to {size}×{size} px.
            </Trans>
          </p>
          <FieldMessage id={ids.logoMessage} message={logoMessage} />
          {/* beside spec §5's message, which rule the file broke (issue 20) */}
          <p id={ids.logoProblem} className="account-field-message account-field-message--detail" aria-live="polite">
            {logoRejected && <LogoProblemText problem={logoRejected} />}
          </p>
        </div>
      </div>
      <label className="account-label" htmlFor={ids.name}>
        <Trans>Merchant name</Trans>
      </label>
      <input
        id={ids.name}
        className="account-input"
        autoComplete="organization"
        maxLength={100}
        value={name}
        placeholder={t`Merchant Name`}
        onChange={(e) => setName(e.target.value)}
      />
      <button type="submit" className="ui-button ui-button--primary ui-button--medium account-submit" disabled={uploading}>
        <Trans>Next</Trans>
      </button>
      <button type="button" className="account-link-button" onClick={onSkip} disabled={uploading}>
        <Trans>Skip</Trans>
      </button>
    </form>
  )
}
