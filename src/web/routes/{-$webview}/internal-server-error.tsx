import { createFileRoute } from '@tanstack/react-router'
import { ServerErrorPage } from '@/web/features/shell/components/server-error-page.tsx'

/** spec §2 500 page. */
export const Route = createFileRoute('/{-$webview}/internal-server-error')({
  component: ServerErrorPage,
})
