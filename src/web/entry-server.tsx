import { createMemoryHistory } from '@tanstack/react-router'
import { attachRouterServerSsrUtils, renderRouterToString, RouterServer } from '@tanstack/react-router/ssr/server'
import type { Manifest } from '@tanstack/router-core'
import type { Query } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import type { RenderRequest, RenderResult } from '@/domain/server-render.ts'
import { splitWebview } from './lib/guard.ts'
import { HttpError, setServerTransport } from './lib/http.ts'
import { activate, savedLang } from './lib/i18n.ts'
import { setServerRequest } from './lib/server-request.ts'
import { createQueryClient } from './providers.tsx'
import { createAppRouter, isLoginAccess } from './router.tsx'

/**
 * Server rendering (issue 10): one request → the same router tree and React Query cache the browser uses, rendered
 * by `react-dom/server` and handed over with TanStack Router's hydration data (the dehydrated queries inside it).
 * Built by `vite build --ssr` (scripts/build-web.ts) and called by the Hono server (src/server/web.ts).
 *
 * Renders run one at a time: the UI language (Lingui's `i18n`), the request's cookie and host (server-request.ts)
 * and the http client's transport are module state shared with the browser code, set for the page being rendered.
 */

export type { RenderResult }

let queue: Promise<unknown> = Promise.resolve()

export function render(request: RenderRequest<Manifest>): Promise<RenderResult> {
  const run = queue.then(() => renderNow(request))
  queue = run.catch(() => undefined)
  return run
}

/** Routes whose loaders were seen to fetch everything their page shows: rendered once, without a discovery pass. */
const complete = new Set<string>()

/** Queries a page asked for that the server still has to answer (not disabled, not failed). */
const waiting = (query: Query) => query.state.data === undefined && query.state.status !== 'error' && (query.options as { enabled?: unknown }).enabled !== false

async function renderNow(request: RenderRequest<Manifest>): Promise<RenderResult> {
  setServerRequest({ hostname: request.hostname, cookie: request.cookie })
  setServerTransport({ baseURL: `${request.origin}/`, fetch: request.fetch })
  try {
    const lang = savedLang()
    await activate(lang)
    const queryClient = createQueryClient({ server: true })
    const router = createAppRouter(queryClient, { nonce: request.nonce })
    attachRouterServerSsrUtils({ router, manifest: request.manifest })
    router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [request.url] }), origin: request.origin })
    await router.load()

    const prefix = splitWebview(new URL(request.url, request.origin).pathname).prefix
    const notFound = { kind: 'redirect', status: 302, location: `${prefix}/not-found` } as const
    const result = (router as unknown as { _serverResult?: { type: string; redirect?: Response; status?: number } })._serverResult
    if (result?.type === 'redirect' && result.redirect) {
      router.serverSsr?.cleanup()
      return { kind: 'redirect', status: result.redirect.status, location: result.redirect.headers.get('Location') ?? '/' }
    }
    // spec §2: unknown paths go to the 404 page
    if (result?.type === 'render' && result.status === 404) {
      router.serverSsr?.cleanup()
      return notFound
    }

    // Render until no component asks for data the cache lacks: the loaders fetch a page's data, and the components'
    // own queries (cards, videos, …) are found by rendering. A route whose loaders were found to cover everything is
    // not rendered twice again (`complete`). The router's scripts stay out of these passes.
    const ssr = router.serverSsr
    router.serverSsr = undefined
    const cache = queryClient.getQueryCache()
    const leaf = router.state.matches[router.state.matches.length - 1]?.routeId ?? ''
    for (let pass = 0; pass < 4 && !complete.has(leaf); pass++) {
      renderToString(<RouterServer router={router} />)
      const pending = cache.findAll({ predicate: waiting })
      if (pending.length === 0) {
        if (pass === 0) complete.add(leaf)
        break
      }
      await Promise.all(pending.map((query) => query.fetch().catch(() => undefined)))
    }
    router.serverSsr = ssr
    // a page whose content the server does not have is the 404 page (spec §8), as the browser would decide
    if (cache.findAll({ queryKey: ['docs'] }).some((query) => query.state.error instanceof HttpError && query.state.error.status === 404)) {
      router.serverSsr?.cleanup()
      return notFound
    }

    await router.serverSsr?.dehydrate()
    const response = await renderRouterToString({ router, responseHeaders: new Headers(), children: <RouterServer router={router} /> })
    const path = router.state.location.pathname
    const { path: page } = splitWebview(path)
    const status = page === '/not-found' ? 404 : page === '/internal-server-error' ? 500 : response.status
    return { kind: 'page', status, html: await response.text(), lang, path, loginAccess: isLoginAccess(router.state.matches) }
  } finally {
    setServerRequest(null)
  }
}
