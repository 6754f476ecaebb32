import { createFileRoute, notFound } from '@tanstack/react-router'
import { loadCatalogs } from '@/web/lib/i18n.ts'
import { pageHead } from '@/web/lib/head.ts'
import { flowPageTitle } from '@/web/features/flows/names.ts'
import type { FlowPageData } from '@/web/features/flows/registry.ts'
import { FlowPageView } from '@/web/features/flows/components/flow-page.tsx'
import { PageFrame } from '@/web/features/shell/components/page-frame.tsx'

/**
 * Issue 30: one flow for product owners: its diagram, its states and transitions in words, and the machine running
 * in a simulator (docs/flows-pages.md). An unknown flow is the 404 page. The machine and its model are loaded by a
 * dynamic import: only the flows pages download them.
 */
export const Route = createFileRoute('/{-$webview}/flows/$machine')({
  loader: async ({ context, params }): Promise<{ page: FlowPageData }> => {
    const [{ loadFlowPage }] = await Promise.all([import('@/web/features/flows/registry.ts'), loadCatalogs(context.i18n, ['flows'])])
    const page = await loadFlowPage(params.machine)
    if (!page) throw notFound()
    return { page }
  },
  head: ({ params, match }) => pageHead({ title: match.context.i18n._(flowPageTitle(params.machine)) }),
  component: Flow,
})

function Flow() {
  const { page } = Route.useLoaderData()
  return (
    <PageFrame title={page.name} lead={<FlowPageView.Lead page={page} />}>
      <FlowPageView page={page} />
    </PageFrame>
  )
}
