import { msg } from '@lingui/core/macro'
import { uiHead } from '@/web/lib/head.ts'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { ApiReference } from '@/web/features/apireference/components/api-reference.tsx'
import { apiGroups } from '@/web/features/apireference/groups.ts'
import { openApiQuery } from '@/web/features/apireference/api.ts'

/** The first group (the Open Payment API) is the default and stays out of the URL; an unknown group falls back to it. */
const searchSchema = v.object({ group: v.fallback(v.optional(v.picklist(apiGroups)), undefined) })

export const Route = createFileRoute('/{-$webview}/apireference')({
  head: uiHead(msg`API reference`),
  validateSearch: (search) => v.parse(searchSchema, search),
  loader: ({ context }) => context.queryClient.prefetchQuery(openApiQuery()),
  component: ApiReferencePage,
})

function ApiReferencePage() {
  const { group } = Route.useSearch()
  return <ApiReference group={group} />
}
