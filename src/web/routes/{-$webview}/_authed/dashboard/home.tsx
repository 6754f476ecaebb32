import { msg } from '@lingui/core/macro'
import { uiHead } from '@/web/lib/head.ts'
import { createFileRoute } from '@tanstack/react-router'
import { getAccessToken } from '@/web/lib/session.tsx'
import { dashboardHomeQuery } from '@/web/features/dashboard/api.ts'
import { readStoredLive } from '@/web/features/dashboard/mode.ts'
import { DashboardHome } from '@/web/features/dashboard/components/dashboard-home.tsx'
import { PageSections } from '@/web/features/docs/components/page-sections.tsx'
import { AccountSidebar } from '@/web/features/shell/components/account-sidebar.tsx'

/**
 * spec §2 myhome (loginAccess: the layout's guard sends visitors to sign-in with a redirect back here).
 * The loader starts the home's one request (GET /v1/dashboardHome) with the navigation — or on a link's hover,
 * the router's intent preload — without waiting for it: the page shows its skeletons meanwhile. The server cannot
 * render it for the user (the session is in local storage): docs/dashboard.md "myhome in one request".
 */
export const Route = createFileRoute('/{-$webview}/_authed/dashboard/home')({
  head: uiHead(msg`Dashboard`),
  loader: ({ context }) => {
    const token = getAccessToken()
    if (token !== null) void context.queryClient.prefetchQuery(dashboardHomeQuery(token, readStoredLive()))
  },
  component: () => <DashboardHome sidebar={<AccountSidebar />} announcements={<PageSections type="page" slug="dashboard/home" />} />,
})
