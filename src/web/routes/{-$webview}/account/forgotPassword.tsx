import { createFileRoute } from '@tanstack/react-router'
import { ForgotPasswordPage } from '@/web/features/account/components/forgot-password-page.tsx'

/** spec §2 SignupForgotIndex (loginAccess false). */
export const Route = createFileRoute('/{-$webview}/account/forgotPassword')({
  component: ForgotPasswordPage,
})
