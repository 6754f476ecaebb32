import { createFileRoute } from '@tanstack/react-router'
import { TermsPage } from '@/web/features/docs/components/terms-page.tsx'

export const Route = createFileRoute('/{-$webview}/terms-of-use')({
  component: TermsPage,
})
