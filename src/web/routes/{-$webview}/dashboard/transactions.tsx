import { createFileRoute } from '@tanstack/react-router'
import { TransactionsFrame } from '@/web/features/shell/components/tool-frames.tsx'

/** spec §2 transactions (loginAccess: the layout's guard sends visitors to sign-in). */
export const Route = createFileRoute('/{-$webview}/dashboard/transactions')({
  component: () => <TransactionsFrame />,
})
