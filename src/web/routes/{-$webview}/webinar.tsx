import { langOf } from '@/web/lib/i18n.ts'
import { createFileRoute } from '@tanstack/react-router'
import { loadWebinarPage } from '@/web/features/docs/api.ts'
import { pageHead } from '@/web/lib/head.ts'
import * as v from 'valibot'
import { WebinarPage } from '@/web/features/docs/components/webinar-page.tsx'

const searchSchema = v.object({ product: v.optional(v.fallback(v.pipe(v.string(), v.regex(/^[a-z_]{1,40}$/)), 'paylab'), 'paylab') })

export const Route = createFileRoute('/{-$webview}/webinar')({
  validateSearch: (search) => v.parse(searchSchema, search),
  loader: ({ context }) => loadWebinarPage(context.queryClient, langOf(context.i18n)),
  head: ({ loaderData }) => pageHead(loaderData),
  component: Webinar,
})

function Webinar() {
  const { product } = Route.useSearch()
  return <WebinarPage product={product} />
}
