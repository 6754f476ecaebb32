import { msg } from '@lingui/core/macro'
import { uiHead } from '@/web/lib/head.ts'
import { catalogLoader } from '@/web/lib/i18n.ts'
import { createFileRoute } from '@tanstack/react-router'
import { ForgotPasswordPage } from '@/web/features/account/components/forgot-password-page.tsx'

/** spec §2 SignupForgotIndex (loginAccess false). */
export const Route = createFileRoute('/{-$webview}/account/forgotPassword')({
  head: uiHead(msg`Forgot password`),
  loader: catalogLoader(['account', 'errors']),
  component: ForgotPasswordPage,
})
