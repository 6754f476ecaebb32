import { Trans, useLingui } from '@lingui/react/macro'
import { limits } from '@/domain/limits.ts'
import type { UserProfile } from '@/domain/account-api.ts'
import { CopyButton } from '@/web/ui/copy-button.tsx'
import { SecretValue } from '@/web/ui/secret-value.tsx'

/**
 * The credentials of the mode's merchant (spec §2 Dashboard: merchant id, client id, keys). Test mode shows the
 * profile's key pair (secret hidden until revealed); a live key's secret is shown only when the key is generated.
 */
export function Credentials({ profile, live, merchantId }: { profile: UserProfile; live: boolean; merchantId: string }) {
  const { t } = useLingui()
  return (
    <section className="dash-panel" aria-labelledby="credentials-title">
      <h2 id="credentials-title">{live ? <Trans>Live credentials</Trans> : <Trans>Sandbox credentials</Trans>}</h2>
      <p className="dash-muted">
        {live ? (
          <Trans>Your live merchant. Its secrets are shown once, when a key is generated: generate a key below to get one.</Trans>
        ) : (
          <Trans>Use these with the provider's SDKs against this sandbox. Keep the secret private.</Trans>
        )}
      </p>
      <dl className="dash-credentials">
        <dt>
          <Trans>Merchant ID</Trans>
        </dt>
        <dd>
          <code data-testid="merchant-id">{merchantId}</code>
          <CopyButton value={merchantId} label={t`Copy merchant ID`} feedbackMs={limits.copyFeedbackProfileMs} />
        </dd>
        {!live && profile.client_api_key && (
          <>
            <dt>
              <Trans>Client ID (API key)</Trans>
            </dt>
            <dd>
              <code data-testid="api-key">{profile.client_api_key}</code>
              <CopyButton value={profile.client_api_key} label={t`Copy API key`} feedbackMs={limits.copyFeedbackProfileMs} />
            </dd>
          </>
        )}
        {!live && profile.client_api_secret && (
          <>
            <dt>
              <Trans>API secret</Trans>
            </dt>
            <dd>
              <SecretValue value={profile.client_api_secret} label={t`API secret`} />
            </dd>
          </>
        )}
      </dl>
    </section>
  )
}
