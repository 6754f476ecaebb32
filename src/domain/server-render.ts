import type { Lang } from './i18n.ts'

/**
 * The id of the element holding a page's title (the docs pages' `<header class="doc-header">`, their largest element on
 * a phone): the server holds the first paint until it is parsed (src/server/web.ts `firstPaintWaitsFor`; issue 19).
 */
export const firstPaintId = 'page-title'

/**
 * The contract between the Hono server (src/server/web.ts) and the server renderer built from src/web/entry-server.tsx
 * (issue 10). `Manifest` is TanStack Router's manifest of the client build.
 */
export interface RenderRequest<Manifest> {
  /** Path and query string of the page. */
  url: string
  /** The server's own origin, the base of the http client's requests. */
  origin: string
  hostname: string
  cookie: string | null
  /** The request's CSP nonce, written on every inline script. */
  nonce: string
  /** The client build's entry, styles and preloads (src/server/web.ts reads Vite's manifest). */
  manifest: Manifest
  /** The server answering the page's API requests in-process (`app.request`). */
  fetch: typeof globalThis.fetch
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page'
      status: number
      html: string
      lang: Lang
      path: string
      /** A login-access page (the routes say so: the `_authed` layout route): its frame only, never kept in the page cache. */
      loginAccess: boolean
      /**
       * The queries a component asked for that the route loaders had not answered (their hashes): the page went out
       * with a skeleton there. Empty on every public page (tests/server/web-serving.test.ts); the server logs any.
       */
      unanswered: string[]
    }

export interface ServerRenderer<Manifest> {
  render(request: RenderRequest<Manifest>): Promise<RenderResult>
}
