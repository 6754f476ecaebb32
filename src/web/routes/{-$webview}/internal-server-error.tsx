import { msg } from '@lingui/core/macro'
import { uiHead } from '@/web/lib/head.ts'
import { createFileRoute } from '@tanstack/react-router'
import { ServerErrorPage } from '@/web/features/shell/components/server-error-page.tsx'

/** spec §2 500 page. */
export const Route = createFileRoute('/{-$webview}/internal-server-error')({
  head: uiHead(msg`Internal server error`),
  component: ServerErrorPage,
})
