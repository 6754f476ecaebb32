import { msg } from '@lingui/core/macro'
import { uiHead } from '@/web/lib/head.ts'
import { createFileRoute } from '@tanstack/react-router'
import { loginAccess } from '@/web/routes/-login-access.tsx'
import { MyHomePage } from '@/web/features/account/components/my-home-page.tsx'

/** spec §2 myhome (loginAccess: the layout's guard sends visitors to sign-in with a redirect back here). */
export const Route = createFileRoute('/{-$webview}/dashboard/home')({
  head: uiHead(msg`Dashboard`),
  ...loginAccess,
  component: MyHomePage,
})
