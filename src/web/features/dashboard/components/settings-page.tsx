import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId, type ReactNode } from 'react'
import { products as productCatalog } from '@/domain/products.ts'
import { settingsLimits, type SettingsTab } from '@/domain/settings.ts'
import { Button } from '@/web/ui/button.tsx'
import { typedInput } from '@/web/ui/typed-input.ts'
import { errorText, langOf } from '@/web/lib/error-text.ts'
import { webhookDeliveryQuery } from '../api.ts'
import { useStoredMode, type ModeView } from '../mode.ts'
import { useSettingsForm, type SettingsDraft, type SettingsField } from '../use-settings-form.ts'
import { KeysPanel } from './keys-panel.tsx'
import { MerchantProfileSection } from './merchant-profile-form.tsx'
import { ErrorLine, Loading } from './query-state.tsx'
import { SessionFailure } from './session-failure.tsx'
import '../dashboard.css'

/**
 * Settings (spec §2: tabs Configuration, API Keys, OPA Scopes) of the mode's merchant: webhook URL and allowed
 * redirect domains, the merchant's keys, and the products with the OPA scopes they grant. 'Saved successfully' /
 * 'Cannot be saved' (spec §8); leaving a tab or the page with unsaved changes asks first (settings-form machine).
 */
/** The tabbed frame the route gives (shell's SettingsFrame): the tab, a tab change request, the panel's content. */
export type SettingsFrameRender = (onTabChange: (tab: SettingsTab) => void, content: ReactNode) => ReactNode

export function SettingsPage({ tab, onTabChange, frame }: { tab: SettingsTab; onTabChange: (tab: SettingsTab) => void; frame: SettingsFrameRender }) {
  const { accessToken, profile, mode } = useStoredMode()
  if (accessToken === null || profile.isError) return frame(onTabChange, <SessionFailure error={profile.error} redirect="/settings" />)
  if (!mode) return frame(onTabChange, <Loading />)
  return <SettingsTabs key={mode.merchantId} mode={mode} tab={tab} onTabChange={onTabChange} frame={frame} />
}

