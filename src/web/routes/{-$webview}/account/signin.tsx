import { msg } from '@lingui/core/macro'
import { uiHead } from '@/web/lib/head.ts'
import { catalogLoader } from '@/web/lib/i18n.ts'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { SignInPage } from '@/web/features/account/components/sign-in-page.tsx'

/** spec §2 SignInIndex (loginAccess false); `redirect` is where to go after signing in (spec §4). */
const searchSchema = v.object({
  redirect: v.optional(v.pipe(v.string(), v.maxLength(2048), v.startsWith('/'))),
})

export const Route = createFileRoute('/{-$webview}/account/signin')({
  head: uiHead(msg`Sign in`),
  validateSearch: (search) => {
    const parsed = v.safeParse(searchSchema, search)
    return parsed.success ? parsed.output : {}
  },
  loader: catalogLoader(['account', 'tools', 'errors']),
  component: function SignInRoute() {
    const { redirect } = Route.useSearch()
    return <SignInPage redirect={redirect} />
  },
})
