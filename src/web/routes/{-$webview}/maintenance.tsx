import { msg } from '@lingui/core/macro'
import { uiHead } from '@/web/lib/head.ts'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { maintenanceQuery } from '@/web/features/shell/api.ts'
import { MaintenancePage } from '@/web/features/shell/components/maintenance-page.tsx'
import { langOf } from '@/web/lib/i18n.ts'

/** spec §2 Maintenance: with maintenance off this page replaces the route with home. */
export const Route = createFileRoute('/{-$webview}/maintenance')({
  head: uiHead(msg`We are doing maintenance`),
  beforeLoad: async ({ context: { queryClient, i18n }, params }) => {
    const maintenance = await queryClient.ensureQueryData(maintenanceQuery(langOf(i18n))).catch(() => ({ maintenanceMode: false }))
    if (!maintenance.maintenanceMode) throw redirect({ to: '/{-$webview}', params, replace: true })
  },
  component: MaintenancePage,
})
