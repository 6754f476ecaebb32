import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { ProfileMenu } from '@/web/features/account/components/profile-menu.tsx'
import { SearchDialog } from '@/web/features/search/components/search-dialog.tsx'
import { maintenanceQuery, siteConfigQuery } from '@/web/features/shell/api.ts'
import { SiteChrome } from '@/web/features/shell/components/site-chrome.tsx'
import { configureErrorReporter } from '@/web/lib/error-reporter.ts'
import { runGuard } from '@/web/lib/guard.ts'
import { i18n } from '@/web/lib/i18n.ts'
import { getAccessToken } from '@/web/lib/session.tsx'

let reporterConfigured = false

/**
 * The optional first segment (only the literal `webview` matches; anything else falls through to 404) and
 * the layout of every page. Its `beforeLoad` runs on every navigation: maintenance, host rules, login access,
 * passcode and the saved query string (src/web/lib/guard.ts).
 */
export const Route = createFileRoute('/{-$webview}')({
  params: {
    parse: ({ webview }): { webview?: 'webview' } | false =>
      webview === undefined ? {} : webview === 'webview' ? { webview } : false,
    stringify: ({ webview }) => ({ webview }),
  },
  beforeLoad: async ({ context: { queryClient }, location }) => {
    const lang = i18n.locale === 'en' ? 'en' : 'ja'
    // either call failing means "no rule": the site stays usable when the config endpoints are down
    const [maintenance, site] = await Promise.all([
      queryClient.ensureQueryData(maintenanceQuery(lang)).catch(() => null),
      queryClient.ensureQueryData(siteConfigQuery()).catch(() => null),
    ])
    if (!reporterConfigured) {
      reporterConfigured = true
      configureErrorReporter(site?.errorReportUrl ?? null)
    }
    const decision = await runGuard({
      pathname: location.pathname,
      search: location.search,
      searchStr: location.searchStr,
      maintenanceMode: maintenance?.maintenanceMode ?? false,
      site,
      accessToken: getAccessToken(),
    })
    if (decision.kind === 'redirect') throw redirect({ href: decision.href, replace: true })
  },
  component: Layout,
})

/** Composes the shell with the account feature's profile dropdown and the search feature's dialog. */
function Layout() {
  const [searchOpen, setSearchOpen] = useState(false)
  const closeSearch = useCallback(() => setSearchOpen(false), [])
  return (
    <SiteChrome
      profileMenu={<ProfileMenu />}
      onSearch={() => setSearchOpen(true)}
      searchDialog={<SearchDialog open={searchOpen} onClose={closeSearch} />}
    >
      <Outlet />
    </SiteChrome>
  )
}
