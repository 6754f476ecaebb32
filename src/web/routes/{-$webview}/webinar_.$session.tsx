import { langOf } from '@/web/lib/i18n.ts'
import { createFileRoute } from '@tanstack/react-router'
import { loadContentPage } from '@/web/features/docs/api.ts'
import { pageHead } from '@/web/lib/head.ts'
import { ContentPage } from '@/web/features/docs/components/content-page.tsx'

/** One webinar session: its outline and slides (`pages/webinar-<session>.md`); an unknown session is the 404 page. */
export const Route = createFileRoute('/{-$webview}/webinar_/$session')({
  loader: ({ context, params }) => loadContentPage(context.queryClient, `webinar-${params.session}`, langOf(context.i18n)),
  head: ({ loaderData }) => pageHead(loaderData),
  component: WebinarSession,
})

function WebinarSession() {
  const { session } = Route.useParams()
  return <ContentPage name={`webinar-${session}`} />
}
