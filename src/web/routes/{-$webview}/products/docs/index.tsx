import { langOf } from '@/web/lib/i18n.ts'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '@/web/lib/head.ts'
import { loadDocPage } from '@/web/features/docs/api.ts'
import { DocPage } from '@/web/features/docs/components/doc-page.tsx'

/** The products landing (`products/docs/index.md`): product, SDK and project cards. */
export const Route = createFileRoute('/{-$webview}/products/docs/')({
  loader: ({ context }) => loadDocPage(context.queryClient, 'openPaymentApi', 'index', langOf(context.i18n)),
  head: ({ loaderData }) => pageHead(loaderData),
  component: () => <DocPage type="openPaymentApi" slug="index" />,
})
