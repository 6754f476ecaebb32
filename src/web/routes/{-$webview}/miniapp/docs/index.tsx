import { createFileRoute } from '@tanstack/react-router'
import { DocPage } from '@/web/features/docs/components/doc-page.tsx'

/** The mini-app landing (`miniapp/docs/index.md`) with its tab list. */
export const Route = createFileRoute('/{-$webview}/miniapp/docs/')({
  component: () => <DocPage type="miniappDocumentation" slug="index" />,
})
