import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { uiHead } from '@/web/lib/head.ts'
import { catalogLoader } from '@/web/lib/i18n.ts'
import { createFileRoute } from '@tanstack/react-router'
import { AccountSidebar } from '@/web/features/shell/components/account-sidebar.tsx'
import { PageFrame } from '@/web/features/shell/components/page-frame.tsx'
import { SandboxPage } from '@/web/features/sandbox/components/sandbox-page.tsx'

/** Issue 14: the sandbox tools (request log and signature debugger); loginAccess like the other dashboard pages. */
export const Route = createFileRoute('/{-$webview}/_authed/dashboard/sandbox')({
  head: uiHead(msg`Sandbox tools`),
  loader: catalogLoader(['sandbox', 'tools', 'errors']),
  component: () => (
    <PageFrame
      sidebar={<AccountSidebar />}
      title={<Trans>Sandbox tools</Trans>}
      lead={
        <Trans>
          See every request your merchant sent to the sandbox, debug a refused signature, replay a request or copy it as curl, move the sandbox clock, reset,
          snapshot or seed the sandbox, and follow its webhooks.
        </Trans>
      }
    >
      <SandboxPage />
    </PageFrame>
  ),
})
