import { msg } from '@lingui/core/macro'
import { uiHead } from '@/web/lib/head.ts'
import { createFileRoute } from '@tanstack/react-router'
import { DashboardHome } from '@/web/features/dashboard/components/dashboard-home.tsx'
import { PageSections } from '@/web/features/docs/components/page-sections.tsx'
import { AccountSidebar } from '@/web/features/shell/components/account-sidebar.tsx'

/** spec §2 myhome (loginAccess: the layout's guard sends visitors to sign-in with a redirect back here). */
export const Route = createFileRoute('/{-$webview}/_authed/dashboard/home')({
  head: uiHead(msg`Dashboard`),
  component: () => <DashboardHome sidebar={<AccountSidebar />} announcements={<PageSections type="page" slug="dashboard/home" />} />,
})
