import { langOf } from '@/web/lib/i18n.ts'
import { createFileRoute } from '@tanstack/react-router'
import { loadContentPage } from '@/web/features/docs/api.ts'
import { pageHead } from '@/web/lib/head.ts'
import { ContentPage } from '@/web/features/docs/components/content-page.tsx'

/** The portal's privacy policy (`pages/privacy.md`), a page of our own in both languages. */
export const Route = createFileRoute('/{-$webview}/privacy')({
  loader: ({ context }) => loadContentPage(context.queryClient, 'privacy', langOf(context.i18n)),
  head: ({ loaderData }) => pageHead(loaderData),
  component: () => <ContentPage name="privacy" />,
})
