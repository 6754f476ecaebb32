import { msg } from '@lingui/core/macro'
import { catalogLoader } from '@/web/lib/i18n.ts'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { uiHead } from '@/web/lib/head.ts'
import { ResolverPage } from '@/web/features/resolver/components/resolver-page.tsx'
import { ResolveFrame } from '@/web/features/shell/components/tool-frames.tsx'

/** Search params as the provider's SDKs link them; anything else (too long, not a string) is dropped. */
const text = (max: number) => v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max))), undefined)
const resolveSearch = v.object({ api_name: text(300), code: text(100), code_id: text(32) })

/**
 * spec §2 analyse: the response-code resolver. Decision (docs/dashboard.md): it is public — the SDKs link every error
 * here, and a developer following such a link from a log should not have to sign in to learn what a code means.
 */
export const Route = createFileRoute('/{-$webview}/develop/resolve')({
  head: uiHead(msg`Response code resolver`),
  validateSearch: (search) => {
    // the router reads `?code_id=12345678` as a number: the resolver wants the text
    const parsed = v.parse(
      resolveSearch,
      Object.fromEntries(Object.entries(search).map(([k, value]) => [k, typeof value === 'number' ? String(value) : value])),
    )
    return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value)) as v.InferOutput<typeof resolveSearch>
  },
  loader: catalogLoader(['resolver', 'tools']),
  component: function ResolveRoute() {
    return (
      <ResolveFrame>
        <ResolverPage search={Route.useSearch()} />
      </ResolveFrame>
    )
  },
})
