import { msg } from '@lingui/core/macro'
import { uiHead } from '@/web/lib/head.ts'
import { createFileRoute } from '@tanstack/react-router'
import { loadCatalogs } from '@/web/lib/i18n.ts'
import { DashboardHome } from '@/web/features/dashboard/components/dashboard-home.tsx'
import { PageSections } from '@/web/features/docs/components/page-sections.tsx'
import { AccountSidebar } from '@/web/features/shell/components/account-sidebar.tsx'

/**
 * spec §2 myhome (loginAccess: the layout's guard sends visitors to sign-in with a redirect back here).
 * The loader starts the home's one request (GET /v1/dashboardHome) with the navigation — or on a link's hover,
 * the router's intent preload — without waiting for it: the page shows its skeletons meanwhile (it waits for its catalogs only). The server cannot
 * render it for the user (the session is in local storage): docs/dashboard.md "myhome in one request". The loader
 * stays in the entry chunk (only the component is split), so what it needs is imported when it runs.
 */
export const Route = createFileRoute('/{-$webview}/_authed/dashboard/home')({
  head: uiHead(msg`Dashboard`),
  loader: async ({ context }) => {
    void import('@/web/features/dashboard/prefetch.ts').then((m) => m.prefetchDashboardHome(context.queryClient))
    await loadCatalogs(context.i18n, ['dashboard', 'tools', 'errors'])
  },
  component: () => <DashboardHome sidebar={<AccountSidebar />} announcements={<PageSections type="page" slug="dashboard/home" />} />,
})
