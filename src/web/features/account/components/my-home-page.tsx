import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { products as productCatalog } from '@/domain/products.ts'
import { limits } from '@/domain/limits.ts'
import { useSession } from '@/web/lib/session.tsx'
import { profileQuery } from '../api.ts'
import { errorText, langOf } from '../messages.ts'
import { CopyButton } from './copy-button.tsx'
import { MerchantLogo } from './merchant-logo.tsx'
import { SecretValue } from './secret-value.tsx'
import './account.css'

const codeOf = (error: Error) => ('code' in error && typeof error.code === 'string' ? error.code : 'UNKNOWN_ERROR')

/**
 * myhome (spec §2 Dashboard, first part): the merchant, its sandbox merchant id, API key and secret, and the
 * products chosen at sign-up, all from getUserProfile.
 */
export function MyHomePage() {
  const { t, i18n } = useLingui()
  const lang = langOf(i18n)
  const { accessToken, errorCode } = useSession()
  const profile = useQuery(profileQuery(accessToken))

  // the session ended while here (a 401 on any call, spec §8): say so and offer sign-in
  const failure = accessToken === null ? (errorCode ?? 'SESSION_TIMED_OUT') : profile.isError ? codeOf(profile.error) : null
  if (failure)
    return (
      <div className="account-home">
        <p className="account-form-error" role="alert">
          {errorText(i18n, failure)}
        </p>
        <Link className="ui-button ui-button--primary ui-button--medium" to="/{-$webview}/account/signin" search={{ redirect: '/dashboard/home' }}>
          <Trans>Sign in</Trans>
        </Link>
      </div>
    )
  const data = profile.data
  if (!data)
    return (
      <div className="account-home">
        <p role="status">{t`Loading your account…`}</p>
      </div>
    )
  const merchantName = data.merchant_name || t`Merchant Name`
  const registered = new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-GB', { dateStyle: 'long' }).format(new Date(data.registration_date))
  const chosen = productCatalog.filter((p) => data.products.includes(p.model))

  return (
    <div className="account-home">
      <header className="account-home__head">
        <MerchantLogo url={data.logo_url} name={merchantName} size={64} />
        <div>
          <h1 className="account-home__title">{merchantName}</h1>
          <p className="account-home__meta">
            <Trans>Registered on {registered}</Trans> · {data.email_id}
          </p>
        </div>
      </header>

      <section className="account-panel" aria-labelledby="sandbox-credentials">
        <h2 id="sandbox-credentials">
          <Trans>Sandbox credentials</Trans>
        </h2>
        <p className="account-hint">
          <Trans>Use these with the provider's SDKs against this sandbox. Keep the secret private.</Trans>
        </p>
        <dl className="account-credentials">
          <dt>
            <Trans>Merchant ID</Trans>
          </dt>
          <dd>
            {data.merchant_id ? (
              <>
                <code data-testid="merchant-id">{data.merchant_id}</code>
                <CopyButton value={data.merchant_id} label={t`Copy merchant ID`} feedbackMs={limits.copyFeedbackProfileMs} />
              </>
            ) : (
              <Trans>Not created yet</Trans>
            )}
          </dd>
          <dt>
            <Trans>API key</Trans>
          </dt>
          <dd>
            {data.client_api_key ? (
              <>
                <code data-testid="api-key">{data.client_api_key}</code>
                <CopyButton value={data.client_api_key} label={t`Copy API key`} feedbackMs={limits.copyFeedbackProfileMs} />
              </>
            ) : (
              <Trans>Not created yet</Trans>
            )}
          </dd>
          <dt>
            <Trans>API secret</Trans>
          </dt>
          <dd>{data.client_api_secret ? <SecretValue value={data.client_api_secret} label={t`API secret`} /> : <Trans>Not created yet</Trans>}</dd>
        </dl>
      </section>

      <section className="account-panel" aria-labelledby="my-products">
        <h2 id="my-products">
          <Trans>Your products</Trans>
        </h2>
        {chosen.length === 0 ? (
          <p>
            <Trans>No products chosen yet.</Trans>
          </p>
        ) : (
          <ul className="account-home__products">
            {chosen.map((p) => (
              <li key={p.model}>
                <img src={p.logo} alt="" width={32} height={32} />
                <span>{lang === 'ja' ? p.nameJp : p.name}</span>
                {p.corporateOnly && (
                  <span className="account-badge">
                    <Trans>Corporate only</Trans>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
