import { createFileRoute } from '@tanstack/react-router'
import { DocPage } from '@/web/features/docs/components/doc-page.tsx'

export const Route = createFileRoute('/{-$webview}/products/docs/$')({
  component: ProductDoc,
})

function ProductDoc() {
  const { _splat } = Route.useParams()
  return <DocPage type="openPaymentApi" slug={(_splat ?? '').replace(/^\/+|\/+$/g, '')} />
}
