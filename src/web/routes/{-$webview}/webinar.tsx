import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { WebinarPage } from '@/web/features/docs/components/webinar-page.tsx'

const searchSchema = v.object({ product: v.optional(v.fallback(v.pipe(v.string(), v.regex(/^[a-z_]{1,40}$/)), 'paylab'), 'paylab') })

export const Route = createFileRoute('/{-$webview}/webinar')({
  validateSearch: (search) => v.parse(searchSchema, search),
  component: Webinar,
})

function Webinar() {
  const { product } = Route.useSearch()
  return <WebinarPage product={product} />
}
