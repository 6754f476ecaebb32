import { AsyncLocalStorage } from 'node:async_hooks'
import { createRequestHandler, renderRouterToString, RouterServer } from '@tanstack/react-router/ssr/server'
import type { Query } from '@tanstack/react-query'
import type { Manifest } from '@tanstack/router-core'
import type { Lang } from '@/domain/i18n.ts'
import type { RenderRequest, RenderResult } from '@/domain/server-render.ts'
import { splitWebview } from './lib/guard.ts'
import { createHttpClient, HttpError, resolveClientWith, type HttpClient } from './lib/http.ts'
import { langOf, requestI18n, savedLang } from './lib/i18n.ts'
import { createQueryClient } from './providers.tsx'
import { createAppRouter, isLoginAccess } from './router.tsx'

/**
 * Server rendering (issue 10, issue 19): one request → its own router, React Query cache and Lingui instance, loaded
 * and rendered by TanStack Router's own request handler (`createRequestHandler`: load, redirects, dehydration, then
 * `renderRouterToString`). Built by `vite build --ssr` (scripts/build-web.ts) and called by the Hono server
 * (src/server/web.ts). Renders run side by side: nothing a render reads or writes outlives it or is shared with another.
 *
 * - The language: each request has its own Lingui instance, into which the matched routes load their catalogs, passed to the components by `I18nProvider` (they read it
 *   with `useLingui()`) and to the route functions by the router context (`context.i18n`).
 * - The request's host and cookie: the router context (`context.request`).
 * - The page's API calls (`http`, the portal's one client) go to the server in-process: the client of the request is
 *   scoped to it with AsyncLocalStorage, which the http module asks (`resolveClientWith`, installed once here).
 * - The page's data: the route loaders fetch everything a page shows before it renders (one render, no discovery
 *   pass); `tests/server/web-serving.test.ts` checks that no public page leaves a component's query unanswered.
 */

export type { RenderResult }

const requestClient = new AsyncLocalStorage<HttpClient>()
resolveClientWith(() => {
  const client = requestClient.getStore()
  if (!client) throw new Error('an API call outside a server render')
  return client
})

/** What a render found out besides its HTML (filled by the handler's callback, read once it answered). */
interface Rendered {
  lang: Lang
  path: string
  loginAccess: boolean
  notFound: boolean
  unanswered: string[]
}

/** A query a component asked for that the page's loaders did not answer (not disabled, not failed). */
const waiting = (query: Query) => query.state.data === undefined && query.state.status !== 'error' && (query.options as { enabled?: unknown }).enabled !== false

export async function render(request: RenderRequest<Manifest>): Promise<RenderResult> {
  const client = createHttpClient({ baseURL: `${request.origin}/`, fetch: request.fetch })
  return requestClient.run(client, () => renderPage(request))
}

async function renderPage(request: RenderRequest<Manifest>): Promise<RenderResult> {
  // the matched routes' loaders load the catalogs the page shows into it (lib/i18n.ts `catalogLoader`)
  const i18n = requestI18n(savedLang(request.cookie))
  const facts = { hostname: request.hostname, cookie: request.cookie }
  const queryClient = createQueryClient({ server: true })
  const rendered: Rendered = { lang: langOf(i18n), path: '/', loginAccess: false, notFound: false, unanswered: [] }
  const handler = createRequestHandler({
    request: new Request(new URL(request.url, request.origin)),
    createRouter: () => createAppRouter({ queryClient, i18n, request: facts, nonce: request.nonce }),
    getRouterManifest: () => request.manifest,
  })
  const response = await handler(async ({ router, responseHeaders }) => {
    rendered.path = router.state.location.pathname
    rendered.loginAccess = isLoginAccess(router.state.matches)
    // a page whose content the server does not have is the 404 page (spec §8), as the browser would decide
    rendered.notFound = queryClient
      .getQueryCache()
      .findAll({ queryKey: ['docs'] })
      .some((query) => query.state.error instanceof HttpError && query.state.error.status === 404)
    if (rendered.notFound) return new Response(null, { status: 404 })
    // once rendered, before the query integration empties the request's cache
    router.serverSsr?.onRenderFinished(() => {
      rendered.unanswered = queryClient
        .getQueryCache()
        .findAll({ predicate: waiting })
        .map((query) => query.queryHash)
    })
    return renderRouterToString({ router, responseHeaders, children: <RouterServer router={router} /> })
  })

  const prefix = splitWebview(new URL(request.url, request.origin).pathname).prefix
  const location = response.headers.get('Location')
  if (response.status >= 300 && response.status < 400 && location) return { kind: 'redirect', status: response.status, location }
  // spec §2: unknown paths (no route, or no content) go to the 404 page
  const { path: page } = splitWebview(rendered.path)
  if (rendered.notFound || (response.status === 404 && page !== '/not-found')) {
    return { kind: 'redirect', status: 302, location: `${prefix}/not-found` }
  }
  const status = page === '/not-found' ? 404 : page === '/internal-server-error' ? 500 : response.status
  return {
    kind: 'page',
    status,
    html: await response.text(),
    lang: rendered.lang,
    path: rendered.path,
    loginAccess: rendered.loginAccess,
    unanswered: rendered.unanswered,
  }
}
