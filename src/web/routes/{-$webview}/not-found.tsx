import { msg } from '@lingui/core/macro'
import { uiHead } from '@/web/lib/head.ts'
import { createFileRoute } from '@tanstack/react-router'
import { NotFoundPage } from '@/web/features/shell/components/not-found-page.tsx'

/** spec §2 404 page; unknown paths are sent here by the root route. */
export const Route = createFileRoute('/{-$webview}/not-found')({
  head: uiHead(msg`Page not found`),
  component: NotFoundPage,
})
