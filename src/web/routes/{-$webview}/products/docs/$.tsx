import { createFileRoute, type StaticDataRouteOption } from '@tanstack/react-router'
import { activeContentLang, docSlug, prefetchDocPage } from '@/web/features/docs/api.ts'
import { DocPage } from '@/web/features/docs/components/doc-page.tsx'

const prefetch: NonNullable<StaticDataRouteOption['prefetch']> = (queryClient, params, lang) =>
  prefetchDocPage(queryClient, 'openPaymentApi', docSlug(params._splat), lang)

export const Route = createFileRoute('/{-$webview}/products/docs/$')({
  staticData: { prefetch },
  loader: ({ context, params }) => prefetch(context.queryClient, params, activeContentLang()),
  component: ProductDoc,
})

function ProductDoc() {
  const { _splat } = Route.useParams()
  return <DocPage type="openPaymentApi" slug={docSlug(_splat)} />
}
