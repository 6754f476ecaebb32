import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { Button } from '@/web/ui/button.tsx'
import { MerchantLogo } from '@/web/ui/merchant-logo.tsx'
import { errorText } from '@/web/lib/error-text.ts'
import { logoMaxPx, logoProblem, logoTypes } from '@/web/lib/logo-file.ts'
import { LogoProblemText } from '@/web/ui/logo-problem.tsx'
import { useStoredMode } from '../mode.ts'
import { useMerchantProfileForm } from '../merchant-profile.ts'

/** Sign-up's message for a logo that cannot be used (account feature, validationText.logoInvalid): the same words. */
const logoInvalid = msg`Kindly upload your logo!`

/** The section once the profile is there (the settings page waits for it already). */
export function MerchantProfileSection() {
  const { profile } = useStoredMode()
  if (!profile.data) return null
  return <MerchantProfileForm name={profile.data.merchant_name} logoUrl={profile.data.logo_url} />
}

/**
 * Settings → Configuration: the merchant's name and logo, which sign-up step 3 says can be changed later (issue 20).
 * The rules and messages are sign-up's: JPG or PNG, square, at most {logoMaxPx} px; a name of at most 100 characters.
 */
export function MerchantProfileForm({ name, logoUrl }: { name: string; logoUrl: string | null }) {
  const { t, i18n } = useLingui()
  const ids = { heading: useId(), logo: useId(), hint: useId(), logoMessage: useId(), logoProblem: useId(), name: useId() }
  const form = useMerchantProfileForm({ name: name === 'Merchant Name' ? '' : name, logoUrl })
  const busy = form.status === 'uploading' || form.status === 'saving'
  const size = logoMaxPx
  return (
    <section className="dash-profile" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>
        <Trans>Merchant name and logo</Trans>
      </h2>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (!busy) void form.save()
        }}
        noValidate
      >
        <div className="dash-field dash-profile__logo">
          <MerchantLogo url={form.logoUrl} name={t`Merchant logo`} size={72} />
          <div>
            <input
              id={ids.logo}
              className="visually-hidden"
              type="file"
              accept={logoTypes.join(',')}
              aria-describedby={`${ids.hint} ${ids.logoMessage} ${ids.logoProblem}`}
              disabled={busy}
              onChange={async (event) => {
                const file = event.target.files?.[0]
                event.target.value = ''
                if (!file) return
                const problem = await logoProblem(file)
                if (problem) form.rejectLogo(problem)
                else await form.pickLogo(file)
              }}
            />
            <label className="ui-button ui-button--secondary ui-button--small" htmlFor={ids.logo}>
              {form.status === 'uploading' ? <Trans>Uploading your logo…</Trans> : <Trans>Change logo</Trans>}
            </label>{' '}
            {form.logoUrl && (
              <button type="button" className="ui-button ui-button--secondary ui-button--small" onClick={form.removeLogo} disabled={busy}>
                <Trans>Remove logo</Trans>
              </button>
            )}
            <p id={ids.hint} className="dash-muted">
              <Trans>
                Optional. JPG or PNG, square, up to {size}×{size} px.
              </Trans>
            </p>
            {form.logoFailed && (
              <p id={ids.logoMessage} className="dash-field__error" role="alert">
                {i18n._(logoInvalid)}
              </p>
            )}
            {/* beside spec §5's message, which rule the file broke (issue 20) */}
            <p id={ids.logoProblem} className="dash-field__error" aria-live="polite">
              {form.logoProblem && <LogoProblemText problem={form.logoProblem} />}
            </p>
          </div>
        </div>
        <div className="dash-field">
          <label htmlFor={ids.name}>
            <Trans>Merchant name</Trans>
          </label>
          <input
            id={ids.name}
            autoComplete="organization"
            maxLength={100}
            value={form.name}
            placeholder={t`Merchant Name`}
            onChange={(event) => form.setName(event.target.value)}
          />
        </div>
        <div className="dash-actions">
          <Button type="submit" disabled={busy} aria-busy={form.status === 'saving'}>
            {form.status === 'saving' ? <Trans>Saving…</Trans> : <Trans>Save name and logo</Trans>}
          </Button>
          {form.status === 'saved' && (
            <span className="dash-success" role="status">
              <Trans>Saved successfully</Trans>
            </span>
          )}
          {form.status === 'failed' && (
            <span className="dash-error" role="alert">
              <Trans>Cannot be saved</Trans>
              {form.errorCode ? ` — ${errorText(i18n, form.errorCode)}` : ''}
            </span>
          )}
        </div>
      </form>
    </section>
  )
}
