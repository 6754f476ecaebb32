import { createRouter } from '@tanstack/react-router'
import type { I18n } from '@lingui/core'
import type { Query, QueryClient } from '@tanstack/react-query'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { keepOut, sideMenuLeftOut, withKeptToc, withoutKeptBlocks } from './features/docs/api.ts'
import { chromeLeftOut, keepChromeOut } from './features/shell/api.ts'
import { RouteError } from './features/shell/components/route-error.tsx'
import { loadCatalogs, loadedCatalogs, type CatalogName } from './lib/i18n.ts'
import { sendQueriesCompact } from './lib/query-wire.ts'
import { Providers } from './providers.tsx'
import type { RequestFacts } from './router-context.ts'
import { routeTree } from './routeTree.gen.ts'

/**
 * What the server hands the browser beside the router's own state and React Query's cache (which the query
 * integration hands over, `setupRouterSsrQueryIntegration` below).
 */
interface Dehydrated {
  /** The hashes of the queries left out of the cache handed over because the page's HTML shows them (`leftOut`). */
  kept: string[]
  /** The message catalogs the page was rendered with (its routes' loaders'), loaded again before hydration (lib/i18n.ts). */
  catalogs: CatalogName[]
}

/**
 * The queries whose content the page's HTML shows, left out of the hydration data so that a page carries its content
 * once (issue 19): the side menu, and the header's and footer's menus. The browser keeps their HTML and asks for
 * their data only when it needs it (`keepOut`, `keepChromeOut`).
 */
const leftOut = (query: Query) => sideMenuLeftOut(query) || chromeLeftOut(query)

/**
 * The one router of the portal, on the server (entry-server.tsx, one per request, with the request's query client and
 * Lingui instance) and in the browser (main.tsx).
 * `nonce` is the request's CSP nonce: TanStack writes it on every script it renders (the hydration data included).
 */
export function createAppRouter({
  queryClient,
  i18n,
  request = null,
  nonce,
}: {
  queryClient: QueryClient
  i18n: I18n
  request?: RequestFacts | null
  nonce?: string
}) {
  const router = createRouter({
    routeTree,
    context: { queryClient, i18n, request },
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultErrorComponent: RouteError,
    ssr: nonce ? { nonce } : undefined,
    dehydrate: (): Dehydrated => ({
      kept: queryClient
        .getQueryCache()
        .findAll({ predicate: leftOut })
        .map((query) => query.queryHash),
      catalogs: loadedCatalogs(i18n),
    }),
    // runs before the query integration hydrates the cache
    hydrate: async (data: Dehydrated) => {
      await loadCatalogs(i18n, data.catalogs)
      keepOut(data.kept)
      keepChromeOut(data.kept)
    },
    Wrap: ({ children }) => (
      <Providers queryClient={queryClient} i18n={i18n}>
        {children}
      </Providers>
    ),
  })
  // React Query's cache from the server's render to the browser's (TanStack's integration: it wraps the `dehydrate`
  // and `hydrate` above), less what the page's HTML shows: the left-out queries, and a docs page's blocks and table of
  // contents (`withoutKeptBlocks`, read back from the HTML by `withKeptToc`). Failed queries are the browser's to ask
  // again, as React Query's own `dehydrate` has it.
  setupRouterSsrQueryIntegration({
    router,
    queryClient,
    wrapQueryClient: false, // `Providers` has it
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && !leftOut(query),
      serializeData: withoutKeptBlocks,
    },
    hydrateOptions: { defaultOptions: { deserializeData: withKeptToc } },
  })
  // the integration's payload in the form the portal sends it (lib/query-wire.ts): no stream, which a page rendered to
  // a string never fills, and each query as its key and data; the browser dates them now, as fresh as the page (one
  // the server answers from its cache carries the time it was first rendered, which would make every query stale)
  sendQueriesCompact(router.options)
  return router
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
