import { createFileRoute, type StaticDataRouteOption } from '@tanstack/react-router'
import { activeContentLang, prefetchDocPage } from '@/web/features/docs/api.ts'
import { DocPage } from '@/web/features/docs/components/doc-page.tsx'

const prefetch: NonNullable<StaticDataRouteOption['prefetch']> = (queryClient, _params, lang) =>
  prefetchDocPage(queryClient, 'miniappDocumentation', 'index', lang)

/** The mini-app landing (`miniapp/docs/index.md`) with its tab list. */
export const Route = createFileRoute('/{-$webview}/miniapp/docs/')({
  staticData: { prefetch },
  loader: ({ context }) => prefetch(context.queryClient, {}, activeContentLang()),
  component: () => <DocPage type="miniappDocumentation" slug="index" />,
})
