import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { clearChunkFailure } from './lib/chunk-errors.ts'
import { installGlobalErrorHandlers } from './lib/error-reporter.ts'
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

await activate(savedLang())

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
)
