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

const queryClient = createQueryClient()
const router = createAppRouter(queryClient)
installGlobalErrorHandlers()
// a page that rendered without a route error proves the chunks load again (see lib/chunk-errors.ts)
router.subscribe('onResolved', () => {
  if (!router.state.matches.some((match) => match.status === 'error')) clearChunkFailure()
})

// The first page waits on the catalog, the layout guard's data, the header/footer content and the code of the
// matched routes: fetch them side by side now instead of one after the other (docs/performance.md). Failures are
// left to the route or component that needs the data (their own fetch reports them as before).
const lang = savedLang()
void queryClient.prefetchQuery(maintenanceQuery(lang))
void queryClient.prefetchQuery(siteConfigQuery())
void queryClient.prefetchQuery(chromeQuery(lang))
for (const route of router.getMatchedRoutes(window.location.pathname)[0]) void router.loadRouteChunk(route)?.catch(() => undefined)

await activate(lang)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
)
