import { Trans, useLingui } from '@lingui/react/macro'
import { useId, type ReactNode } from 'react'
import { settingsTabs, type SettingsTab } from '@/domain/settings-tabs.ts'
import { TabList } from '@/web/ui/tab-list.tsx'
import { AccountSidebar } from './account-sidebar.tsx'
import { PageFrame } from './page-frame.tsx'

/**
 * Frames of the signed-in tools (spec §2 routes). Their features (transactions list, lab, resolver, settings
 * forms) arrive with their own issues and render inside these frames.
 */

export function TransactionsFrame({ children }: { children?: ReactNode }) {
  return (
    <PageFrame
      sidebar={<AccountSidebar />}
      title={<Trans>Transactions</Trans>}
      lead={<Trans>Every payment your sandbox merchant has received, newest first, ten to a page.</Trans>}
    >
      {children}
    </PageFrame>
  )
}

export function LabFrame({ children }: { children?: ReactNode }) {
  return (
    <PageFrame
      sidebar={<AccountSidebar />}
      title={<Trans>PayLab Lab</Trans>}
      lead={<Trans>Send Open Payment API requests to the sandbox from your browser and read each request and answer side by side.</Trans>}
    >
      {children}
    </PageFrame>
  )
}

export function ResolveFrame({ children }: { children?: ReactNode }) {
  return (
    <PageFrame
      sidebar={<AccountSidebar />}
      title={<Trans>Response code resolver</Trans>}
      lead={<Trans>Paste an API endpoint, the response code and the response text you received to learn what it means and what to do next.</Trans>}
    >
      {children}
    </PageFrame>
  )
}

export { settingsTabs, type SettingsTab } from '@/domain/settings-tabs.ts'

/** spec §2 settings: tabs Configuration, API Keys, OPA Scopes (arrow keys move between tabs). */
export function SettingsFrame({ tab, onTabChange, children }: { tab: SettingsTab; onTabChange: (tab: SettingsTab) => void; children?: ReactNode }) {
  const { t } = useLingui()
  const baseId = useId()
  const labels: Record<SettingsTab, string> = { configuration: t`Configuration`, 'api-keys': t`API Keys`, 'opa-scopes': t`OPA Scopes` }
  const purposes: Record<SettingsTab, string> = {
    configuration: t`Set the webhook URL and the domains a web payment may return the customer to.`,
    'api-keys': t`Create and rotate the API key and secret your server signs its requests with.`,
    'opa-scopes': t`Choose your products: your keys may call their Open Payment API endpoints, and users are asked for their scopes.`,
  }
  return (
    <PageFrame sidebar={<AccountSidebar />} title={<Trans>Settings</Trans>} lead={<Trans>Configure how your sandbox merchant connects to PayLab.</Trans>}>
      <TabList
        ids={settingsTabs}
        current={tab}
        onSelect={onTabChange}
        labelOf={(name) => labels[name]}
        tabId={(name) => `${baseId}-tab-${name}`}
        panelId={(name) => `${baseId}-panel-${name}`}
        label={t`Settings`}
      />
      <div role="tabpanel" id={`${baseId}-panel-${tab}`} aria-labelledby={`${baseId}-tab-${tab}`} className="shell-tabs__panel" tabIndex={0}>
        <h2 className="shell-tabs__heading">{labels[tab]}</h2>
        <p>{purposes[tab]}</p>
        {children}
      </div>
    </PageFrame>
  )
}