function SettingsTabs({
  mode,
  tab,
  onTabChange,
  frame,
}: {
  mode: ModeView
  tab: SettingsTab
  onTabChange: (tab: SettingsTab) => void
  frame: SettingsFrameRender
}) {
  const { t, i18n } = useLingui()
  const baseId = useId()
  const form = useSettingsForm(mode.merchantId)
  const localDelivery = useQuery(webhookDeliveryQuery(mode.merchantId)).data?.localDelivery
  const go = (next: SettingsTab) => {
    if (next !== tab) form.leave(() => onTabChange(next))
  }
  const { state, send, draft } = form
  const edit = (change: Partial<SettingsDraft>) => send({ type: 'form.edit', draft: { ...draft, ...change } })
  const refused = new Set<SettingsField>(form.refusedFields)
  const saving = state.hasTag('busy.saving')
  const fieldError: Record<SettingsField, string> = {
    webhook_url: t`Enter an https:// address (http:// only for localhost), without a user name or password.`,
    redirect_domains: t`Enter up to ${settingsLimits.maxRedirectDomains} host names such as shop.example.com, one per line: no scheme, port, path, wildcard or IP address.`,
    products: t`Keep at least one product.`,
  }

  const saveBar = (
    <div className="dash-actions">
      <Button onClick={() => send({ type: 'form.save' })} disabled={saving || state.matches('clean')} aria-busy={saving}>
        {saving ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
      </Button>
      {state.context.result === 'saved' && (
        <span className="dash-success" role="status">
          <Trans>Saved successfully</Trans>
        </span>
      )}
      {state.context.result === 'failed' && (
        <span className="dash-error" role="alert">
          <Trans>Cannot be saved</Trans>
          {refused.size === 0 && state.context.errorCode ? ` — ${errorText(i18n, state.context.errorCode)}` : ''}
        </span>
      )}
    </div>
  )

  return (
    <>
      {frame(
        go,
        <>
          <p className="dash-muted">{mode.live ? <Trans>Live merchant {mode.merchantId}</Trans> : <Trans>Sandbox merchant {mode.merchantId}</Trans>}</p>
          {form.loadError ? (
            <ErrorLine error={form.loadError} />
          ) : !form.loaded ? (
            <Loading />
          ) : tab === 'configuration' ? (
            <>
              <MerchantProfileSection />
              <form
                onSubmit={(event) => {
                  event.preventDefault()
                  send({ type: 'form.save' })
                }}
              >
                <div className="dash-field">
                  <label htmlFor={`${baseId}-webhook`}>
                    <Trans>Webhook URL</Trans>
                  </label>
                  <input
                    id={`${baseId}-webhook`}
                    type="url"
                    inputMode="url"
                    value={draft.webhookUrl}
                    placeholder="https://shop.example.com/paylab/webhook"
                    aria-invalid={refused.has('webhook_url')}
                    aria-describedby={
                      `${localDelivery ? `${baseId}-webhook-hint` : ''}${refused.has('webhook_url') ? ` ${baseId}-webhook-error` : ''}`.trim() || undefined
                    }
                    {...typedInput((webhookUrl) => edit({ webhookUrl }))}
                  />
                  {localDelivery && (
                    <p id={`${baseId}-webhook-hint`} className="dash-muted" data-local-delivery={localDelivery}>
                      {localDelivery === 'direct' ? (
                        <Trans>This server listens on this machine only: the sandbox posts webhooks to a localhost URL itself.</Trans>
                      ) : (
                        <Trans>
                          This server is shared: the sandbox does not post to a localhost URL. Run <code>npm run sandbox:forward</code> on your machine to
                          receive those webhooks.
                        </Trans>
                      )}
                    </p>
                  )}
                  {refused.has('webhook_url') && (
                    <p id={`${baseId}-webhook-error`} className="dash-field__error">
                      {fieldError.webhook_url}
                    </p>
                  )}
                </div>
                <div className="dash-field">
                  <label htmlFor={`${baseId}-domains`}>
                    <Trans>Allowed redirect domains</Trans>
                  </label>
                  <textarea
                    id={`${baseId}-domains`}
                    rows={4}
                    value={draft.domains}
                    placeholder="shop.example.com"
                    aria-invalid={refused.has('redirect_domains')}
                    aria-describedby={`${baseId}-domains-hint${refused.has('redirect_domains') ? ` ${baseId}-domains-error` : ''}`}
                    {...typedInput((domains) => edit({ domains }))}
                  />
                  <p id={`${baseId}-domains-hint`} className="dash-muted">
                    <Trans>One host name per line; its sub-domains are allowed too. While the list is empty any HTTPS address is accepted.</Trans>
                  </p>
                  {refused.has('redirect_domains') && (
                    <p id={`${baseId}-domains-error`} className="dash-field__error">
                      {fieldError.redirect_domains}
                    </p>
                  )}
                </div>
                {saveBar}
              </form>
            </>
          ) : tab === 'api-keys' ? (
            <KeysPanel merchantId={mode.merchantId} live={mode.live} />
          ) : (
            <fieldset className="dash-fieldset" aria-describedby={refused.has('products') ? `${baseId}-products-error` : undefined}>
              <legend className="visually-hidden">
                <Trans>Products</Trans>
              </legend>
              <ul className="dash-products">
                {form.productList.map((product) => {
                  const known = productCatalog.find((p) => p.model === product.model)
                  const name = known && langOf(i18n) === 'ja' ? known.nameJp : (known?.name ?? product.name)
                  const checked = draft.products.includes(product.id)
                  return (
                    <li key={product.id}>
                      <label>
                        <input
                          type="checkbox"
                          checked={checked}
                          onChange={() =>
                            edit({
                              products: checked ? draft.products.filter((id) => id !== product.id) : [...draft.products, product.id],
                            })
                          }
                        />
                        {name}
                      </label>
                      {product.authorization_scopes.length > 0 && (
                        <ul className="dash-scopes" aria-label={t`User authorization scopes of ${name}`}>
                          {product.authorization_scopes.map((scope) => (
                            <li key={scope}>{scope}</li>
                          ))}
                        </ul>
                      )}
                      <details className="dash-endpoints">
                        <summary>
                          <Trans>OPA endpoints your keys may call ({product.endpoints.length})</Trans>
                        </summary>
                        <ul className="dash-scopes" aria-label={t`OPA endpoints of ${name}`}>
                          {product.endpoints.map((endpoint) => (
                            <li key={endpoint}>{endpoint}</li>
                          ))}
                        </ul>
                      </details>
                    </li>
                  )
                })}
              </ul>
              {refused.has('products') && (
                <p id={`${baseId}-products-error`} className="dash-field__error">
                  {fieldError.products}
                </p>
              )}
              {saveBar}
            </fieldset>
          )}
        </>,
      )}
    </>
  )
}
