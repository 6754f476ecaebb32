import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '@/web/features/docs/components/home-page.tsx'

export const Route = createFileRoute('/{-$webview}/')({
  component: HomePage,
})
