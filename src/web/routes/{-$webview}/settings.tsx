import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { SettingsFrame, settingsTabs } from '@/web/features/shell/components/tool-frames.tsx'

const searchSchema = v.object({ tab: v.optional(v.fallback(v.picklist(settingsTabs), 'configuration'), 'configuration') })

/** spec §2 settings (loginAccess): tabs Configuration, API Keys, OPA Scopes; the tab lives in the URL. */
export const Route = createFileRoute('/{-$webview}/settings')({
  validateSearch: (search) => v.parse(searchSchema, search),
  component: Settings,
})

function Settings() {
  const { tab } = Route.useSearch()
  const navigate = Route.useNavigate()
  return <SettingsFrame tab={tab} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />
}
