import { createFileRoute } from '@tanstack/react-router'
import { DocPage } from '@/web/features/docs/components/doc-page.tsx'

export const Route = createFileRoute('/{-$webview}/miniapp/docs/$')({
  component: MiniappDoc,
})

function MiniappDoc() {
  const { _splat } = Route.useParams()
  return <DocPage type="miniappDocumentation" slug={(_splat ?? '').replace(/^\/+|\/+$/g, '')} />
}
