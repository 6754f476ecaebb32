import { msg } from '@lingui/core/macro'
import { uiHead } from '@/web/lib/head.ts'
import { catalogLoader } from '@/web/lib/i18n.ts'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { settingsTabs, type SettingsTab } from '@/domain/settings-tabs.ts'
import { SettingsFrame } from '@/web/features/shell/components/tool-frames.tsx'
import { SettingsPage } from '@/web/features/dashboard/components/settings-page.tsx'

/** The first tab is the default and stays out of the URL; an unknown tab falls back to it. */
const searchSchema = v.object({ tab: v.fallback(v.optional(v.picklist(settingsTabs)), undefined) })

/** spec §2 settings (loginAccess): tabs Configuration, API Keys, OPA Scopes; the tab lives in the URL. */
export const Route = createFileRoute('/{-$webview}/_authed/settings')({
  head: uiHead(msg`Settings`),
  validateSearch: (search) => v.parse(searchSchema, search),
  loader: catalogLoader(['dashboard', 'tools', 'errors']),
  component: Settings,
})

function Settings() {
  const { tab = 'configuration' } = Route.useSearch()
  const navigate = Route.useNavigate()
  const show = (next: SettingsTab) => void navigate({ search: { tab: next === 'configuration' ? undefined : next }, replace: true })
  return (
    <SettingsPage
      tab={tab}
      onTabChange={show}
      frame={(onTabChange, content) => (
        <SettingsFrame tab={tab} onTabChange={onTabChange}>
          {content}
        </SettingsFrame>
      )}
    />
  )
}
