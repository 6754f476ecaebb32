import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { catalogLoader } from '@/web/lib/i18n.ts'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { demoPanelTypes, demoPanelViews } from '@/domain/demo-panel-ids.ts'
import { DemoPanel } from '@/web/features/demopanel/components/demo-panel.tsx'
import { PageFrame } from '@/web/features/shell/components/page-frame.tsx'
import { InternalLink } from '@/web/ui/internal-link.tsx'
import { uiHead } from '@/web/lib/head.ts'

/** `?type=…&view=…` pick the panel's start; absent or unknown values mean QR code / native payment (no redirect). */
const searchSchema = v.object({
  type: v.fallback(v.optional(v.picklist(demoPanelTypes)), undefined),
  view: v.fallback(v.optional(v.picklist(demoPanelViews)), undefined),
})

/** spec §2 demo panels: the test panel with a phone mock (issue 13, docs/demo-panel.md); open to visitors. */
export const Route = createFileRoute('/{-$webview}/demo/panel')({
  validateSearch: (search) => v.parse(searchSchema, search),
  head: uiHead(
    msg`Payment test panel`,
    msg`Run a QR code, cashback, app invoke or auto debit payment against the offline sandbox and watch the test user's phone and every API call.`,
  ),
  loader: catalogLoader(['demopanel']),
  component: PanelPage,
})

function PanelPage() {
  const { type, view } = Route.useSearch()
  return (
    <PageFrame
      title={<Trans>Payment test panel</Trans>}
      lead={
        <Trans>
          Run a QR code, cashback, app invoke or auto debit payment against the offline sandbox. The phone shows what the test user's wallet shows; below are
          the demo API's requests and answers. Nothing real is charged.
        </Trans>
      }
    >
      <DemoPanel initialType={type ?? 'qrCode'} initialView={view ?? 'native'} />
      <p className="demo-panel__more">
        <InternalLink href="/demo/checkout">
          <Trans>Try the cake-shop checkout demo: pay 1 yen as a test user, no account needed</Trans>
        </InternalLink>
        {' · '}
        <InternalLink href="/demo/catalogue">
          <Trans>The code behind it: the payment sample catalogue in seven languages</Trans>
        </InternalLink>
      </p>
    </PageFrame>
  )
}
