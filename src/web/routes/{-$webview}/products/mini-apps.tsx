import { createFileRoute } from '@tanstack/react-router'
import { ContentPage } from '@/web/features/docs/components/content-page.tsx'

export const Route = createFileRoute('/{-$webview}/products/mini-apps')({
  component: () => <ContentPage name="products-mini-apps" />,
})
