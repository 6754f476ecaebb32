import { langOf } from '@/web/lib/i18n.ts'
import { createFileRoute } from '@tanstack/react-router'
import { loadContentPage } from '@/web/features/docs/api.ts'
import { pageHead } from '@/web/lib/head.ts'
import { ContentPage } from '@/web/features/docs/components/content-page.tsx'

/** Frequently asked questions (`pages/faq.md`), a page of our own in both languages. */
export const Route = createFileRoute('/{-$webview}/faq')({
  loader: ({ context }) => loadContentPage(context.queryClient, 'faq', langOf(context.i18n)),
  head: ({ loaderData }) => pageHead(loaderData),
  component: () => <ContentPage name="faq" />,
})
