import { msg } from '@lingui/core/macro'
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { lazy, Suspense, useCallback, useState } from 'react'
import { loadChrome, maintenanceQuery, siteConfigQuery } from '@/web/features/shell/api.ts'
import { SiteChrome } from '@/web/features/shell/components/site-chrome.tsx'
import { configureErrorReporter } from '@/web/lib/error-reporter.ts'
import { runGuard, splitWebview, webviewParams } from '@/web/lib/guard.ts'
import { langOf, lazyWithCatalogs } from '@/web/lib/i18n.ts'

let reporterConfigured = false

// Loaded on first use, not with every page (docs/performance.md): the profile dropdown only renders for a
// signed-in user (with the account feature's catalog), the search dialog only once the visitor opens it.
const ProfileMenu = lazyWithCatalogs(['account'], () => import('@/web/features/account/components/profile-menu.tsx').then((m) => m.ProfileMenu))
const SearchDialog = lazy(() => import('@/web/features/search/components/search-dialog.tsx').then((m) => ({ default: m.SearchDialog })))

/**
 * The optional first segment (only the literal `webview` matches; anything else falls through to 404) and
 * the layout of every page. Its `beforeLoad` runs on every navigation: maintenance, host rules, passcode and the
 * saved query string (src/web/lib/guard.ts). Login access is the `_authed` layout's ({-$webview}/_authed.tsx).
 */
export const Route = createFileRoute('/{-$webview}')({
  params: webviewParams,
  // the site's title and description unless the page has its own (lib/head.ts), and the page's canonical address
  // (without the webview segment: the same page)
  head: ({ matches, match }) => ({
    meta: [
      { title: 'PayLab for Developers' },
      {
        name: 'description',
        content: match.context.i18n._(
          msg`PayLab for Developers: documentation, API reference and an offline sandbox of the Open Payment API for mobile payments.`,
        ),
      },
    ],
    links: [{ rel: 'canonical', href: splitWebview(matches[matches.length - 1]?.pathname ?? '/').path }],
  }),
  beforeLoad: async ({ context: { queryClient, i18n, request }, location }) => {
    const lang = langOf(i18n)
    // either call failing means "no rule": the site stays usable when the config endpoints are down
    const [maintenance, site] = await Promise.all([
      queryClient.ensureQueryData(maintenanceQuery(lang)).catch(() => null),
      queryClient.ensureQueryData(siteConfigQuery()).catch(() => null),
    ])
    if (!reporterConfigured && typeof window !== 'undefined') {
      reporterConfigured = true
      configureErrorReporter(site?.errorReportUrl ?? null)
    }
    const decision = await runGuard({
      pathname: location.pathname,
      search: location.search,
      searchStr: location.searchStr,
      maintenanceMode: maintenance?.maintenanceMode ?? false,
      site,
      hostname: request?.hostname,
    })
    if (decision.kind === 'redirect') throw redirect({ href: decision.href, replace: true })
  },
  // the header and footer of every page (the server renders them in the first answer; the browser keeps that HTML)
  loader: ({ context: { queryClient, i18n } }) => loadChrome(queryClient, langOf(i18n)),
  component: Layout,
})

/** Composes the shell with the account feature's profile dropdown and the search feature's dialog. */
function Layout() {
  const [searchOpen, setSearchOpen] = useState(false)
  const [searchUsed, setSearchUsed] = useState(false)
  const closeSearch = useCallback(() => setSearchOpen(false), [])
  return (
    <SiteChrome
      profileMenu={
        <Suspense fallback={null}>
          <ProfileMenu />
        </Suspense>
      }
      onSearch={() => {
        setSearchUsed(true)
        setSearchOpen(true)
      }}
      searchDialog={
        searchUsed && (
          <Suspense fallback={null}>
            <SearchDialog open={searchOpen} onClose={closeSearch} />
          </Suspense>
        )
      }
    >
      <Outlet />
    </SiteChrome>
  )
}
