import type { I18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { SessionProvider } from './lib/session.tsx'

/** The browser's cache; the server renderer's (one per request) does not retry: a failure is the browser's to retry. */
export function createQueryClient({ server = false } = {}) {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: server ? false : 1, refetchOnWindowFocus: false } } })
}

/** The page's query client and Lingui instance (the server's are the request's own) and the session, for every component. */
export function Providers({ queryClient, i18n, children }: { queryClient: QueryClient; i18n: I18n; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <SessionProvider>{children}</SessionProvider>
      </I18nProvider>
    </QueryClientProvider>
  )
}
