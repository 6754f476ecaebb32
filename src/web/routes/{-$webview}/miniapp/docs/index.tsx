import { langOf } from '@/web/lib/i18n.ts'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '@/web/lib/head.ts'
import { loadDocPage } from '@/web/features/docs/api.ts'
import { DocPage } from '@/web/features/docs/components/doc-page.tsx'

/** The mini-app landing (`miniapp/docs/index.md`) with its tab list. */
export const Route = createFileRoute('/{-$webview}/miniapp/docs/')({
  loader: ({ context }) => loadDocPage(context.queryClient, 'miniappDocumentation', 'index', langOf(context.i18n)),
  head: ({ loaderData }) => pageHead(loaderData),
  component: () => <DocPage type="miniappDocumentation" slug="index" />,
})
