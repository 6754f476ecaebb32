import { createFileRoute } from '@tanstack/react-router'
import { DocPage } from '@/web/features/docs/components/doc-page.tsx'

/** The products landing (`products/docs/index.md`): product, SDK and project cards. */
export const Route = createFileRoute('/{-$webview}/products/docs/')({
  component: () => <DocPage type="openPaymentApi" slug="index" />,
})
