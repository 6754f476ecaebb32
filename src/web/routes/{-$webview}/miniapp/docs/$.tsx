import { langOf } from '@/web/lib/i18n.ts'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '@/web/lib/head.ts'
import { docSlug, loadDocPage } from '@/web/features/docs/api.ts'
import { DocPage } from '@/web/features/docs/components/doc-page.tsx'

export const Route = createFileRoute('/{-$webview}/miniapp/docs/$')({
  loader: ({ context, params }) => loadDocPage(context.queryClient, 'miniappDocumentation', docSlug(params._splat), langOf(context.i18n)),
  head: ({ loaderData }) => pageHead(loaderData),
  component: MiniappDoc,
})

function MiniappDoc() {
  const { _splat } = Route.useParams()
  return <DocPage type="miniappDocumentation" slug={docSlug(_splat)} />
}
