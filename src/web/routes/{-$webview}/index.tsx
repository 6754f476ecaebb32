import { createFileRoute, type StaticDataRouteOption } from '@tanstack/react-router'
import { activeContentLang, prefetchPage } from '@/web/features/docs/api.ts'
import { HomePage } from '@/web/features/docs/components/home-page.tsx'

const prefetch: NonNullable<StaticDataRouteOption['prefetch']> = (queryClient, _params, lang) => prefetchPage(queryClient, 'page', 'home', lang)

export const Route = createFileRoute('/{-$webview}/')({
  staticData: { prefetch },
  loader: ({ context }) => prefetch(context.queryClient, {}, activeContentLang()),
  component: HomePage,
})
