import { createFileRoute } from '@tanstack/react-router'
import { loadCatalogs } from '@/web/lib/i18n.ts'
import { uiHead } from '@/web/lib/head.ts'
import { flowsIndexTitle, flowsIndexDescription } from '@/web/features/flows/names.ts'
import { FlowsIndexPage, FlowsIndexLead, FlowsIndexTitle } from '@/web/features/flows/components/flows-index-page.tsx'
import { PageFrame } from '@/web/features/shell/components/page-frame.tsx'

/**
 * Issue 30: every flow (machines/*.machine.ts with a model) with its purpose, for product owners (docs/flows-pages.md).
 * The machines are imported only here and on /flows/$machine, by a dynamic import: no other page downloads them.
 */
export const Route = createFileRoute('/{-$webview}/flows/')({
  head: uiHead(flowsIndexTitle, flowsIndexDescription),
  loader: async ({ context }) => {
    const [{ loadFlowSummaries }] = await Promise.all([import('@/web/features/flows/registry.ts'), loadCatalogs(context.i18n, ['flows'])])
    return { flows: await loadFlowSummaries() }
  },
  component: FlowsIndex,
})

function FlowsIndex() {
  const { flows } = Route.useLoaderData()
  return (
    <PageFrame title={<FlowsIndexTitle />} lead={<FlowsIndexLead />}>
      <FlowsIndexPage flows={flows} />
    </PageFrame>
  )
}
