import { msg } from '@lingui/core/macro'
import { uiHead } from '@/web/lib/head.ts'
import { catalogLoader } from '@/web/lib/i18n.ts'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { ResetPasswordPage } from '@/web/features/account/components/reset-password-page.tsx'

/** The page the password-reset e-mail links to (`?token=`); not in the spec. */
const searchSchema = v.object({ token: v.optional(v.pipe(v.string(), v.maxLength(200)), '') })

export const Route = createFileRoute('/{-$webview}/account/resetPassword')({
  head: uiHead(msg`Set a new password`),
  validateSearch: (search) => {
    const parsed = v.safeParse(searchSchema, search)
    return parsed.success ? parsed.output : { token: '' }
  },
  loader: catalogLoader(['account', 'errors']),
  component: function ResetPasswordRoute() {
    const { token } = Route.useSearch()
    return <ResetPasswordPage token={token} />
  },
})
