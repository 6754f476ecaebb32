import { createRouter } from '@tanstack/react-router'
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query'
import { RouteError } from './features/shell/components/route-error.tsx'
import { Providers } from './providers.tsx'
import { routeTree } from './routeTree.gen.ts'

export interface RouterContext {
  queryClient: QueryClient
}

/** What the server hands the browser beside the router's own state: React Query's cache, so nothing is fetched twice. */
interface Dehydrated {
  /** `dehydrate(queryClient)` as JSON (React Query's state is plain data, unlike what the router's types can prove). */
  queries: string
}

/**
 * The page's data is as fresh as the page: a page the server answers from its cache (src/server/web.ts) carries the
 * time it was first rendered, which would make every query stale, and fetched again, at once.
 */
function freshNow(state: DehydratedState): DehydratedState {
  const now = Date.now()
  return { ...state, queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })) }
}

/**
 * The one router of the portal, on the server (entry-server.tsx, one per request) and in the browser (main.tsx).
 * `nonce` is the request's CSP nonce: TanStack writes it on every script it renders (the hydration data included).
 */
export function createAppRouter(queryClient: QueryClient, { nonce }: { nonce?: string } = {}) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultErrorComponent: RouteError,
    ssr: nonce ? { nonce } : undefined,
    dehydrate: (): Dehydrated => ({ queries: JSON.stringify(dehydrate(queryClient)) }),
    hydrate: (data: Dehydrated) => hydrate(queryClient, freshNow(JSON.parse(data.queries) as DehydratedState)),
    Wrap: ({ children }) => <Providers queryClient={queryClient}>{children}</Providers>,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
  interface StaticDataRouteOption {
    /** The route and its children need a signed-in user (spec §2 loginAccess): set by the `_authed` layout route only. */
    loginAccess?: true
  }
}

/** True when the matched page is a login-access page (under the `_authed` layout route). */
export const isLoginAccess = (matches: readonly { staticData?: { loginAccess?: true } }[]) => matches.some((match) => match.staticData?.loginAccess)
