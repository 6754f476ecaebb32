import { createFileRoute } from '@tanstack/react-router'
import { loadContentPage } from '@/web/features/docs/api.ts'
import { HomePage } from '@/web/features/docs/components/home-page.tsx'
import { pageHead } from '@/web/lib/head.ts'

export const Route = createFileRoute('/{-$webview}/')({
  loader: ({ context }) => loadContentPage(context.queryClient, 'home'),
  head: ({ loaderData }) => pageHead(loaderData),
  component: HomePage,
})
