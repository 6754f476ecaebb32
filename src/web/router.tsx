import { createRouter } from '@tanstack/react-router'
import type { I18n } from '@lingui/core'
import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query'
import { keepOut, keptOut, withKeptToc } from './features/docs/api.ts'
import { chromeKeptOut, keepChromeOut } from './features/shell/api.ts'
import { RouteError } from './features/shell/components/route-error.tsx'
import { loadCatalogs, loadedCatalogs, type CatalogName } from './lib/i18n.ts'
import { packQueries, unpackQueries } from './lib/packed-queries.ts'
import { Providers } from './providers.tsx'
import { routeTree } from './routeTree.gen.ts'

/** What the browser reads from `document` and `location` that the server renderer is told with each request. */
export interface RequestFacts {
  hostname: string
  /** The request's `Cookie` header (the saved language). */
  cookie: string | null
}

/**
 * What every route function (beforeLoad, loader, head) gets: the page's React Query cache and Lingui instance (one per
 * request on the server, one for the page in the browser; components read the same instance with `useLingui()`), and
 * on the server the request's facts (null in the browser, which reads the platform).
 */
export interface RouterContext {
  queryClient: QueryClient
  i18n: I18n
  request: RequestFacts | null
}

/**
 * What the server hands the browser beside the router's own state: React Query's cache, so nothing is fetched twice —
 * less the content pages' blocks, the side menu and the header's and footer's menus, which the browser keeps from the
 * page's HTML (`keptOut`, `chromeKeptOut`; issue 19).
 */
interface Dehydrated {
  /** `dehydrate(queryClient)` packed as JSON (`packQueries`; React Query's state is plain data, unlike what the router's types can prove). */
  queries: string
  /** The hashes of the queries left out because the page's HTML shows them (`keptOut`). */
  kept: string[]
  /** The message catalogs the page was rendered with (its routes' loaders'), loaded again before hydration (lib/i18n.ts). */
  catalogs: CatalogName[]
}

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
  return createRouter({
    routeTree,
    context: { queryClient, i18n, request },
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultErrorComponent: RouteError,
    ssr: nonce ? { nonce } : undefined,
    dehydrate: (): Dehydrated => {
      const docs = keptOut(dehydrate(queryClient))
      const { state, kept } = chromeKeptOut(docs.state)
      return { queries: packQueries(state), kept: [...docs.kept, ...kept], catalogs: loadedCatalogs(i18n) }
    },
    hydrate: async (data: Dehydrated) => {
      await loadCatalogs(i18n, data.catalogs)
      keepOut(data.kept)
      keepChromeOut(data.kept)
      // the page's data is as fresh as the page: one the server answers from its cache carries the time it was first
      // rendered, which would make every query stale, and fetched again, at once
      hydrate(queryClient, withKeptToc(unpackQueries(data.queries, Date.now())))
    },
    Wrap: ({ children }) => (
      <Providers queryClient={queryClient} i18n={i18n}>
        {children}
      </Providers>
    ),
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
