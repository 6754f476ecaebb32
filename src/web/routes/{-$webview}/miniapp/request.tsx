import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { catalogLoader } from '@/web/lib/i18n.ts'
import { createFileRoute } from '@tanstack/react-router'
import { MiniappRequestForm } from '@/web/features/miniapp-request/components/request-form.tsx'
import { PageFrame } from '@/web/features/shell/components/page-frame.tsx'
import { uiHead } from '@/web/lib/head.ts'

/** The mini-app request form (issue 20), linked from the Request form page of the mini-app docs; open to visitors. */
export const Route = createFileRoute('/{-$webview}/miniapp/request')({
  head: uiHead(msg`Mini app request form`, msg`Apply to offer your service as a PayLab mini app.`),
  loader: catalogLoader(['miniapp-request']),
  component: RequestPage,
})

function RequestPage() {
  return (
    <PageFrame
      title={<Trans>Mini app request form</Trans>}
      lead={<Trans>Apply to offer your service as a PayLab mini app. PayLab reviews every request and contacts the applicants it selects.</Trans>}
    >
      <MiniappRequestForm />
    </PageFrame>
  )
}
