import { langOf } from '@/web/lib/i18n.ts'
import { createFileRoute } from '@tanstack/react-router'
import { loadContentPage } from '@/web/features/docs/api.ts'
import { pageHead } from '@/web/lib/head.ts'
import { ContentPage } from '@/web/features/docs/components/content-page.tsx'

export const Route = createFileRoute('/{-$webview}/products/mini-apps')({
  loader: ({ context }) => loadContentPage(context.queryClient, 'products-mini-apps', langOf(context.i18n)),
  head: ({ loaderData }) => pageHead(loaderData),
  component: () => <ContentPage name="products-mini-apps" />,
})
