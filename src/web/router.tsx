import { createRouter } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import type { Lang } from '@/domain/i18n.ts'
import { RouteError } from './features/shell/components/route-error.tsx'
import { routeTree } from './routeTree.gen.ts'

export interface RouterContext {
  queryClient: QueryClient
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultErrorComponent: RouteError,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
  interface StaticDataRouteOption {
    /**
     * Starts the data the route's page shows first, without waiting for it. main.tsx calls it for the first page
     * before the catalog and the layout guard resolve; the route's loader calls it on later navigations.
     */
    prefetch?: (queryClient: QueryClient, params: Record<string, string | undefined>, lang: Lang) => void
  }
}
