import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState, type ReactNode } from 'react'
import { brandSlug } from '@/domain/site.ts'
import type { DashboardHome as HomeAnswer } from '@/domain/dashboard-home.ts'
import { useSession } from '@/web/lib/session.tsx'
import { Button } from '@/web/ui/button.tsx'
import { InternalLink } from '@/web/ui/internal-link.tsx'
import { Modal } from '@/web/ui/modal.tsx'
import { profileRootKey } from '@/web/lib/profile.ts'
import { errorText, langOf } from '@/web/lib/error-text.ts'
import { MerchantLogo } from '@/web/ui/merchant-logo.tsx'
import { dashboardHomeQuery } from '../api.ts'
import { dashboardKeys } from '../keys.ts'
import { formatDate } from '../format.ts'
import { readStoredLive } from '../mode.ts'
import { useDashboardMode } from '../use-dashboard-mode.ts'
import { Credentials } from './credentials.tsx'
import { KeysPanel } from './keys-panel.tsx'
import { SessionFailure } from './session-failure.tsx'
import { TestUsersPanel } from './test-users-panel.tsx'
import '../dashboard.css'

/** A card's part of the home's answer as its panel reads a query: loading (skeleton), failed (its code) or its data. */
type CardPart<T> = T | { error_code: string } | null | undefined
function cardOf<T extends object>(part: CardPart<T>, ready: boolean): { data?: T; error: unknown; isError: boolean } {
  if (!ready || !part) return { data: undefined, error: null, isError: false }
  if ('error_code' in part) return { data: undefined, error: { code: part.error_code }, isError: true }
  return { data: part, error: null, isError: false }
}

/**
 * myhome (spec §2 Dashboard): test/live toggle, credentials and keys of the mode's merchant, activation, top-up,
 * test users, announcements and the tools menu. Everything it shows comes in one request per mode
 * (GET /v1/dashboardHome, issue 20), which the route's loader starts with the navigation; skeletons until it answers.
 */
export function DashboardHome({ sidebar, announcements }: { sidebar: ReactNode; announcements: ReactNode }) {
  const { t } = useLingui()
  const { accessToken } = useSession()
  // the mode first asked for is the stored one (the loader asked the same); the mode machine decides from here on
  const [storedLive] = useState(readStoredLive)
  const home = useQuery(dashboardHomeQuery(accessToken, storedLive))
  if (accessToken === null || home.isError) return <SessionFailure error={home.error} redirect="/dashboard/home" />
  if (!home.data)
    return (
      <div className="shell-page shell-page--with-sidebar">
        {sidebar}
        <div className="shell-page__body dash-page" role="status" aria-busy="true">
          <span className="visually-hidden">{t`Loading your account…`}</span>
          {/* the shape of the page to come: the header, then the cards (spec §2 myhome) */}
          <div className="dash-skeleton dash-skeleton--head" aria-hidden="true">
            <span className="dash-skeleton__logo" />
            <span className="dash-skeleton__line" style={{ width: '40%' }} />
          </div>
          {[4, 3, 3].map((lines, i) => (
            <div key={i} className="dash-panel dash-skeleton" aria-hidden="true">
              <span className="dash-skeleton__title" />
              {Array.from({ length: lines }, (_, j) => (
                <span key={j} className="dash-skeleton__line" style={{ width: `${92 - (j % 3) * 18}%` }} />
              ))}
            </div>
          ))}
        </div>
      </div>
    )
  return <DashboardBody first={home.data} sidebar={sidebar} announcements={announcements} />
}

