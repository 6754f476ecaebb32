import { createFileRoute } from '@tanstack/react-router'
import { loginAccess } from '@/web/routes/-login-access.tsx'
import { ResolveFrame } from '@/web/features/shell/components/tool-frames.tsx'

/** spec §2 analyse: the response-code resolver (loginAccess). */
export const Route = createFileRoute('/{-$webview}/develop/resolve')({
  ...loginAccess,
  component: () => <ResolveFrame />,
})
