import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { clearChunkFailure } from './lib/chunk-errors.ts'
import { installGlobalErrorHandlers } from './lib/error-reporter.ts'
import { chromeQuery, maintenanceQuery, siteConfigQuery } from './features/shell/api.ts'
import { activate, savedLang } from './lib/i18n.ts'
import { createQueryClient, Providers } from './providers.tsx'
import { createAppRouter } from './router.tsx'
import './ui/tokens.css'

/**
 * Gives the browser a turn between the start-up steps: each is short, but run back to back (with the evaluation of
 * the bundle before them) they made one long task that delays the first paint and any tap on a phone.
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

// The first page waits on the catalog, the layout guard's data, the header/footer content, the code of the
// matched routes and their content: fetch them side by side now instead of one after the other (docs/performance.md).
// Failures are left to the route or component that needs the data (their own fetch reports them as before).
installGlobalErrorHandlers()
const queryClient = createQueryClient()
const lang = savedLang()
const catalog = activate(lang)
catalog.catch(() => undefined) // awaited below, where a failure still stops the start
void queryClient.prefetchQuery(maintenanceQuery(lang))
void queryClient.prefetchQuery(siteConfigQuery())
void queryClient.prefetchQuery(chromeQuery(lang))
await yieldToBrowser()

const router = createAppRouter(queryClient)
// a page that rendered without a route error proves the chunks load again (see lib/chunk-errors.ts)
router.subscribe('onResolved', () => {
  if (!router.state.matches.some((match) => match.status === 'error')) clearChunkFailure()
})
const [matchedRoutes, routeParams] = router.getMatchedRoutes(window.location.pathname)
for (const route of matchedRoutes) {
  void router.loadRouteChunk(route)?.catch(() => undefined)
  // the page's own content (docs pages: the text that is the LCP), the same query its loader and component use
  route.options.staticData?.prefetch?.(queryClient, routeParams, lang)
}
await yieldToBrowser()

/**
 * Resolves once no start-up request is in flight, or after `ms`. The first paint then shows the page's text (which
 * index.html has usually fetched already, see early-content.ts) instead of a skeleton replaced a moment later.
 */
function startupRequestsSettled(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      unsubscribe()
      resolve()
    }
    const timer = setTimeout(done, ms)
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) done()
    })
    if (queryClient.isFetching() === 0) done()
  })
}

await Promise.all([catalog, startupRequestsSettled(1_000)])

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
)
