import { createFileRoute } from '@tanstack/react-router'
import { ResolveFrame } from '@/web/features/shell/components/tool-frames.tsx'

/** spec §2 analyse: the response-code resolver (loginAccess). */
export const Route = createFileRoute('/{-$webview}/develop/resolve')({
  component: () => <ResolveFrame />,
})
