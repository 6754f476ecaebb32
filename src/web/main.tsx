import { RouterClient } from '@tanstack/react-router/ssr/client'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { clearChunkFailure } from './lib/chunk-errors.ts'
import { installGlobalErrorHandlers } from './lib/error-reporter.ts'
import { saveQueryString } from './lib/guard.ts'
import { browserI18n } from './lib/i18n.ts'
import { loadSessionIfStored } from './lib/session.tsx'
import { createQueryClient } from './providers.tsx'
import { createAppRouter } from './router.tsx'
import './ui/tokens.css'

/**
 * The browser's entry: the server has rendered the page (entry-server.tsx) with the data it showed dehydrated beside
 * it; this hydrates it in the language it was rendered in, then starts the session machine.
 */
installGlobalErrorHandlers()
saveQueryString(location.search, localStorage, location.pathname) // the guard's first rule, for the page the server rendered
// the page's language; the catalogs the server rendered it with are loaded by the router's `hydrate` (router.tsx)
browserI18n.loadAndActivate({ locale: document.documentElement.lang === 'en' ? 'en' : 'ja', messages: {} })

const queryClient = createQueryClient()
// TanStack writes the request's CSP nonce into the head; the browser's router renders the same tags with it
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.content || undefined
const router = createAppRouter({ queryClient, i18n: browserI18n, nonce })
// a page that rendered without a route error proves the chunks load again (see lib/chunk-errors.ts)
router.subscribe('onResolved', () => {
  if (!router.state.matches.some((match) => match.status === 'error')) clearChunkFailure()
})

// Hydration as a transition: React yields to the browser every few milliseconds instead of hydrating the whole page in
// one long task, so a tap or a key during hydration is not held up behind it (TBT, docs/performance.md).
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RouterClient router={router} />
    </StrictMode>,
  )
})

loadSessionIfStored()
