import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { FormError } from './auth-card.tsx'
import { MerchantLogo } from '@/web/ui/merchant-logo.tsx'

export const contactUrl = 'mailto:developers@paylab.example'

/** Sign-up screen 5 (spec §2): logo or default, name, success message, button to myhome (replace), contact link. */
export function SuccessStep({
  merchantName,
  logoUrl,
  error,
  onShowKeys,
}: {
  merchantName: string
  logoUrl: string | null
  error: string
  onShowKeys: () => void
}) {
  const { t } = useLingui()
  const navigate = useNavigate()
  return (
    <div className="account-form account-success">
      <MerchantLogo url={logoUrl} name={merchantName || t`Merchant Name`} size={96} />
      <p className="account-success__name">{merchantName || t`Merchant Name`}</p>
      <p className="account-lead" role="status">
        <Trans>Your developer account is ready. Your sandbox merchant, API key and secret have been created.</Trans>
      </p>
      <button
        type="button"
        className="ui-button ui-button--primary ui-button--medium account-submit"
        onClick={() => void navigate({ to: '/{-$webview}/dashboard/home', replace: true })}
      >
        <Trans>Go to dashboard</Trans>
      </button>
      {/* a failed key creation (e.g. the 20-key limit) says why here */}
      <FormError message={error} />
      <button type="button" className="account-link-button" onClick={onShowKeys}>
        <Trans>Create a new API key</Trans>
      </button>
      <p className="account-alt">
        <Trans>
          Questions? <a href={contactUrl}>Contact us</a>
        </Trans>
      </p>
    </div>
  )
}
