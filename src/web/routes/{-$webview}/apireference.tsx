import { msg } from '@lingui/core/macro'
import { uiHead } from '@/web/lib/head.ts'
import { createFileRoute } from '@tanstack/react-router'
import { loadCatalogs } from '@/web/lib/i18n.ts'
import * as v from 'valibot'
import { ApiReference } from '@/web/features/apireference/components/api-reference.tsx'
import { apiGroups } from '@/web/features/apireference/groups.ts'

/** The first group (the Open Payment API) is the default and stays out of the URL; an unknown group falls back to it. */
const searchSchema = v.object({ group: v.fallback(v.optional(v.picklist(apiGroups)), undefined) })

export const Route = createFileRoute('/{-$webview}/apireference')({
  head: uiHead(msg`API reference`),
  validateSearch: (search) => v.parse(searchSchema, search),
  // the loader stays in the entry chunk (only the component is split): the API's schemas are imported when it runs
  loader: async ({ context }) => {
    const load = import('@/web/features/apireference/api.ts').then(({ openApiQuery }) => context.queryClient.prefetchQuery(openApiQuery()))
    await Promise.all([load, loadCatalogs(context.i18n, ['apireference', 'errors'])])
  },
  component: ApiReferencePage,
})

function ApiReferencePage() {
  const { group } = Route.useSearch()
  return <ApiReference group={group} />
}
