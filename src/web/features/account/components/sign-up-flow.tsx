import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSession } from '@/web/lib/session.tsx'
import { profileQuery } from '../api.ts'
import { errorText } from '../messages.ts'
import { useSignUp } from '../use-sign-up.ts'
import { AccountStep } from './account-step.tsx'
import { AuthCard } from './auth-card.tsx'
import { FullScreenLoader } from './full-screen-loader.tsx'
import { MerchantStep } from './merchant-step.tsx'
import { NewKeyStep } from '@/web/ui/new-key-step.tsx'
import { OtpPanel } from './otp-step.tsx'
import { ProductsStep } from './products-step.tsx'
import { SuccessStep } from './success-step.tsx'

function StepIndicator({ step }: { step: number }) {
  const { t } = useLingui()
  const labels = [t`Account`, t`Verify`, t`Merchant`, t`Products`, t`Done`]
  return (
    <ol className="account-steps" aria-label={t`Sign-up steps`}>
      {labels.map((label, index) => (
        <li key={label} className={index + 1 <= step ? 'is-done' : ''} aria-current={index + 1 === step ? 'step' : undefined}>
          <span className="account-steps__dot" aria-hidden="true">
            {index + 1}
          </span>
          <span className="account-steps__label">{label}</span>
        </li>
      ))}
    </ol>
  )
}

/** The screen a state shows (its `screen.*` tag); a new one scrolls the page to the top. */
function screenOf(state: { tags: Set<string> }): string {
  return [...state.tags].find((t) => t.startsWith('screen.')) ?? ''
}

/**
 * The five sign-up screens in one page (spec §2), driven by the sign-up machine. The sign-in page renders it
 * from step 3 when an account's sign-up is unfinished.
 */
export function SignUpFlow({ startAt = 'account', email, checkSession = false }: { startAt?: 'account' | 'merchant'; email?: string; checkSession?: boolean }) {
  const { t, i18n } = useLingui()
  const [state, send] = useSignUp({ startAt, email, checkSession })
  const navigate = useNavigate()
  // issue 11: an account that finished sign-up has nothing to do here: on to myhome
  const finished = state.matches('finished')
  useEffect(() => {
    if (finished) void navigate({ to: '/{-$webview}/dashboard/home', replace: true })
  }, [finished, navigate])
  const { accessToken } = useSession()
  const profile = useQuery({ ...profileQuery(accessToken), enabled: accessToken !== null && (state.matches('success') || state.matches('newKey')) })
  const { context } = state
  const error = errorText(i18n, context.errorCode)
  // each screen opens at its top (step 5 followed the long product list and opened scrolled half-way down)
  const screen = screenOf(state)
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'instant' })
  }, [screen])

  if (finished) return <FullScreenLoader label={t`Opening your dashboard…`} />
  if (state.matches('account') || state.matches('checkingSession'))
    return (
      <AuthCard title={t`Create your developer account`} screen="account">
        <StepIndicator step={1} />
        <AccountStep
          busy={state.matches({ account: 'creating' })}
          error={error}
          onSubmit={(e, password) => send({ type: 'account.submit', email: e, password })}
        />
      </AuthCard>
    )
  if (state.matches('otp'))
    return (
      <AuthCard title={t`Verify your e-mail`}>
        <StepIndicator step={2} />
        <OtpPanel actor={state.children.otp} email={context.email} />
      </AuthCard>
    )
  if (state.matches('merchant'))
    return (
      <AuthCard title={t`Set up your merchant`} screen="merchant">
        <StepIndicator step={3} />
        <MerchantStep
          // after Skip the machine holds the default name: the field shows it as its placeholder, not as typed text
          initialName={context.merchantName === context.defaultMerchantName ? '' : context.merchantName}
          logoUrl={context.logoUrl}
          uploading={state.matches({ merchant: 'uploadingLogo' })}
          logoError={context.logoErrorCode ?? ''}
          error={error}
          onLogo={(file) => send({ type: 'logo.select', file })}
          onSubmit={(merchantName) => send({ type: 'merchant.submit', merchantName })}
          onSkip={() => send({ type: 'merchant.skip' })}
        />
      </AuthCard>
    )
  if (state.matches('products'))
    return (
      <AuthCard title={t`Choose your products`} screen="products" wide>
        <StepIndicator step={4} />
        <ProductsStep
          merchantName={context.merchantName.trim() || context.defaultMerchantName}
          logoUrl={context.logoUrl}
          registering={state.matches({ products: 'registering' })}
          error={error}
          onBack={() => send({ type: 'products.back' })}
          onRegister={(products) => send({ type: 'products.register', products })}
        />
      </AuthCard>
    )
  if (state.matches('success'))
    return (
      <AuthCard title={t`Welcome to PayLab`} screen="success">
        <StepIndicator step={5} />
        <SuccessStep
          merchantName={profile.data?.merchant_name ?? (context.merchantName.trim() || context.defaultMerchantName)}
          logoUrl={profile.data?.logo_url ?? context.logoUrl}
          error={error}
          onShowKeys={() => send({ type: 'keys.show' })}
        />
      </AuthCard>
    )
  if (state.matches('newKey'))
    return (
      <AuthCard title={t`Your new sandbox API key`} screen="newKey">
        <NewKeyStep
          merchantId={context.merchantId}
          apiKey={context.newKey?.apiKey ?? null}
          apiSecret={context.newKey?.apiSecret ?? null}
          createdAt={context.newKey?.createdAt ?? null}
          onDone={() => send({ type: 'keys.hide' })}
        />
      </AuthCard>
    )
  // timedOut (spec §4: a session timeout sends the user back to sign in)
  return (
    <AuthCard title={t`Session timed out`} screen="timedOut">
      <p className="account-lead" role="alert">
        {errorText(i18n, 'SESSION_TIMED_OUT')}
      </p>
      <Link className="ui-button ui-button--primary ui-button--medium account-submit" to="/{-$webview}/account/signin">
        <Trans>Sign in</Trans>
      </Link>
    </AuthCard>
  )
}
