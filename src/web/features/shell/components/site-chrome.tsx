import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useChrome } from '../api.ts'
import { useLanguage, useStoredLanguage } from '../use-language.ts'
import { Footer } from './footer.tsx'
import { Header } from './header.tsx'
import { RequestProgress } from './request-progress.tsx'
import { SaveChangesPopup } from './save-changes-popup.tsx'
import { ScrollToTop } from './scroll-to-top.tsx'
import { Toasts } from './toasts.tsx'
import '../shell.css'

export interface SiteChromeProps {
  children: ReactNode
  /** Slots filled by the layout route with other features' components. */
  profileMenu: ReactNode
  onSearch?: () => void
  searchDialog?: ReactNode
}

/** Every page's frame: progress bar, skip link, header, main, footer, scroll-to-top, app-wide popups. */
export function SiteChrome({ children, profileMenu, onSearch, searchDialog }: SiteChromeProps) {
  const { lang } = useLanguage()
  useStoredLanguage()
  // the server's HTML shows the menus and leaves their data out (issue 19): the header asks for it when a menu is used
  const { data, kept, load } = useChrome(lang)
  const menus = { id: `chrome-${lang}`, kept, load }
  return (
    <div className="shell-app">
      <RequestProgress />
      <a className="shell-skip-link" href="#main-content">
        <Trans>Skip to content</Trans>
      </a>
      <Header topMenu={data?.topMenu} menus={menus} onSearch={onSearch} profileMenu={profileMenu} />
      <main id="main-content" className="shell-main" tabIndex={-1}>
        {children}
      </main>
      <Footer data={data && data.footer} menus={menus} />
      <ScrollToTop />
      <SaveChangesPopup />
      <Toasts />
      {searchDialog}
    </div>
  )
}
