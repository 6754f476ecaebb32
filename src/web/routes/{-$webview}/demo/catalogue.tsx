import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { catalogLoader } from '@/web/lib/i18n.ts'
import { createFileRoute } from '@tanstack/react-router'
import { SampleCatalogue } from '@/web/features/catalogue/components/sample-catalogue.tsx'
import { PageFrame } from '@/web/features/shell/components/page-frame.tsx'
import { InternalLink } from '@/web/ui/internal-link.tsx'
import { uiHead } from '@/web/lib/head.ts'

/**
 * spec §2 demo panels: the catalogue of four payment options with code samples in seven languages (issue 13); open
 * to visitors. The route component is split into its own chunk, which carries the sample texts.
 */
export const Route = createFileRoute('/{-$webview}/demo/catalogue')({
  head: uiHead(msg`Payment sample catalogue`, msg`Four payment options with code samples in iOS, Android, JavaScript, Python, Node.js, Java and PHP.`),
  loader: catalogLoader(['catalogue']),
  component: CataloguePage,
})

function CataloguePage() {
  return (
    <PageFrame
      title={<Trans>Payment sample catalogue</Trans>}
      lead={
        <Trans>
          Four payment options with code samples in iOS, Android, JavaScript, Python, Node.js, Java and PHP: the same files PayLab's tests run against the
          offline sandbox.
        </Trans>
      }
    >
      <SampleCatalogue />
      <p>
        <InternalLink href="/demo/panel">
          <Trans>Open the payment test panel: watch the test user's phone and every API call</Trans>
        </InternalLink>
      </p>
    </PageFrame>
  )
}
