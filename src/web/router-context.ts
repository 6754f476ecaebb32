import type { I18n } from '@lingui/core'
import type { QueryClient } from '@tanstack/react-query'

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
