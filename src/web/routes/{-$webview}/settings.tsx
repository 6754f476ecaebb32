import { msg } from '@lingui/core/macro'
import { uiHead } from '@/web/lib/head.ts'
import { createFileRoute } from '@tanstack/react-router'
import { loginAccess } from '@/web/routes/-login-access.tsx'
import * as v from 'valibot'
import { SettingsFrame, settingsTabs } from '@/web/features/shell/components/tool-frames.tsx'

/** The first tab is the default and stays out of the URL; an unknown tab falls back to it. */
const searchSchema = v.object({ tab: v.fallback(v.optional(v.picklist(settingsTabs)), undefined) })

/** spec §2 settings (loginAccess): tabs Configuration, API Keys, OPA Scopes; the tab lives in the URL. */
export const Route = createFileRoute('/{-$webview}/settings')({
  head: uiHead(msg`Settings`),
  ...loginAccess,
  validateSearch: (search) => v.parse(searchSchema, search),
  component: Settings,
})

function Settings() {
  const { tab = 'configuration' } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <SettingsFrame
      tab={tab}
      onTabChange={(next) => void navigate({ search: { tab: next === 'configuration' ? undefined : next }, replace: true })}
    />
  )
}
