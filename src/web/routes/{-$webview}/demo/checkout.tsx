import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { CheckoutDemo } from '@/web/features/docs/checkout/components/checkout-demo.tsx'
import { PageFrame } from '@/web/features/shell/components/page-frame.tsx'
import { InternalLink } from '@/web/ui/internal-link.tsx'
import { uiHead } from '@/web/lib/head.ts'

const searchSchema = v.object({
  flow: v.optional(v.fallback(v.picklist(['qr', 'directDebit', 'cashback']), 'qr'), 'qr'),
  // kept when the address follows the tab: the browser tests' short refund delay (cake-shop-parts.tsx testDelays)
  demoDelays: v.optional(v.string()),
})

/** spec §2 demo panels: the cake-shop checkout on a page of its own (issue 13); open to visitors. */
export const Route = createFileRoute('/{-$webview}/demo/checkout')({
  validateSearch: (search) => v.parse(searchSchema, search),
  head: uiHead(
    msg`Cake-shop checkout demo`,
    msg`Buy a 1-yen cake from a fictional shop and pay it as a test user of the offline sandbox, by QR code or direct debit, or have the shop give cashback.`,
  ),
  component: CheckoutPage,
})

function CheckoutPage() {
  const { flow } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <PageFrame
      title={<Trans>Cake-shop checkout demo</Trans>}
      lead={
        <Trans>
          Buy a 1-yen cake from a fictional shop and pay it as a test user of the offline sandbox, by QR code or direct debit, or have the shop give cashback.
          Nothing real is charged; payments are refunded automatically.
        </Trans>
      }
    >
      <CheckoutDemo initialFlow={flow} autoStart onFlowChange={(next) => void navigate({ search: (prev) => ({ ...prev, flow: next }), replace: true })} />
      <p className="cake-shell__catalogue">
        <InternalLink href="/demo/catalogue">
          <Trans>The code behind it: the payment sample catalogue in seven languages</Trans>
        </InternalLink>
        {' · '}
        <InternalLink href="/demo/panel">
          <Trans>Open the payment test panel: watch the test user's phone and every API call</Trans>
        </InternalLink>
      </p>
    </PageFrame>
  )
}
