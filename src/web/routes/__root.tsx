import { useLingui } from '@lingui/react'
import { createRootRouteWithContext, HeadContent, Navigate, Outlet, Scripts } from '@tanstack/react-router'
import type { RouterContext } from '../router-context.ts'
import { catalogLoader } from '@/web/lib/i18n.ts'
import { useHydrated } from '@/web/ui/use-hydrated.ts'

/**
 * The whole document, rendered by the server and hydrated by the browser: `<html lang>` in the page's language, the
 * head tags of the matched routes (title, description, canonical link, styles) and the scripts (the entry and the
 * router's hydration data, each with the request's CSP nonce).
 */
export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({
    meta: [{ charSet: 'UTF-8' }, { name: 'viewport', content: 'width=device-width, initial-scale=1' }, { name: 'theme-color', content: '#ff0033' }],
    links: [{ rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' }],
  }),
  // the shell's and the content pages' messages, for every page (a page's route adds the catalogs of its own texts)
  loader: catalogLoader(['messages']),
  component: Document,
  // spec §2: unknown paths redirect to the 404 page (the server answers them with a redirect already).
  notFoundComponent: () => <Navigate to="/{-$webview}/not-found" replace />,
})

function Document() {
  const { i18n } = useLingui()
  // data-hydrated: the page answers input from here on (browser tests wait for it; the server's HTML has none)
  const hydrated = useHydrated()
  return (
    <html lang={i18n.locale === 'en' ? 'en' : 'ja'} data-hydrated={hydrated ? 'true' : undefined}>
      <head>
        <HeadContent />
      </head>
      <body>
        <div id="root">
          <Outlet />
        </div>
        <Scripts />
      </body>
    </html>
  )
}
