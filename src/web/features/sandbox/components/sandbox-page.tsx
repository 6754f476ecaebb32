import { Trans } from '@lingui/react/macro'
import { AccountSidebar } from '@/web/features/shell/components/account-sidebar.tsx'
import { PageFrame } from '@/web/features/shell/components/page-frame.tsx'
import { RequestLog } from './request-log.tsx'
import './sandbox.css'

/** The sandbox tools of the signed-in developer (issue 14; docs/sandbox-powers.md). */
export function SandboxPage() {
  return (
    <PageFrame
      sidebar={<AccountSidebar />}
      title={<Trans>Sandbox tools</Trans>}
      lead={<Trans>See every request your merchant sent to the sandbox, debug a refused signature, and replay a request or copy it as curl.</Trans>}
    >
      <div className="sandbox-page">
        <RequestLog />
      </div>
    </PageFrame>
  )
}
