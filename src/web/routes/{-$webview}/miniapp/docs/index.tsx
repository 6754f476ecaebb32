import { createFileRoute } from '@tanstack/react-router'
import { MiniappLanding } from '@/web/features/docs/components/products-landing.tsx'

export const Route = createFileRoute('/{-$webview}/miniapp/docs/')({
  component: MiniappLanding,
})
