import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { catalogLoader } from '@/web/lib/i18n.ts'
import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import * as v from 'valibot'
import { StudioPage } from '@/web/features/miniapp-studio/components/studio-page.tsx'
import { PageFrame } from '@/web/features/shell/components/page-frame.tsx'
import { InternalLink } from '@/web/ui/internal-link.tsx'
import { uiHead } from '@/web/lib/head.ts'

/** `?app=<id>`: the app to run (the example, an uploaded folder, or the id `npm run miniapp` printed). */
const searchSchema = v.object({
  app: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/))), undefined),
})

/** The mini-app studio (issue 21): validate a mini app and run it in a simulated wallet against the sandbox; open to visitors. */
export const Route = createFileRoute('/{-$webview}/miniapp/studio')({
  validateSearch: (search) => v.parse(searchSchema, search),
  head: uiHead(msg`Mini-app studio`, msg`Validate a mini app and run it in a simulated PayLab wallet against the offline sandbox, payments included.`),
  loader: catalogLoader(['miniapp-studio']),
  component: StudioRoute,
})

function StudioRoute() {
  const { app } = Route.useSearch()
  const navigate = Route.useNavigate()
  const showApp = useCallback((id: string | null) => void navigate({ search: id ? { app: id } : {} }), [navigate])
  return (
    <PageFrame
      title={<Trans>Mini-app studio</Trans>}
      lead={
        <Trans>
          Run a mini app as the PayLab wallet would: consent, profile, balance, payments and top-ups go to the offline sandbox with real sandbox money. The
          tester's controls and the inspector sit beside the phone.
        </Trans>
      }
    >
      <StudioPage appId={app} onShowApp={showApp} />
      <p className="studio__more">
        <InternalLink href="/miniapp/docs/getstarted">
          <Trans>Getting started with mini apps</Trans>
        </InternalLink>
        {' · '}
        <InternalLink href="/miniapp/docs/apireference">
          <Trans>Mini-app API reference</Trans>
        </InternalLink>
      </p>
    </PageFrame>
  )
}
