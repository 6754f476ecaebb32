import { createFileRoute, type StaticDataRouteOption } from '@tanstack/react-router'
import { activeContentLang, prefetchDocPage } from '@/web/features/docs/api.ts'
import { DocPage } from '@/web/features/docs/components/doc-page.tsx'

const prefetch: NonNullable<StaticDataRouteOption['prefetch']> = (queryClient, _params, lang) =>
  prefetchDocPage(queryClient, 'openPaymentApi', 'index', lang)

/** The products landing (`products/docs/index.md`): product, SDK and project cards. */
export const Route = createFileRoute('/{-$webview}/products/docs/')({
  staticData: { prefetch },
  loader: ({ context }) => prefetch(context.queryClient, {}, activeContentLang()),
  component: () => <DocPage type="openPaymentApi" slug="index" />,
})
