import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { bridgeErrorCodes, type BridgeErrorCode } from '@/domain/miniapp/types.ts'
import { ppFunctionNames } from '@/domain/miniapp-runtime.ts'
import { Button } from '@/web/ui/button.tsx'
import type { StudioTestUser } from '../api.ts'
import type { StudioControls } from '../bridge/host.ts'

/**
 * The tester's controls (issue 21): the test user signed in to the wallet, the wallet app version (spec §9: 2.31.0 to
 * 2.42.0), the next payment's outcome, a §8 code forced on the next call of a bridge function, the wallet's language,
 * the network, the apps installed on the simulated phone and its unread notification, and resetting the consent.
 */

export const walletVersions = ['2.31.0', '2.32.0', '2.33.0', '2.34.0', '2.35.0', '2.36.0', '2.37.0', '2.38.0', '2.39.0', '2.40.0', '2.41.0', '2.42.0'] as const

/** The §7 bridge functions a tester can force an error on: every function the `pp` client has. */
export const bridgeFunctionNames = ppFunctionNames

const outcomes: Record<StudioControls['nextPaymentOutcome'], MessageDescriptor> = {
  success: msg`Success`,
  cancel: msg`User cancels`,
  insufficient: msg`Insufficient balance`,
  timeout: msg`Timeout`,
  server_error: msg`Server error`,
}
const networks: Record<StudioControls['network'], MessageDescriptor> = {
  online: msg`Online`,
  offline: msg`Offline`,
  slow: msg`Slow network`,
}

/** The installed apps' list as typed: one name a line, blanks and repeats left out. */
export function installedNames(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,]/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ]
}

export function userLabel(user: StudioTestUser): string {
  return user.balance === undefined ? user.name : `${user.name} (¥${user.balance.toLocaleString('ja')})`
}

export function TesterControls({
  controls,
  onChange,
  users,
  usersFailed,
  onResetConsent,
}: {
  controls: StudioControls
  onChange: (next: StudioControls) => void
  users: StudioTestUser[] | undefined
  usersFailed: boolean
  onResetConsent: () => void
}) {
  const { t, i18n } = useLingui()
  const id = useId()
  const [forceName, setForceName] = useState<string>('makePayment')
  const [forceCode, setForceCode] = useState<BridgeErrorCode>('SERVER_ERROR')
  const set = (patch: Partial<StudioControls>) => onChange({ ...controls, ...patch })
  const forced = Object.entries(controls.forced).filter((entry): entry is [string, BridgeErrorCode] => !!entry[1])
  // the list as typed (blank lines kept while typing); the controls get the names in it
  const [installedText, setInstalledText] = useState(() => controls.installedApps.join('\n'))

  return (
    <section className="studio-panel studio-controls" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="studio-panel__title">
        <Trans>Tester's controls</Trans>
      </h2>
      <div className="studio-controls__grid">
        <label className="studio-control studio-control--wide">
          <span>{t`Test user`}</span>
          <select value={controls.userId} onChange={(e) => set({ userId: e.target.value })} disabled={!users?.length}>
            {!users?.length && <option value="">{usersFailed ? t`Test users could not be loaded` : t`Loading…`}</option>}
            {users?.map((user) => (
              <option key={user.userId} value={user.userId}>
                {userLabel(user)}
              </option>
            ))}
          </select>
        </label>
        <label className="studio-control">
          <span>{t`Wallet app version`}</span>
          <select value={controls.appVersion} onChange={(e) => set({ appVersion: e.target.value })}>
            {walletVersions.map((version) => (
              <option key={version} value={version}>
                {version}
              </option>
            ))}
          </select>
        </label>
        <label className="studio-control">
          <span>{t`Next payment`}</span>
          <select value={controls.nextPaymentOutcome} onChange={(e) => set({ nextPaymentOutcome: e.target.value as StudioControls['nextPaymentOutcome'] })}>
            {Object.entries(outcomes).map(([value, label]) => (
              <option key={value} value={value}>
                {i18n._(label)}
              </option>
            ))}
          </select>
        </label>
        <label className="studio-control">
          <span>{t`Wallet language`}</span>
          <select value={controls.lang} onChange={(e) => set({ lang: e.target.value === 'en' ? 'en' : 'ja' })}>
            <option value="ja">日本語</option>
            <option value="en">English</option>
          </select>
        </label>
        <label className="studio-control">
          <span>{t`Network`}</span>
          <select value={controls.network} onChange={(e) => set({ network: e.target.value as StudioControls['network'] })}>
            {Object.entries(networks).map(([value, label]) => (
              <option key={value} value={value}>
                {i18n._(label)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset className="studio-controls__phone">
        <legend>{t`The simulated phone`}</legend>
        <label className="studio-control">
          <span>{t`Installed apps`}</span>
          <textarea
            rows={3}
            value={installedText}
            placeholder={'cakeshop://\ncom.example.app'}
            aria-describedby={`${id}-installed-help`}
            onChange={(e) => {
              setInstalledText(e.target.value)
              set({ installedApps: installedNames(e.target.value) })
            }}
          />
        </label>
        <p id={`${id}-installed-help`} className="studio-control__help">
          <Trans>One package name or URL scheme a line: pp.checkAppInstall answers INSTALLED for these, NOT_INSTALLED for any other.</Trans>
        </p>
        <label className="studio-control studio-control--check">
          <input type="checkbox" checked={controls.hasNewNotification} onChange={(e) => set({ hasNewNotification: e.target.checked })} />
          <span>{t`Unread notification (pp.loadNotificationStatus)`}</span>
        </label>
      </fieldset>
      <fieldset className="studio-controls__force">
        <legend>{t`Force an error on the next call`}</legend>
        <label className="studio-control">
          <span>{t`Bridge function`}</span>
          <select value={forceName} onChange={(e) => setForceName(e.target.value)}>
            {bridgeFunctionNames.map((name) => (
              <option key={name} value={name}>
                pp.{name}
              </option>
            ))}
          </select>
        </label>
        <label className="studio-control">
          <span>{t`Error code`}</span>
          <select value={forceCode} onChange={(e) => setForceCode(e.target.value as BridgeErrorCode)}>
            {bridgeErrorCodes.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
        <Button variant="secondary" size="small" onClick={() => set({ forced: { ...controls.forced, [forceName]: forceCode } })}>
          <Trans>Force</Trans>
        </Button>
        {forced.length > 0 && (
          <ul className="studio-controls__forced" aria-label={t`Forced errors`}>
            {forced.map(([name, code]) => (
              <li key={name}>
                <code>
                  pp.{name} → {code}
                </code>
                <Button
                  variant="ghost"
                  size="small"
                  aria-label={t`Remove the forced error of pp.${name}`}
                  onClick={() => set({ forced: Object.fromEntries(forced.filter(([n]) => n !== name)) })}
                >
                  <Trans>Remove</Trans>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <Button variant="secondary" size="small" onClick={onResetConsent}>
        <Trans>Reset consent</Trans>
      </Button>
    </section>
  )
}
