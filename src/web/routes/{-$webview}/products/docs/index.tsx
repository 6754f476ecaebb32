import { createFileRoute } from '@tanstack/react-router'
import { ProductsLanding } from '@/web/features/docs/components/products-landing.tsx'

export const Route = createFileRoute('/{-$webview}/products/docs/')({
  component: ProductsLanding,
})
