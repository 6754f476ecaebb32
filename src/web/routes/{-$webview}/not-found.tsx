import { createFileRoute } from '@tanstack/react-router'
import { NotFoundPage } from '@/web/features/shell/components/not-found-page.tsx'

/** spec §2 404 page; unknown paths are sent here by the root route. */
export const Route = createFileRoute('/{-$webview}/not-found')({
  component: NotFoundPage,
})
