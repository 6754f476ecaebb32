import { createFileRoute } from '@tanstack/react-router'
import { loadContentPage } from '@/web/features/docs/api.ts'
import { pageHead } from '@/web/lib/head.ts'
import { initialTermsLang, TermsPage } from '@/web/features/docs/components/terms-page.tsx'

export const Route = createFileRoute('/{-$webview}/terms-of-use')({
  // the terms start in their own language (English unless one was saved), and so does their title
  loader: async ({ context }) => {
    const lang = initialTermsLang(context.request?.cookie)
    return { lang, meta: await loadContentPage(context.queryClient, 'terms-of-use', lang) }
  },
  head: ({ loaderData }) => pageHead(loaderData?.meta),
  component: function TermsRoute() {
    return <TermsPage initialLang={Route.useLoaderData().lang} />
  },
})
