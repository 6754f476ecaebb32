import { langOf } from '@/web/lib/i18n.ts'
import { createFileRoute } from '@tanstack/react-router'
import { loadContentPage } from '@/web/features/docs/api.ts'
import { HomePage } from '@/web/features/docs/components/home-page.tsx'
import { homeSearchOf } from '@/web/features/docs/home-notice.ts'
import { pageHead } from '@/web/lib/head.ts'

export const Route = createFileRoute('/{-$webview}/')({
  validateSearch: homeSearchOf,
  loader: ({ context }) => loadContentPage(context.queryClient, 'home', langOf(context.i18n)),
  head: ({ loaderData }) => pageHead(loaderData),
  component: function HomeRoute() {
    const { notice } = Route.useSearch()
    return <HomePage notice={notice} />
  },
})
