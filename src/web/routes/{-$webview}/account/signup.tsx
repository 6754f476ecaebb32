import { createFileRoute, redirect } from '@tanstack/react-router'
import { SignUpFlow } from '@/web/features/account/components/sign-up-flow.tsx'
import { isMobileDevice } from '@/web/features/account/device.ts'

/** spec §2 SignupIndex (loginAccess false). On mobile (phone user agent or width ≤ 991 px) sign-up goes home. */
export const Route = createFileRoute('/{-$webview}/account/signup')({
  beforeLoad: ({ params }) => {
    if (isMobileDevice()) throw redirect({ to: '/{-$webview}', params, replace: true })
  },
  component: () => <SignUpFlow />,
})
