import { msg } from '@lingui/core/macro'
import { uiHead } from '@/web/lib/head.ts'
import { createFileRoute } from '@tanstack/react-router'
import { loginAccess } from '@/web/routes/-login-access.tsx'
import { TransactionsFrame } from '@/web/features/shell/components/tool-frames.tsx'

/** spec §2 transactions (loginAccess: the layout's guard sends visitors to sign-in). */
export const Route = createFileRoute('/{-$webview}/dashboard/transactions')({
  head: uiHead(msg`Transactions`),
  ...loginAccess,
  component: () => <TransactionsFrame />,
})