function DashboardBody({ first, sidebar, announcements }: { first: HomeAnswer; sidebar: ReactNode; announcements: ReactNode }) {
  const { t, i18n } = useLingui()
  const lang = langOf(i18n)
  const queryClient = useQueryClient()
  const { accessToken } = useSession()
  const refreshHome = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: profileRootKey })
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.homeRoot })
  }, [queryClient])
  const [state, send] = useDashboardMode(first.profile.live_merchant_id, refreshHome)
  const live = state.matches('live')
  // the mode's answer; while another mode's is asked for, the header keeps the last one and the cards show skeletons
  const home = useQuery({ ...dashboardHomeQuery(accessToken, live), placeholderData: keepPreviousData })
  const answer = home.data ?? first
  const profile = answer.profile
  const cardsReady = home.data !== undefined && !home.isPlaceholderData
  const liveMerchantId = state.context.liveMerchantId ?? profile.live_merchant_id
  const merchantId = live ? liveMerchantId : profile.merchant_id
  const merchantName = profile.merchant_name || t`Merchant Name`
  const tools = [
    { href: '/dashboard/transactions', name: t`Transactions`, purpose: t`Payments, refunds and cashback of your merchant, newest first.` },
    { href: `/develop/${brandSlug}-lab`, name: t`PayLab Lab`, purpose: t`Try every product's API calls with your own key.` },
    { href: '/develop/resolve', name: t`Response code resolver`, purpose: t`What a response code means and how to fix it.` },
    { href: '/settings', name: t`Settings`, purpose: t`Webhook URL, redirect domains, products and scopes.` },
  ]
  const registered = formatDate(lang, profile.registration_date)

  return (
    <div className="shell-page shell-page--with-sidebar">
      {sidebar}
      <div className="shell-page__body dash-page" data-mode={live ? 'MODE_LIVE' : 'MODE_TEST'}>
        <header className="dash-head">
          <MerchantLogo url={profile.logo_url} name={merchantName} size={56} />
          <div className="dash-head__text">
            <h1 className="shell-page__title">{merchantName}</h1>
            <p className="dash-muted">
              <Trans>Registered on {registered}</Trans> · {profile.email_id}
            </p>
          </div>
          <div className="dash-mode" role="group" aria-label={t`Mode`}>
            <button type="button" className="dash-mode__option" aria-pressed={!live} onClick={() => send({ type: 'mode.test' })}>
              <Trans>Test mode</Trans>
            </button>
            <button type="button" className="dash-mode__option" aria-pressed={live} onClick={() => send({ type: 'mode.live' })}>
              <Trans>Live mode</Trans>
            </button>
          </div>
        </header>

        {state.matches({ live: 'notice' }) && (
          <div className="dash-notice" role="status">
            <p>
              <Trans>
                You are in live mode. Every call of the dashboard now acts for your live merchant {liveMerchantId}; switch back to test mode for the sandbox
                merchant.
              </Trans>
            </p>
            <Button variant="ghost" size="small" onClick={() => send({ type: 'notice.dismiss' })}>
              <Trans>Dismiss</Trans>
            </Button>
          </div>
        )}

        {state.hasTag('screen.activationForm') && (
          <section className="dash-panel dash-panel--accent" aria-labelledby="activation-title">
            <h2 id="activation-title">
              <Trans>Account activation</Trans>
            </h2>
            <p>
              <Trans>
                Activation creates your live merchant: a second merchant with its own merchant id, keys, settings and test users. Your sandbox merchant stays as
                it is, and you can switch between the two at any time.
              </Trans>
            </p>
            {state.context.errorCode && (
              <p className="dash-error" role="alert">
                {errorText(i18n, state.context.errorCode)}
              </p>
            )}
            <div className="dash-actions">
              <Button
                onClick={() => send({ type: 'activation.submit' })}
                disabled={state.hasTag('busy.activating')}
                aria-busy={state.hasTag('busy.activating')}
              >
                {state.hasTag('busy.activating') ? <Trans>Activating…</Trans> : <Trans>Activate</Trans>}
              </Button>
              <Button variant="secondary" onClick={() => send({ type: 'activation.cancel' })} disabled={state.hasTag('busy.activating')}>
                <Trans>Cancel</Trans>
              </Button>
            </div>
          </section>
        )}

        <Modal
          open={state.matches('liveModal')}
          onClose={() => send({ type: 'modal.close' })}
          title={<Trans>Live mode</Trans>}
          closeLabel={t`Close`}
          actions={
            <>
              <Button variant="secondary" onClick={() => send({ type: 'modal.close' })}>
                <Trans>Close</Trans>
              </Button>
              <Button onClick={() => send({ type: 'modal.activate' })}>
                <Trans>Activate now</Trans>
              </Button>
            </>
          }
        >
          <p>
            <Trans>Live mode needs an activated account. Activate it now to get your live merchant and its credentials.</Trans>
          </p>
        </Modal>

        {merchantId ? (
          <>
            <Credentials profile={profile} live={live} merchantId={merchantId} />
            <KeysPanel merchantId={merchantId} live={live} keys={cardOf(answer.keys, cardsReady)} onChanged={refreshHome} />
            {/* test users and the sandbox top-up are the sandbox's: live mode has neither (issue 20) */}
            {!live && <TestUsersPanel merchantId={merchantId} live={live} users={cardOf(answer.test_users, cardsReady)} onChanged={refreshHome} />}
          </>
        ) : (
          <p className="dash-panel">
            <Trans>
              Your merchant is not created yet: <InternalLink href="/account/signup">continue sign-up</InternalLink> to get credentials.
            </Trans>
          </p>
        )}

        <nav className="dash-panel" aria-labelledby="tools-title">
          <h2 id="tools-title">
            <Trans>Tools</Trans>
          </h2>
          <ul className="dash-tools">
            {tools.map((tool) => (
              <li key={tool.href}>
                <InternalLink href={tool.href} className="dash-tool">
                  <strong>{tool.name}</strong>
                  <span>{tool.purpose}</span>
                </InternalLink>
              </li>
            ))}
          </ul>
        </nav>

        <section className="dash-panel dash-announcements" aria-labelledby="announcements-title">
          <h2 id="announcements-title">
            <Trans>Announcements</Trans>
          </h2>
          {announcements}
        </section>
      </div>
    </div>
  )
}
