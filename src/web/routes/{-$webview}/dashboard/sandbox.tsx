import { msg } from '@lingui/core/macro'
import { uiHead } from '@/web/lib/head.ts'
import { createFileRoute } from '@tanstack/react-router'
import { loginAccess } from '@/web/routes/-login-access.tsx'
import { SandboxPage } from '@/web/features/sandbox/components/sandbox-page.tsx'

/** Issue 14: the sandbox tools (request log and signature debugger); loginAccess like the other dashboard pages. */
export const Route = createFileRoute('/{-$webview}/dashboard/sandbox')({
  head: uiHead(msg`Sandbox tools`),
  ...loginAccess,
  component: SandboxPage,
})
